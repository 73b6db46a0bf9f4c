#include "api/backups/backups.h"

#include <cstdio>
#include <memory>
#include <random>

#include "api/table_lookup.h"
#include "api/descriptions.h"
#include "engine/transient_statuses.h"
#include "model/control_errors.h"

namespace minnow::api::backups {

std::string new_backup_arn(const ActionContext& context, const std::string& table_name, int64_t creation_ms) {
  thread_local std::mt19937 random{std::random_device{}()};
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, "%014lld-%08x", static_cast<long long>(creation_ms),
                static_cast<unsigned>(random()));
  return table_arn(context, table_name) + "/backup/" + suffix;
}

int64_t backup_arn_time(const std::string& arn) {
  const std::size_t at = arn.rfind("/backup/");
  if (at == std::string::npos || arn.size() < at + 8 + 14) return -1;
  int64_t ms = 0;
  for (std::size_t i = at + 8; i < at + 8 + 14; ++i) {
    if (arn[i] < '0' || arn[i] > '9') return -1;
    ms = ms * 10 + (arn[i] - '0');
  }
  return ms;
}

engine::Backup find_backup(const ActionContext& context, const JsonValue& request) {
  const std::string arn(view(request["BackupArn"]));
  std::optional<engine::Backup> backup = context.database.backups().find(arn, context.now_ms);
  if (!backup) throw model::backup_not_found(arn);
  return std::move(*backup);
}

engine::Backup make_backup(const ActionContext& context, const engine::Table& table, std::string name,
                           const char* type) {
  engine::TableSnapshot snapshot = table.snapshot();
  engine::settle_transient_statuses(snapshot.definition, context.now_ms);
  engine::Backup backup;
  backup.arn = new_backup_arn(context, table.name(), context.now_ms);
  backup.name = std::move(name);
  backup.type = type;
  backup.creation_ms = context.now_ms;
  backup.available_ms =
      context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
  backup.table_arn = table_arn(context, table.name());
  backup.size_bytes = snapshot.size_bytes;
  backup.item_count = snapshot.items.size();
  backup.table = std::move(snapshot.definition);
  backup.items = std::make_shared<const engine::StoredItems>(std::move(snapshot.items));
  return backup;
}

void keep_deleted_table(const ActionContext& context, const engine::Table& table) {
  constexpr int64_t kSystemBackupDays = 35;
  engine::Backup backup = make_backup(context, table, table.name() + "$DeletedTableBackup", "SYSTEM");
  backup.expiry_ms = context.now_ms + kSystemBackupDays * engine::kMillisPerDay;
  context.database.backups().add(std::move(backup));
}

bool backup_creating(const engine::Backup& backup, int64_t now_ms) { return now_ms < backup.available_ms; }

void write_backup_details(JsonWriter& out, const engine::Backup& backup, int64_t now_ms, const char* status) {
  out.Key("BackupDetails");
  out.StartObject();
  write_string(out, "BackupArn", backup.arn);
  write_string(out, "BackupName", backup.name);
  out.Key("BackupSizeBytes");
  out.Uint64(backup.size_bytes);
  out.Key("BackupStatus");
  out.String(status ? status : backup_creating(backup, now_ms) ? "CREATING" : "AVAILABLE");
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

void write_on_demand(JsonWriter& out, const engine::OnDemandThroughput& limits) {
  out.Key("OnDemandThroughput");
  out.StartObject();
  out.Key("MaxReadRequestUnits");
  out.Int64(limits.max_read_request_units);
  out.Key("MaxWriteRequestUnits");
  out.Int64(limits.max_write_request_units);
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
  if (def.on_demand_throughput) write_on_demand(out, *def.on_demand_throughput);
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
      if (index.on_demand_throughput) write_on_demand(out, *index.on_demand_throughput);
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
