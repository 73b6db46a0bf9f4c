#include "api/descriptions.h"

#include <cstdio>
#include <ctime>
#include <string_view>

#include "api/table_lookup.h"
#include "engine/transient_statuses.h"

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

// What the table or index can take at once, in its status (AWS's "Warm throughput" page; a
// provisioned one shows its provisioned throughput unless WarmThroughput raised it: Minnow's
// reading, as DynamoDB Local 3.3.1 answers no WarmThroughput).
void write_warm_throughput(JsonWriter& w, const std::optional<engine::WarmThroughput>& given,
                           const engine::ProvisionedThroughput* provisioned, std::string_view status) {
  const engine::WarmThroughput at_once = engine::warm_throughput(given, provisioned);
  w.Key("WarmThroughput");
  w.StartObject();
  w.Key("ReadUnitsPerSecond");
  w.Int64(at_once.read_units_per_second);
  w.Key("WriteUnitsPerSecond");
  w.Int64(at_once.write_units_per_second);
  w.Key("Status");
  w.String(status.data(), static_cast<rapidjson::SizeType>(status.size()));
  w.EndObject();
}

// `"override": {"member": units}`, when the override is given.
void write_override(JsonWriter& w, const char* override_key, const char* member, const std::optional<int64_t>& units) {
  if (!units) return;
  w.Key(override_key);
  w.StartObject();
  w.Key(member);
  w.Int64(*units);
  w.EndObject();
}

// A replica's read overrides, as its ReplicaDescription (or one of its GSIs') shows them.
template <typename Units>
void write_read_overrides(JsonWriter& w, const Units& units) {
  write_override(w, "ProvisionedThroughputOverride", "ReadCapacityUnits", units.read_capacity_units);
  write_override(w, "OnDemandThroughputOverride", "MaxReadRequestUnits", units.max_read_request_units);
}

// The members of a ReplicaDescription that say what the replica has of its own.
void write_replica_overrides(JsonWriter& w, const engine::ReplicaOverrides& overrides) {
  write_read_overrides(w, overrides);
  if (!overrides.indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    w.StartArray();
    for (const engine::ReplicaOverrides::Index& index : overrides.indexes) {
      w.StartObject();
      write_string(w, "IndexName", index.name);
      write_read_overrides(w, index);
      w.EndObject();
    }
    w.EndArray();
  }
  if (overrides.table_class) {
    w.Key("ReplicaTableClassSummary");
    w.StartObject();
    write_string(w, "TableClass", *overrides.table_class);
    w.EndObject();
  }
}

}  // namespace

void write_on_demand_throughput(JsonWriter& w, const engine::OnDemandThroughput& limits) {
  w.Key("OnDemandThroughput");
  w.StartObject();
  w.Key("MaxReadRequestUnits");
  w.Int64(limits.max_read_request_units);
  w.Key("MaxWriteRequestUnits");
  w.Int64(limits.max_write_request_units);
  w.EndObject();
}

namespace {

const char* distance_name(minnow::vector::Distance d) {
  switch (d) {
    case minnow::vector::Distance::Euclidean:
      return "EUCLIDEAN";
    case minnow::vector::Distance::DotProduct:
      return "DOT_PRODUCT";
    case minnow::vector::Distance::Cosine:
      break;
  }
  return "COSINE";
}

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
    const engine::ProvisionedThroughput throughput = index.throughput.value_or(engine::ProvisionedThroughput{});
    if (global) {
      write_index_status(w, index.status, index.backfilling, index.transient_until_ms != 0);
      write_throughput(w, throughput);
    }
    // A transient (CREATING or DELETING) index counts nothing, as in DynamoDB Local.
    write_index_counts(context, w, def.name, index.name,
                       table && !index.transient_until_ms ? table->index_stats(index.name) : std::nullopt);
    if (global) {
      const bool on_demand = def.billing_mode == engine::BillingMode::PayPerRequest;
      write_warm_throughput(w, index.warm_throughput, on_demand ? nullptr : &throughput, index.status);
    }
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

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
  // A restored table is CREATING while its restore is in progress (api/definitions/restore_overrides.h).
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
  // A same-account global table's mode is ENABLED_WITH_OVERRIDES (AWS's TableDescription reference).
  if (!def.settings_replication_mode.empty())
    write_string(w, "GlobalTableSettingsReplicationMode", def.settings_replication_mode);
  else if (!def.replicas.empty() && !def.global_table_2017_ms)
    write_string(w, "GlobalTableSettingsReplicationMode", "ENABLED_WITH_OVERRIDES");
  if (def.global_table_2017_ms) {  // its group: DescribeGlobalTable's
    write_string(w, "GlobalTableVersion", "2017.11.29");
  } else if (!def.replicas.empty()) {  // a global table: its other regions' replicas
    write_string(w, "GlobalTableVersion", "2019.11.21");
    w.Key("Replicas");
    w.StartArray();
    for (const engine::ReplicaDefinition& replica : def.replicas) {
      w.StartObject();
      write_string(w, "RegionName", replica.region);
      write_string(w, "ReplicaStatus", replica.status);
      write_replica_overrides(w, replica.overrides);
      if (!replica.access_key.empty()) write_string(w, "GlobalTableSettingsReplicationMode", "ENABLED");
      w.EndObject();
    }
    w.EndArray();
    if (!def.witness_region.empty()) {
      w.Key("GlobalTableWitnesses");
      w.StartArray();
      w.StartObject();
      write_string(w, "RegionName", def.witness_region);
      write_string(w, "WitnessStatus", "ACTIVE");
      w.EndObject();
      w.EndArray();
    }
    write_string(w, "MultiRegionConsistency", def.strong_consistency ? "STRONG" : "EVENTUAL");
    if (!def.strong_consistency) {
      w.Key("DisassociationProtectionEnabled");
      w.Bool(def.disassociation_protection);
    }
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
  if (def.on_demand_throughput) write_on_demand_throughput(w, *def.on_demand_throughput);
  w.Key("DeletionProtectionEnabled");
  w.Bool(def.deletion_protection);
  write_warm_throughput(w, def.warm_throughput, on_demand ? nullptr : &def.throughput, status);
  w.EndObject();
}

void write_vector_index_definition(JsonWriter& w, const engine::VectorIndexDefinition& index) {
  write_string(w, "IndexName", index.name);
  w.Key("VectorAttribute");
  w.StartObject();
  write_string(w, "AttributeName", index.vector_attribute);
  w.EndObject();
  w.Key("Dimensions");
  w.Uint(index.dimensions);
  w.Key("DistanceFunction");
  w.String(distance_name(index.distance));
  if (!index.search_schema.empty()) {
    w.Key("SearchSchema");
    w.StartArray();
    for (const auto& e : index.search_schema) {
      w.StartObject();
      write_string(w, "AttributeName", e.attribute_name);
      w.Key("SearchSchemaElementType");
      w.String(e.is_hash ? "HASH" : "INLINE_FILTER");
      w.EndObject();
    }
    w.EndArray();
  }
  write_projection(w, index.projection);
}

void write_vector_indexes(const ActionContext& context, JsonWriter& w, const engine::TableDefinition& def,
                          const engine::Table* table) {
  if (def.vector_indexes.empty() && def.deleting_vector_indexes.empty()) return;
  w.Key("VectorIndexes");
  w.StartArray();
  for (const auto* list : {&def.vector_indexes, &def.deleting_vector_indexes}) {
    for (const auto& index : *list) {
      w.StartObject();
      write_vector_index_definition(w, index);
      write_index_status(w, index.status, index.backfilling, index.transient_until_ms != 0);
      // A transient (CREATING or DELETING) index counts nothing, as a GSI.
      write_index_counts(context, w, def.name, index.name,
                         table && !index.transient_until_ms ? table->vector_index_stats(index.name) : std::nullopt);
      w.EndObject();
    }
  }
  w.EndArray();
}

}  // namespace minnow::api
