#include "api/tables/table_description.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <cstdio>
#include <ctime>
#include <random>

#include "api/shape.h"
#include "api/vector/vector_index_definitions.h"
#include "engine/transient_statuses.h"
#include "model/errors.h"

namespace minnow::api {

std::string stream_label(int64_t epoch_ms) {
  std::time_t seconds = static_cast<std::time_t>(epoch_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[96];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(epoch_ms % 1000));
  return text;
}

std::string new_table_id() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  unsigned char bytes[16];
  for (int i = 0; i < 16; i += 8) {
    uint64_t r = random();
    for (int j = 0; j < 8; ++j) bytes[i + j] = static_cast<unsigned char>(r >> (8 * j));
  }
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0F) | 0x40);  // version 4
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3F) | 0x80);  // RFC 4122 variant
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) id += '-';
    id += kHex[bytes[i] >> 4];
    id += kHex[bytes[i] & 0x0F];
  }
  return id;
}

void write_string(JsonWriter& w, const char* key, const std::string& value) {
  w.Key(key);
  w.String(value.data(), value.size());
}

void write_key_schema(JsonWriter& w, const std::vector<engine::KeySchemaElement>& elements) {
  w.Key("KeySchema");
  w.StartArray();
  for (const auto& e : elements) {
    w.StartObject();
    write_string(w, "AttributeName", e.attribute_name);
    w.Key("KeyType");
    w.String(e.is_hash ? "HASH" : "RANGE");
    w.EndObject();
  }
  w.EndArray();
}

void write_projection(JsonWriter& w, const engine::Projection& p) {
  w.Key("Projection");
  w.StartObject();
  write_string(w, "ProjectionType", p.type);
  if (!p.non_key_attributes.empty()) {
    w.Key("NonKeyAttributes");
    w.StartArray();
    for (const auto& a : p.non_key_attributes) w.String(a.data(), a.size());
    w.EndArray();
  }
  w.EndObject();
}

void write_time(JsonWriter& w, const char* key, int64_t ms) {
  w.Key(key);
  if (ms % 1000 == 0)
    w.Int64(ms / 1000);
  else
    w.Double(static_cast<double>(ms) / 1000.0);
}

void write_sse_description(const ActionContext& context, JsonWriter& w, const engine::SseSpecification& sse) {
  w.Key("SSEDescription");
  w.StartObject();
  write_string(w, "Status", "ENABLED");
  write_string(w, "SSEType", sse.sse_type);
  const std::string& key = sse.kms_master_key_id;
  if (!key.empty()) {
    write_string(
        w, "KMSMasterKeyArn",
        key.substr(0, 4) == "arn:" ? key : arn(context, "kms", (key.substr(0, 6) == "alias/" ? "" : "key/") + key));
  }
  w.EndObject();
}

void write_throughput(JsonWriter& w, const engine::ProvisionedThroughput& t) {
  w.Key("ProvisionedThroughput");
  w.StartObject();
  if (t.last_increase_ms) write_time(w, "LastIncreaseDateTime", t.last_increase_ms);
  if (t.last_decrease_ms) write_time(w, "LastDecreaseDateTime", t.last_decrease_ms);
  w.Key("NumberOfDecreasesToday");
  w.Int64(t.decreases_today);
  w.Key("ReadCapacityUnits");
  w.Int64(t.read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int64(t.write_capacity_units);
  w.EndObject();
}

namespace {

void write_indexes(const ActionContext& context, JsonWriter& w, const char* key, const engine::TableDefinition& def,
                   const engine::Table* table, const std::vector<engine::IndexDefinition>& indexes, bool global) {
  if (indexes.empty()) return;
  w.Key(key);
  w.StartArray();
  for (const auto& index : indexes) {
    w.StartObject();
    write_string(w, "IndexName", index.name);
    write_key_schema(w, index.key_schema);
    write_projection(w, index.projection);
    if (global) {
      write_index_status(w, index.status, index.backfilling, index.transient_until_ms != 0);
      if (index.throughput) {
        write_throughput(w, *index.throughput);
      } else {
        write_throughput(w, engine::ProvisionedThroughput{});
      }
    }
    // A transient (CREATING or DELETING) index counts nothing, as in DynamoDB Local.
    write_index_counts(context, w, def.name, index.name,
                       table && !index.transient_until_ms ? table->index_stats(index.name) : std::nullopt);
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

std::vector<engine::KeySchemaElement> key_schema_of(const JsonValue& list) {
  std::vector<engine::KeySchemaElement> elements;
  for (const auto& e : list.GetArray())
    elements.push_back({string_member(e, "AttributeName"), string_member(e, "KeyType") == "HASH"});
  return elements;
}

std::vector<engine::AttributeDefinition> attribute_definitions_of(const JsonValue& list) {
  std::vector<engine::AttributeDefinition> definitions;
  for (const auto& a : list.GetArray()) {
    const std::string type = string_member(a, "AttributeType");
    definitions.push_back({string_member(a, "AttributeName"), type == "N"   ? model::ValueType::N
                                                               : type == "B" ? model::ValueType::B
                                                                             : model::ValueType::S});
  }
  return definitions;
}

requests::RequestedProjection requested_projection(const JsonValue& projection) {
  requests::RequestedProjection p;
  if (const JsonValue* type = member(projection, "ProjectionType")) p.type = std::string(view(*type));
  if (const JsonValue* attributes = member(projection, "NonKeyAttributes")) {
    p.non_key_attributes.emplace();
    for (const auto& a : attributes->GetArray()) p.non_key_attributes->emplace_back(view(a));
  }
  return p;
}

void check_projection(const requests::RequestedProjection& projection) {
  if (!projection.type) throw model::Error(model::kProjectionTypeNull);
  const bool has_attributes = projection.non_key_attributes.has_value();
  if (has_attributes && *projection.type != "INCLUDE") throw model::non_key_attributes_without_include(*projection.type);
  if (!has_attributes && *projection.type == "INCLUDE") throw model::Error(model::kIncludeWithoutNonKeyAttributes);
  if (has_attributes) {
    std::set<std::string_view> seen;
    for (const std::string& name : *projection.non_key_attributes)
      if (!seen.insert(name).second) throw model::duplicate_non_key_attribute(name);
  }
}

void check_projection(const JsonValue& projection) { check_projection(requested_projection(projection)); }

engine::Projection projection_of(const requests::RequestedProjection& projection) {
  return {projection.type.value_or(""), projection.non_key_attributes.value_or(std::vector<std::string>{})};
}

engine::Projection read_projection(const JsonValue& projection) { return projection_of(requested_projection(projection)); }

void check_global_index_key_schema(const std::vector<engine::KeySchemaElement>& key_schema,
                                   const std::vector<std::string>& definitions) {
  std::vector<std::string> keys;
  std::vector<bool> is_hash;
  for (const auto& e : key_schema) {
    keys.push_back(e.attribute_name);
    is_hash.push_back(e.is_hash);
  }
  for (const auto& key : keys) {
    if (std::find(definitions.begin(), definitions.end(), key) == definitions.end())
      throw model::key_attributes_not_defined(keys, definitions);
  }
  if (keys.size() == 2 && keys[0] == keys[1] && is_hash[0] != is_hash[1])
    throw model::Error(model::kHashAndRangeSameName);
  if (std::count(is_hash.begin(), is_hash.end(), true) > 4) throw model::Error(model::kTooManyPartitionKeys);
  if (std::count(is_hash.begin(), is_hash.end(), false) > 4) throw model::Error(model::kTooManySortKeys);
  if (!is_hash[0]) throw model::Error(model::kFirstKeyNotHash);
  for (std::size_t i = 1; i < keys.size(); ++i)
    if (is_hash[i] && !is_hash[i - 1]) throw model::Error(model::kInvalidKeyOrder);
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = i + 1; j < keys.size(); ++j)
      if (keys[i] == keys[j]) throw model::Error(model::kDuplicateKeyName);
}

void check_global_index_key_schema(const JsonValue& key_schema, const std::vector<std::string>& definitions) {
  check_global_index_key_schema(key_schema_of(key_schema), definitions);
}

void write_index_status(JsonWriter& w, const std::string& status, bool backfilling, bool transient) {
  write_string(w, "IndexStatus", status);
  // An index in -delayTransientStatuses' CREATING shows Backfilling false before it starts.
  if (backfilling || (transient && status == "CREATING")) {
    w.Key("Backfilling");
    w.Bool(backfilling);
  }
}

void write_index_counts(const ActionContext& context, JsonWriter& w, const std::string& table_name,
                        const std::string& index_name, const std::optional<engine::IndexStats>& stats) {
  w.Key("IndexSizeBytes");
  w.Uint64(stats ? stats->size_bytes : 0);
  w.Key("ItemCount");
  w.Uint64(stats ? stats->item_count : 0);
  write_string(w, "IndexArn", table_arn(context, table_name) + "/index/" + index_name);
}

void write_table_description(const ActionContext& context, const engine::Table& table, JsonWriter& w,
                             const char* status) {
  engine::TableDefinition def = table.definition();
  engine::settle_transient_statuses(def, context.now_ms);
  write_table_description(context, def, &table, w, status);
}

void write_table_description(const ActionContext& context, const engine::TableDefinition& def,
                             const engine::Table* table, JsonWriter& w, const char* status) {
  // A restored table is CREATING while its restore is in progress (api/backups/restore.h).
  const bool restoring = def.restore && context.now_ms < def.restore->transient_until_ms;
  if (restoring && std::string_view(status) == "ACTIVE") status = "CREATING";
  w.StartObject();
  w.Key("AttributeDefinitions");
  w.StartArray();
  for (const auto& a : def.attribute_definitions) {
    w.StartObject();
    write_string(w, "AttributeName", a.name);
    w.Key("AttributeType");
    w.String(model::value_type_name(a.type));
    w.EndObject();
  }
  w.EndArray();
  write_string(w, "TableName", def.name);
  write_key_schema(w, def.key_schema_elements);
  write_string(w, "TableStatus", status);
  write_time(w, "CreationDateTime", def.creation_ms);
  write_throughput(w, def.throughput);
  w.Key("TableSizeBytes");
  w.Uint64(table ? table->size_bytes() : 0);
  w.Key("ItemCount");
  w.Uint64(table ? table->item_count() : 0);
  write_string(w, "TableArn", table_arn(context, def.name));
  write_string(w, "TableId", def.id);
  // A table that was ever on demand keeps its summary after switching back to PROVISIONED.
  bool on_demand = def.billing_mode == engine::BillingMode::PayPerRequest;
  if (on_demand || def.last_pay_per_request_ms) {
    w.Key("BillingModeSummary");
    w.StartObject();
    w.Key("BillingMode");
    w.String(on_demand ? "PAY_PER_REQUEST" : "PROVISIONED");
    if (def.last_pay_per_request_ms) write_time(w, "LastUpdateToPayPerRequestDateTime", def.last_pay_per_request_ms);
    w.EndObject();
  }
  write_indexes(context, w, "LocalSecondaryIndexes", def, table, def.local_indexes, false);
  if (def.deleting_indexes.empty()) {
    write_indexes(context, w, "GlobalSecondaryIndexes", def, table, def.global_indexes, true);
  } else {
    std::vector<engine::IndexDefinition> shown = def.global_indexes;
    shown.insert(shown.end(), def.deleting_indexes.begin(), def.deleting_indexes.end());
    write_indexes(context, w, "GlobalSecondaryIndexes", def, table, shown, true);
  }
  write_vector_indexes(context, w, def, table);
  if (def.stream.enabled) {
    w.Key("StreamSpecification");
    w.StartObject();
    w.Key("StreamEnabled");
    w.Bool(true);
    write_string(w, "StreamViewType", def.stream.view_type);
    w.EndObject();
  }
  if (!def.stream_label.empty()) {
    write_string(w, "LatestStreamLabel", def.stream_label);
    write_string(w, "LatestStreamArn", table_arn(context, def.name) + "/stream/" + def.stream_label);
  }
  if (def.table_class != "STANDARD" || def.table_class_updated_ms) {
    w.Key("TableClassSummary");
    w.StartObject();
    write_string(w, "TableClass", def.table_class);
    if (def.table_class_updated_ms) write_time(w, "LastUpdateDateTime", def.table_class_updated_ms);
    w.EndObject();
  }
  if (def.sse) write_sse_description(context, w, *def.sse);
  if (def.restore) {
    w.Key("RestoreSummary");
    w.StartObject();
    if (!def.restore->source_backup_arn.empty()) write_string(w, "SourceBackupArn", def.restore->source_backup_arn);
    write_string(w, "SourceTableArn", def.restore->source_table_arn);
    write_time(w, "RestoreDateTime", def.restore->restore_ms);
    w.Key("RestoreInProgress");
    w.Bool(restoring || std::string_view(status) == "CREATING");
    w.EndObject();
  }
  if (def.on_demand_throughput) {
    w.Key("OnDemandThroughput");
    w.StartObject();
    w.Key("MaxReadRequestUnits");
    w.Int64(def.on_demand_throughput->max_read_request_units);
    w.Key("MaxWriteRequestUnits");
    w.Int64(def.on_demand_throughput->max_write_request_units);
    w.EndObject();
  }
  w.Key("DeletionProtectionEnabled");
  w.Bool(def.deletion_protection);
  w.EndObject();
}

void check_stream_and_on_demand_settings(const JsonValue& request) {
  if (const JsonValue* stream = member(request, "StreamSpecification")) {
    bool enabled = coral_bool((*stream)["StreamEnabled"]);
    if (enabled && !member(*stream, "StreamViewType")) throw model::Error(model::kStreamViewTypeRequired);
    if (!enabled && member(*stream, "StreamViewType")) throw model::Error(model::kStreamViewTypeWithoutStream);
  }
  if (const JsonValue* limits = member(request, "OnDemandThroughput")) {
    for (const char* name : {"MaxReadRequestUnits", "MaxWriteRequestUnits"}) {
      const JsonValue* v = member(*limits, name);
      if (v && coral_long(*v) < 1 && coral_long(*v) != -1) throw model::on_demand_throughput_out_of_range(name);
    }
  }
}

}  // namespace minnow::api
