#include "api/restore.h"

#include <algorithm>

#include "api/table_lookup.h"
#include "api/throughput_members.h"
#include "api/descriptions.h"
#include "model/control_errors.h"
#include "model/errors.h"

namespace minnow::api {

const char* const kRestoreOverridesShape = R"(
  "BillingModeOverride": {"type": "String", "enum": ["PROVISIONED", "PAY_PER_REQUEST"]},
  "GlobalSecondaryIndexOverride": {"type": "List", "children": {
    "type": "ValueStruct<GlobalSecondaryIndex>", "children": {
      "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                    "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
      "KeySchema": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8,
        "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
          "AttributeName": {"type": "String", "notNull": true},
          "KeyType": {"type": "String", "notNull": true, "enum": ["HASH", "RANGE"]}}}},
      "Projection": {"type": "FieldStruct<Projection>", "notNull": true, "children": {
        "ProjectionType": {"type": "String", "enum": ["ALL", "INCLUDE", "KEYS_ONLY"]},
        "NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "String"}}},
      "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
        "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
        "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
      "OnDemandThroughput": {"type": "FieldStruct<OnDemandThroughput>", "children": {
        "MaxReadRequestUnits": "Long", "MaxWriteRequestUnits": "Long"}}}}},
  "LocalSecondaryIndexOverride": {"type": "List", "children": {
    "type": "ValueStruct<LocalSecondaryIndex>", "children": {
      "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                    "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
      "KeySchema": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 2,
        "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
          "AttributeName": {"type": "String", "notNull": true},
          "KeyType": {"type": "String", "notNull": true, "enum": ["HASH", "RANGE"]}}}},
      "Projection": {"type": "FieldStruct<Projection>", "notNull": true, "children": {
        "ProjectionType": {"type": "String", "enum": ["ALL", "INCLUDE", "KEYS_ONLY"]},
        "NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "String"}}}}}},
  "ProvisionedThroughputOverride": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
    "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
    "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
  "OnDemandThroughputOverride": {"type": "FieldStruct<OnDemandThroughput>", "children": {
    "MaxReadRequestUnits": "Long", "MaxWriteRequestUnits": "Long"}},
  "SSESpecificationOverride": {"type": "FieldStruct<SSESpecification>", "children": {
    "Enabled": "Boolean",
    "SSEType": {"type": "String", "enum": ["AES256", "KMS"]},
    "KMSMasterKeyId": "String"}},
  "VectorIndexOverride": {"type": "List", "children": {"type": "ValueStruct<VectorIndex>", "children": {
    "IndexName": {"type": "String", "notNull": true}}}}
)";

namespace {

bool same_key_schema(const std::vector<engine::KeySchemaElement>& a, const JsonValue& b) {
  if (a.size() != b.Size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].attribute_name != string_member(b[i], "AttributeName") ||
        a[i].is_hash != (string_member(b[i], "KeyType") == "HASH"))
      return false;
  }
  return true;
}

bool same_projection(const engine::Projection& a, const JsonValue& b) {
  if (a.type != string_member(b, "ProjectionType")) return false;
  std::vector<std::string> names;
  if (const JsonValue* list = member(b, "NonKeyAttributes"))
    for (const auto& name : list->GetArray()) names.emplace_back(view(name));
  return names == a.non_key_attributes;
}

// The source's indexes the override names (each must match one of them), in the override's
// order, with a GSI's throughput as given.
std::vector<engine::IndexDefinition> kept_indexes(const std::vector<engine::IndexDefinition>& source,
                                                  const JsonValue& overrides, const char* kind) {
  std::vector<engine::IndexDefinition> kept;
  for (const auto& given : overrides.GetArray()) {
    const std::string name = string_member(given, "IndexName");
    auto it = std::find_if(source.begin(), source.end(), [&](const auto& index) { return index.name == name; });
    if (it == source.end() || !same_key_schema(it->key_schema, given["KeySchema"]) ||
        !same_projection(it->projection, given["Projection"]))
      throw model::restore_index_not_in_source(kind, name);
    kept.push_back(*it);
    if (const JsonValue* throughput = member(given, "ProvisionedThroughput"))
      kept.back().throughput = throughput_of(*throughput);
    if (const JsonValue* limits = member(given, "OnDemandThroughput"))
      kept.back().on_demand_throughput = on_demand_of(*limits);
  }
  return kept;
}

void apply_overrides(engine::TableDefinition& def, const JsonValue& request) {
  if (const JsonValue* global = member(request, "GlobalSecondaryIndexOverride"))
    def.global_indexes = kept_indexes(def.global_indexes, *global, "GlobalSecondaryIndexOverride");
  if (const JsonValue* local = member(request, "LocalSecondaryIndexOverride"))
    def.local_indexes = kept_indexes(def.local_indexes, *local, "LocalSecondaryIndexOverride");
  if (const JsonValue* vector = member(request, "VectorIndexOverride")) {
    std::vector<engine::VectorIndexDefinition> kept;
    for (const auto& given : vector->GetArray()) {
      const std::string name = string_member(given, "IndexName");
      auto it = std::find_if(def.vector_indexes.begin(), def.vector_indexes.end(),
                             [&](const auto& index) { return index.name == name; });
      if (it == def.vector_indexes.end()) throw model::restore_index_not_in_source("VectorIndexOverride", name);
      kept.push_back(*it);
    }
    def.vector_indexes = std::move(kept);
  }

  const bool was_on_demand = def.billing_mode == engine::BillingMode::PayPerRequest;
  if (const JsonValue* mode = member(request, "BillingModeOverride"))
    def.billing_mode =
        view(*mode) == "PAY_PER_REQUEST" ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
  const JsonValue* throughput = member(request, "ProvisionedThroughputOverride");
  if (def.billing_mode == engine::BillingMode::PayPerRequest) {
    if (throughput) throw model::Error(model::kRestoreThroughputWithPayPerRequest);
    def.throughput = {};
    for (auto& index : def.global_indexes) index.throughput.reset();
    if (const JsonValue* limits = member(request, "OnDemandThroughputOverride"))
      def.on_demand_throughput = on_demand_of(*limits);
  } else {
    if (throughput)
      def.throughput = throughput_of(*throughput);
    else if (was_on_demand)
      throw model::Error(model::kRestoreThroughputRequired);
    // Indexes of a table made PROVISIONED start with the table's throughput.
    for (auto& index : def.global_indexes)
      if (!index.throughput) index.throughput = def.throughput;
    def.on_demand_throughput.reset();
    for (auto& index : def.global_indexes) index.on_demand_throughput.reset();
  }
  if (const JsonValue* sse = member(request, "SSESpecificationOverride")) {
    const JsonValue* enabled = member(*sse, "Enabled");
    if (enabled && coral_bool(*enabled)) {
      std::string type = string_member(*sse, "SSEType");
      def.sse = engine::SseSpecification{type.empty() ? "KMS" : type, string_member(*sse, "KMSMasterKeyId")};
    } else {
      def.sse.reset();
    }
  }

  // Only the attribute definitions the remaining keys use.
  std::vector<std::string> used;
  for (const auto& e : def.key_schema_elements) used.push_back(e.attribute_name);
  for (const auto* list : {&def.local_indexes, &def.global_indexes})
    for (const auto& index : *list)
      for (const auto& e : index.key_schema) used.push_back(e.attribute_name);
  std::erase_if(def.attribute_definitions,
                [&](const auto& a) { return std::find(used.begin(), used.end(), a.name) == used.end(); });
}

// A fresh table of the source's schema: what a restore does not carry over (restore.h).
void reset_settings(engine::TableDefinition& def, const ActionContext& context, std::string name) {
  def.name = std::move(name);
  def.id = new_table_id();
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
  def.deleting_indexes.clear();
  def.deleting_vector_indexes.clear();
  def.stream = {};
  def.stream_label.clear();
  def.ttl_attribute.clear();
  def.deletion_protection = false;
  def.table_class_updated_ms = 0;
  def.tags.clear();
  def.point_in_time_recovery = {};
  def.resource_policy.reset();
  def.stream_policies.clear();
  def.contributor_insights.clear();
  def.kinesis_destinations.clear();
  def.auto_scaling.clear();
}

}  // namespace

void restore_table(const ActionContext& context, const JsonValue& request, engine::TableDefinition def,
                   const engine::StoredItems& items, engine::RestoreSummary summary, JsonWriter& out) {
  const std::string target(view(request["TargetTableName"]));
  if (context.database.find(target)) throw model::table_already_exists(target);
  apply_overrides(def, request);
  reset_settings(def, context, target);
  summary.transient_until_ms =
      context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
  def.restore = summary;
  auto table = context.database.create(def, &items);
  if (!table) throw model::table_already_exists(target);

  out.StartObject();
  out.Key("TableDescription");
  write_table_description(context, def, nullptr, out, "CREATING");
  out.EndObject();
}

}  // namespace minnow::api
