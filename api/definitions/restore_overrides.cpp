#include "api/definitions/restore_overrides.h"

#include "api/definitions/table_checks.h"
#include "api/descriptions.h"
#include "api/table_lookup.h"
#include "api/throughput_members.h"
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

std::vector<requests::IndexOverride> index_overrides(const JsonValue& list) {
  std::vector<requests::IndexOverride> overrides;
  for (const auto& given : list.GetArray()) {
    requests::IndexOverride o;
    o.name = string_member(given, "IndexName");
    o.key_schema = key_schema_of(given["KeySchema"]);
    o.projection = read_projection(given["Projection"]);  // as sent: it must match the source's
    if (const JsonValue* throughput = member(given, "ProvisionedThroughput")) o.throughput = throughput_of(*throughput);
    if (const JsonValue* limits = member(given, "OnDemandThroughput")) o.on_demand_throughput = on_demand_of(*limits);
    overrides.push_back(std::move(o));
  }
  return overrides;
}

requests::RestoreOverrides overrides_of(const JsonValue& request) {
  requests::RestoreOverrides o;
  if (const JsonValue* global = member(request, "GlobalSecondaryIndexOverride"))
    o.global_indexes = index_overrides(*global);
  if (const JsonValue* local = member(request, "LocalSecondaryIndexOverride"))
    o.local_indexes = index_overrides(*local);
  if (const JsonValue* vector = member(request, "VectorIndexOverride")) {
    o.vector_indexes.emplace();
    for (const auto& given : vector->GetArray()) o.vector_indexes->push_back(string_member(given, "IndexName"));
  }
  if (const JsonValue* mode = member(request, "BillingModeOverride"))
    o.billing_mode =
        view(*mode) == "PAY_PER_REQUEST" ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
  if (const JsonValue* throughput = member(request, "ProvisionedThroughputOverride"))
    o.throughput = throughput_of(*throughput);
  if (const JsonValue* limits = member(request, "OnDemandThroughputOverride"))
    o.on_demand_throughput = on_demand_of(*limits);
  if (const JsonValue* sse = member(request, "SSESpecificationOverride")) o.sse = sse_of(*sse);
  return o;
}

}  // namespace

requests::RestoreTableRequest decode_restore(const ActionContext& context, const JsonValue& request,
                                             engine::TableDefinition source,
                                             std::shared_ptr<const engine::StoredItems> items,
                                             engine::RestoreSummary summary) {
  requests::RestoreTableRequest r;
  r.target = std::string(view(request["TargetTableName"]));
  if (context.database.find(r.target)) throw model::table_already_exists(r.target);
  r.definition = requests::restored_definition(std::move(source), overrides_of(request));
  r.table_id = new_table_id();
  r.items = std::move(items);
  r.summary = std::move(summary);
  return r;
}

void restore_table(const ActionContext& context, requests::RestoreTableRequest request, JsonWriter& out) {
  const std::string target = request.target;
  const requests::RestoreTableResult result = requests::execute(context.requests(), std::move(request));
  if (!result.table) throw model::table_already_exists(target);
  out.StartObject();
  out.Key("TableDescription");
  write_table_description(context, result.definition, nullptr, out, "CREATING");
  out.EndObject();
}

}  // namespace minnow::api
