#include "requests/restore.h"

#include <algorithm>

#include "model/control_errors.h"
#include "model/errors.h"

namespace minnow::requests {

namespace {

bool same_key_schema(const std::vector<engine::KeySchemaElement>& a, const std::vector<engine::KeySchemaElement>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.attribute_name == y.attribute_name && x.is_hash == y.is_hash;
  });
}

// The source's indexes the override names (each must match one of them), in the override's
// order, with a GSI's throughput as given.
std::vector<engine::IndexDefinition> kept_indexes(const std::vector<engine::IndexDefinition>& source,
                                                  const std::vector<IndexOverride>& overrides, const char* kind) {
  std::vector<engine::IndexDefinition> kept;
  for (const IndexOverride& given : overrides) {
    auto it = std::find_if(source.begin(), source.end(), [&](const auto& index) { return index.name == given.name; });
    if (it == source.end() || !same_key_schema(it->key_schema, given.key_schema) ||
        it->projection.type != given.projection.type ||
        it->projection.non_key_attributes != given.projection.non_key_attributes)
      throw model::restore_index_not_in_source(kind, given.name);
    kept.push_back(*it);
    if (given.throughput) kept.back().throughput = given.throughput;
    if (given.on_demand_throughput) kept.back().on_demand_throughput = given.on_demand_throughput;
  }
  return kept;
}

std::vector<engine::VectorIndexDefinition> kept_vector_indexes(const std::vector<engine::VectorIndexDefinition>& source,
                                                               const std::vector<std::string>& names) {
  std::vector<engine::VectorIndexDefinition> kept;
  for (const std::string& name : names) {
    auto it = std::find_if(source.begin(), source.end(), [&](const auto& index) { return index.name == name; });
    if (it == source.end()) throw model::restore_index_not_in_source("VectorIndexOverride", name);
    kept.push_back(*it);
  }
  return kept;
}

void apply_billing(engine::TableDefinition& def, const RestoreOverrides& overrides) {
  const bool was_on_demand = def.billing_mode == engine::BillingMode::PayPerRequest;
  if (overrides.billing_mode) def.billing_mode = *overrides.billing_mode;
  if (def.billing_mode == engine::BillingMode::PayPerRequest) {
    if (overrides.throughput) throw model::Error(model::kRestoreThroughputWithPayPerRequest);
    def.throughput = {};
    for (auto& index : def.global_indexes) index.throughput.reset();
    if (overrides.on_demand_throughput) def.on_demand_throughput = overrides.on_demand_throughput;
    return;
  }
  if (overrides.throughput)
    def.throughput = *overrides.throughput;
  else if (was_on_demand)
    throw model::Error(model::kRestoreThroughputRequired);
  // Indexes of a table made PROVISIONED start with the table's throughput.
  for (auto& index : def.global_indexes)
    if (!index.throughput) index.throughput = def.throughput;
  def.on_demand_throughput.reset();
  for (auto& index : def.global_indexes) index.on_demand_throughput.reset();
}

// Only the attribute definitions the remaining keys use.
void trim_attribute_definitions(engine::TableDefinition& def) {
  std::vector<std::string> used;
  for (const auto& e : def.key_schema_elements) used.push_back(e.attribute_name);
  for (const auto* list : {&def.local_indexes, &def.global_indexes})
    for (const auto& index : *list)
      for (const auto& e : index.key_schema) used.push_back(e.attribute_name);
  std::erase_if(def.attribute_definitions,
                [&](const auto& a) { return std::find(used.begin(), used.end(), a.name) == used.end(); });
}

// A fresh table of the source's schema: what a restore does not carry over (restore.h).
void reset_settings(engine::TableDefinition& def, const Context& context, const RestoreTableRequest& request) {
  def.name = request.target;
  def.id = request.table_id;
  def.creation_ms = context.now_ms;
  def.last_pay_per_request_ms = def.billing_mode == engine::BillingMode::PayPerRequest ? context.now_ms : 0;
  def.throughput = {def.throughput.read_capacity_units, def.throughput.write_capacity_units};
  for (auto& index : def.global_indexes) {
    if (index.throughput)
      index.throughput =
          engine::ProvisionedThroughput{index.throughput->read_capacity_units, index.throughput->write_capacity_units};
    index.status = "ACTIVE";
    index.backfilling = false;
    index.backfill_from_ms = index.transient_until_ms = 0;
  }
  engine::drop_own_settings(def);  // a restored global table is a table of its own too
  def.stream = {};
  def.stream_label.clear();
  def.ttl_attribute.clear();
  def.table_class_updated_ms = 0;
}

}  // namespace

engine::TableDefinition restored_definition(engine::TableDefinition def, const RestoreOverrides& overrides) {
  if (overrides.global_indexes)
    def.global_indexes = kept_indexes(def.global_indexes, *overrides.global_indexes, "GlobalSecondaryIndexOverride");
  if (overrides.local_indexes)
    def.local_indexes = kept_indexes(def.local_indexes, *overrides.local_indexes, "LocalSecondaryIndexOverride");
  if (overrides.vector_indexes) def.vector_indexes = kept_vector_indexes(def.vector_indexes, *overrides.vector_indexes);
  apply_billing(def, overrides);
  if (overrides.sse) def.sse = *overrides.sse;
  trim_attribute_definitions(def);
  return def;
}

RestoreTableResult execute(const Context& context, RestoreTableRequest request) {
  RestoreTableResult result;
  result.definition = std::move(request.definition);
  reset_settings(result.definition, context, request);
  request.summary.transient_until_ms =
      context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
  result.definition.restore = request.summary;
  result.table = context.database.create(result.definition, request.items.get());
  return result;
}

}  // namespace minnow::requests
