#include "api/globaltables/global_tables.h"

#include "api/descriptions.h"

namespace minnow::api::globaltables {

void write_global_table_description(const ActionContext& context, JsonWriter& w, const requests::GlobalTable& table,
                                    const char* status) {
  w.StartObject();
  w.Key("ReplicationGroup");
  w.StartArray();
  for (const std::string& region : table.regions) {
    w.StartObject();
    write_string(w, "RegionName", region);
    w.EndObject();
  }
  w.EndArray();
  // A global table's ARN names no region: it is in all of its regions.
  write_string(w, "GlobalTableArn",
               "arn:aws:dynamodb::" + std::string(context.options.account_id) + ":global-table/" + table.name);
  write_time(w, "CreationDateTime", table.created_ms);
  write_string(w, "GlobalTableStatus", status);
  write_string(w, "GlobalTableName", table.name);
  w.EndObject();
}

namespace {

void write_units(JsonWriter& w, const char* key, int64_t units) {
  w.Key(key);
  w.Int64(units);
}

}  // namespace

void write_global_table_settings(JsonWriter& w, const requests::GlobalTableSettings& settings) {
  w.StartObject();
  write_string(w, "GlobalTableName", settings.name);
  w.Key("ReplicaSettings");
  w.StartArray();
  for (const auto& [region, def] : settings.replicas) {
    const bool on_demand = def.billing_mode == engine::BillingMode::PayPerRequest;
    w.StartObject();
    write_string(w, "RegionName", region);
    write_string(w, "ReplicaStatus", "ACTIVE");
    w.Key("ReplicaBillingModeSummary");
    w.StartObject();
    write_string(w, "BillingMode", on_demand ? "PAY_PER_REQUEST" : "PROVISIONED");
    if (def.last_pay_per_request_ms) write_time(w, "LastUpdateToPayPerRequestDateTime", def.last_pay_per_request_ms);
    w.EndObject();
    write_units(w, "ReplicaProvisionedReadCapacityUnits", on_demand ? 0 : def.throughput.read_capacity_units);
    write_units(w, "ReplicaProvisionedWriteCapacityUnits", on_demand ? 0 : def.throughput.write_capacity_units);
    w.Key("ReplicaGlobalSecondaryIndexSettings");
    w.StartArray();
    for (const engine::IndexDefinition& index : def.global_indexes) {
      w.StartObject();
      write_string(w, "IndexName", index.name);
      write_string(w, "IndexStatus", "ACTIVE");
      write_units(w, "ProvisionedReadCapacityUnits", index.throughput ? index.throughput->read_capacity_units : 0);
      write_units(w, "ProvisionedWriteCapacityUnits", index.throughput ? index.throughput->write_capacity_units : 0);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

}  // namespace minnow::api::globaltables
