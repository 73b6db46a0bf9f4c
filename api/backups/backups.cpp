#include "api/backups/backups.h"

#include <memory>

#include "api/table_lookup.h"
#include "api/descriptions.h"
#include "model/control_errors.h"

namespace minnow::api::backups {



engine::Backup find_backup(const ActionContext& context, const JsonValue& request) {
  const std::string arn(view(request["BackupArn"]));
  std::optional<engine::Backup> backup = requests::execute(context.requests(), requests::DescribeBackupRequest{arn});
  if (!backup) throw model::backup_not_found(arn);
  return std::move(*backup);
}




void write_backup_details(JsonWriter& out, const engine::Backup& backup, int64_t now_ms, const char* status) {
  out.Key("BackupDetails");
  out.StartObject();
  write_string(out, "BackupArn", backup.arn);
  write_string(out, "BackupName", backup.name);
  out.Key("BackupSizeBytes");
  out.Uint64(backup.size_bytes);
  out.Key("BackupStatus");
  out.String(status ? status : requests::backup_creating(backup, now_ms) ? "CREATING" : "AVAILABLE");
  write_string(out, "BackupType", backup.type);
  write_time(out, "BackupCreationDateTime", backup.creation_ms);
  if (backup.expiry_ms) write_time(out, "BackupExpiryDateTime", backup.expiry_ms);
  out.EndObject();
}

namespace {

void write_capacity(JsonWriter& out, const engine::ProvisionedThroughput& throughput) {
  out.Key("ProvisionedThroughput");
  out.StartObject();
  out.Key("ReadCapacityUnits");
  out.Int64(throughput.read_capacity_units);
  out.Key("WriteCapacityUnits");
  out.Int64(throughput.write_capacity_units);
  out.EndObject();
}

void write_source_table_details(const ActionContext& context, JsonWriter& out, const engine::Backup& backup) {
  const engine::TableDefinition& def = backup.table;
  const bool on_demand = def.billing_mode == engine::BillingMode::PayPerRequest;
  out.Key("SourceTableDetails");
  out.StartObject();
  write_string(out, "TableName", def.name);
  write_string(out, "TableId", def.id);
  write_string(out, "TableArn", backup.table_arn);
  out.Key("TableSizeBytes");
  out.Uint64(backup.size_bytes);
  write_key_schema(out, def.key_schema_elements);
  write_time(out, "TableCreationDateTime", def.creation_ms);
  write_capacity(out, def.throughput);
  if (def.on_demand_throughput) write_on_demand_throughput(out, *def.on_demand_throughput);
  out.Key("ItemCount");
  out.Uint64(backup.item_count);
  out.Key("BillingMode");
  out.String(on_demand ? "PAY_PER_REQUEST" : "PROVISIONED");
  out.EndObject();
}

void write_source_table_features(const ActionContext& context, JsonWriter& out, const engine::TableDefinition& def) {
  out.Key("SourceTableFeatureDetails");
  out.StartObject();
  if (!def.local_indexes.empty()) {
    out.Key("LocalSecondaryIndexes");
    out.StartArray();
    for (const auto& index : def.local_indexes) {
      out.StartObject();
      write_string(out, "IndexName", index.name);
      write_key_schema(out, index.key_schema);
      write_projection(out, index.projection);
      out.EndObject();
    }
    out.EndArray();
  }
  if (!def.global_indexes.empty()) {
    out.Key("GlobalSecondaryIndexes");
    out.StartArray();
    for (const auto& index : def.global_indexes) {
      out.StartObject();
      write_string(out, "IndexName", index.name);
      write_key_schema(out, index.key_schema);
      write_projection(out, index.projection);
      write_capacity(out, index.throughput.value_or(engine::ProvisionedThroughput{}));
      if (index.on_demand_throughput) write_on_demand_throughput(out, *index.on_demand_throughput);
      out.EndObject();
    }
    out.EndArray();
  }
  if (def.stream.enabled) {
    out.Key("StreamDescription");
    out.StartObject();
    out.Key("StreamEnabled");
    out.Bool(true);
    write_string(out, "StreamViewType", def.stream.view_type);
    out.EndObject();
  }
  out.Key("TimeToLiveDescription");
  out.StartObject();
  write_string(out, "TimeToLiveStatus", def.ttl_attribute.empty() ? "DISABLED" : "ENABLED");
  if (!def.ttl_attribute.empty()) write_string(out, "AttributeName", def.ttl_attribute);
  out.EndObject();
  if (def.sse) write_sse_description(context, out, *def.sse);
  out.EndObject();
}

}  // namespace

void write_backup_description(const ActionContext& context, JsonWriter& out, const engine::Backup& backup,
                              const char* status) {
  out.StartObject();
  write_backup_details(out, backup, context.now_ms, status);
  write_source_table_details(context, out, backup);
  write_source_table_features(context, out, backup.table);
  out.EndObject();
}

}  // namespace minnow::api::backups
