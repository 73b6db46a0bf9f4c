#include "api/definitions/create_table_request.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

#include "api/definitions/table_checks.h"
#include "api/definitions/vector_index_definitions.h"
#include "api/descriptions.h"
#include "api/policy_document.h"
#include "api/table_lookup.h"
#include "api/tag_list.h"
#include "api/throughput_members.h"
#include "engine/table.h"
#include "model/errors.h"
#include "model/limits.h"
#include "requests/tables.h"

namespace minnow::api {

// dynalite's validations/createTable.js, then the parameters added to DynamoDB since.
const Shape kCreateTableShape(R"({
  "AttributeDefinitions": {"type": "List", "notNull": true, "notNullUnless": "GlobalTableSourceArn", "children": {
    "type": "ValueStruct<AttributeDefinition>", "children": {
      "AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
      "AttributeType": {"type": "String", "notNull": true, "enum": ["B", "N", "S"]}}}},
  "TableName": {"type": "String", "required": true, "tableName": true},
  "BillingMode": {"type": "String", "enum": ["PROVISIONED", "PAY_PER_REQUEST"]},
  "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
    "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
    "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
  "KeySchema": {"type": "List", "notNull": true, "notNullUnless": "GlobalTableSourceArn", "lengthGreaterThanOrEqual": 1,
    "lengthLessThanOrEqual": 2, "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
      "AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
      "KeyType": {"type": "String", "notNull": true, "enum": ["HASH", "RANGE"]}}}},
  "LocalSecondaryIndexes": {"type": "List", "children": {
    "type": "ValueStruct<LocalSecondaryIndex>", "children": {
      "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                    "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
      "KeySchema": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 2,
        "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
          "AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
          "KeyType": {"type": "String", "notNull": true}}}},
      "Projection": {"type": "FieldStruct<Projection>", "notNull": true, "children": {
        "ProjectionType": {"type": "String", "enum": ["ALL", "INCLUDE", "KEYS_ONLY"]},
        "NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255}}}}}}},
  "GlobalSecondaryIndexes": {"type": "List", "children": {
    "type": "ValueStruct<GlobalSecondaryIndex>", "children": {
      "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                    "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
      "KeySchema": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8,
        "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
          "AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
          "KeyType": {"type": "String", "notNull": true}}}},
      "Projection": {"type": "FieldStruct<Projection>", "notNull": true, "children": {
        "ProjectionType": {"type": "String", "enum": ["ALL", "INCLUDE", "KEYS_ONLY"]},
        "NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255}}}},
      "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
        "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
        "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
      "OnDemandThroughput": {"type": "FieldStruct<OnDemandThroughput>", "children": {
        "MaxReadRequestUnits": "Long", "MaxWriteRequestUnits": "Long"}},
      "WarmThroughput": {"type": "FieldStruct<WarmThroughput>", "children": {
        "ReadUnitsPerSecond": "Long", "WriteUnitsPerSecond": "Long"}}}}},
  "StreamSpecification": {"type": "FieldStruct<StreamSpecification>", "children": {
    "StreamEnabled": {"type": "Boolean", "notNull": true},
    "StreamViewType": {"type": "String", "enum": ["NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"]}}},
  "SSESpecification": {"type": "FieldStruct<SSESpecification>", "children": {
    "Enabled": "Boolean",
    "SSEType": {"type": "String", "enum": ["AES256", "KMS"]},
    "KMSMasterKeyId": "String"}},
  "Tags": {"type": "List", "children": {"type": "ValueStruct<Tag>", "children": {
    "Key": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 128},
    "Value": {"type": "String", "notNull": true, "lengthLessThanOrEqual": 256}}}},
  "TableClass": {"type": "String", "enum": ["STANDARD", "STANDARD_INFREQUENT_ACCESS"]},
  "DeletionProtectionEnabled": "Boolean",
  "OnDemandThroughput": {"type": "FieldStruct<OnDemandThroughput>", "children": {
    "MaxReadRequestUnits": "Long", "MaxWriteRequestUnits": "Long"}},
  "WarmThroughput": {"type": "FieldStruct<WarmThroughput>", "children": {
    "ReadUnitsPerSecond": "Long", "WriteUnitsPerSecond": "Long"}},
  "ResourcePolicy": "String",
  "GlobalTableSourceArn": "String",
  "GlobalTableSettingsReplicationMode": {"type": "String", "enum": ["ENABLED", "DISABLED", "ENABLED_WITH_OVERRIDES"]},
  )" MINNOW_SHAPE_VECTOR_INDEXES R"(
})");

// Named, not anonymous: in a unity build this file's helpers meet others' of the same name.
namespace create_table_request {

constexpr int64_t kMaxCapacityUnits = 1000000000000;
constexpr std::size_t kMaxLocalIndexes = 5;
constexpr std::size_t kMaxGlobalIndexes = 20;

// ---- Reading values the Shape has type-checked (Coral's conversions) -------------------------

std::vector<std::string> attribute_names(const JsonValue& list) {
  std::vector<std::string> names;
  for (const auto& element : list.GetArray()) names.push_back(string_member(element, "AttributeName"));
  return names;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// ---- dynalite's custom checks -------------------------------------------------------------

void check_throughput_bounds(const JsonValue& throughput) {
  const JsonValue* read = member(throughput, "ReadCapacityUnits");
  const JsonValue* write = member(throughput, "WriteCapacityUnits");
  if (read && coral_long(*read) > kMaxCapacityUnits)
    throw model::throughput_out_of_bounds(coral_long_text(*read), "ReadCapacityUnits");
  if (write && coral_long(*write) > kMaxCapacityUnits)
    throw model::throughput_out_of_bounds(coral_long_text(*write), "WriteCapacityUnits");
}

// The checks an index's key schema and projection share, LSI or GSI, in dynalite's order.
void check_index_keys(const JsonValue& index, const std::vector<std::string>& definitions) {
  const JsonValue& key_schema = index["KeySchema"];
  std::vector<std::string> keys = attribute_names(key_schema);
  for (const auto& key : keys) {
    if (!contains(definitions, key)) throw model::key_attributes_not_defined(keys, definitions);
  }
  if (keys.size() > 1 && keys[0] == keys[1]) throw model::Error(model::kHashAndRangeSameName);
  if (string_member(key_schema[0], "KeyType") != "HASH") throw model::Error(model::kFirstKeyNotHash);
  if (keys.size() > 1 && string_member(key_schema[1], "KeyType") != "RANGE")
    throw model::Error(model::kSecondKeyNotRange);
}

void check_unique_name(const JsonValue& index, std::vector<std::string>& names) {
  std::string name = string_member(index, "IndexName");
  if (contains(names, name)) throw model::duplicate_index_name(name);
  names.push_back(name);
}

void check_definition(const JsonValue& request) {
  const JsonValue* billing_mode = member(request, "BillingMode");
  const bool on_demand = billing_mode && view(*billing_mode) == "PAY_PER_REQUEST";
  const JsonValue* throughput = member(request, "ProvisionedThroughput");
  if (on_demand) {
    if (throughput) throw model::Error(model::kThroughputWithPayPerRequest);
  } else {
    if (!throughput || !member(*throughput, "ReadCapacityUnits") || !member(*throughput, "WriteCapacityUnits") ||
        coral_long((*throughput)["ReadCapacityUnits"]) == 0 || coral_long((*throughput)["WriteCapacityUnits"]) == 0)
      throw model::Error(model::kThroughputRequiredForProvisioned);
    check_throughput_bounds(*throughput);
  }

  const JsonValue& key_schema = request["KeySchema"];
  std::vector<std::string> definitions = attribute_names(request["AttributeDefinitions"]);
  // A repeated definition is named before any count of keys against definitions.
  std::set<std::string_view> defined;
  for (const auto& name : definitions)
    if (!defined.insert(name).second) throw model::duplicate_attribute_definition(name);
  std::vector<std::string> keys = attribute_names(key_schema);
  if (keys.size() > definitions.size()) throw model::Error(model::kKeySchemaAttributeWithoutDefinition);
  for (const auto& key : keys) {
    if (!contains(definitions, key)) throw model::key_attributes_not_defined(keys, definitions);
  }
  if (keys.size() > 1 && keys[0] == keys[1]) throw model::Error(model::kHashAndRangeSameName);
  if (string_member(key_schema[0], "KeyType") != "HASH") throw model::Error(model::kFirstKeyNotHash);
  if (keys.size() > 1 && string_member(key_schema[1], "KeyType") != "RANGE")
    throw model::Error(model::kSecondKeyNotRange);

  const JsonValue* local = member(request, "LocalSecondaryIndexes");
  const JsonValue* global = member(request, "GlobalSecondaryIndexes");
  const JsonValue* vectors = member(request, "VectorIndexes");
  if (!local && !global && !vectors && keys.size() != definitions.size())
    throw model::Error(model::kKeySchemaAttributeCountMismatch);

  std::vector<std::string> index_names;
  if (local) {
    if (local->Empty()) throw model::index_list_empty("LocalSecondaryIndexes");
    if (keys.size() != 2) throw model::Error(model::kTableWithoutRangeKeyForLsi);
    for (const auto& index : local->GetArray()) {
      check_index_keys(index, definitions);
      std::string name = string_member(index, "IndexName");
      if (index["KeySchema"].Size() != 2) throw model::index_without_range_key(name);
      std::string index_hash = string_member(index["KeySchema"][0], "AttributeName");
      if (index_hash != keys[0]) throw model::lsi_hash_key_mismatch(name, index_hash, keys[0]);
      check_projection(index["Projection"]);
      check_unique_name(index, index_names);
    }
    if (local->Size() > kMaxLocalIndexes) throw model::Error(model::kTooManyLocalIndexes);
  }
  if (global) {
    if (global->Empty()) throw model::index_list_empty("GlobalSecondaryIndexes");
    for (const auto& index : global->GetArray()) {
      check_global_index_key_schema(index["KeySchema"], definitions);
      check_projection(index["Projection"]);
      std::string name = string_member(index, "IndexName");
      if (on_demand && member(index, "ProvisionedThroughput")) throw model::index_throughput_with_pay_per_request(name);
      // dynalite lets this through; DynamoDB (and DynamoDB Local) refuse it.
      if (!on_demand && !member(index, "ProvisionedThroughput")) throw model::index_throughput_required(name);
      check_unique_name(index, index_names);
    }
    if (global->Size() > kMaxGlobalIndexes) throw model::Error(model::kTooManyGlobalIndexes);
  }
  {
    std::size_t projected = 0;
    for (const JsonValue* list : {local, global}) {
      if (!list) continue;
      for (const auto& index : list->GetArray())
        if (const JsonValue* names = member(index["Projection"], "NonKeyAttributes")) projected += names->Size();
    }
    if (projected > model::kMaxProjectedNonKeyAttributes) throw model::Error(model::kTooManyProjectedAttributes);
  }

  // What dynalite predates, as DynamoDB Local checks it (without indexes, the count check above
  // already covers it).
  if (local || global || vectors) {
    std::vector<std::string> used = keys;
    for (const JsonValue* list : {local, global}) {
      if (!list) continue;
      for (const auto& index : list->GetArray()) {
        for (const auto& key : attribute_names(index["KeySchema"])) {
          if (!contains(used, key)) used.push_back(key);
        }
      }
    }
    // A search schema attribute uses its definition; one without is refused with the vector
    // index's checks.
    if (vectors) {
      for (const auto& index : vectors->GetArray()) {
        const JsonValue* schema = member(index, "SearchSchema");
        for (const auto& key : schema ? attribute_names(*schema) : std::vector<std::string>{})
          if (contains(definitions, key) && !contains(used, key)) used.push_back(key);
      }
    }
    if (used.size() != definitions.size()) throw model::attribute_definitions_unused(definitions, used);
  }
  check_stream_and_on_demand_settings(request);
}

// ---- Building the definition --------------------------------------------------------------

engine::IndexDefinition index_of(const JsonValue& index) {
  engine::IndexDefinition definition;
  definition.name = string_member(index, "IndexName");
  definition.key_schema = key_schema_of(index["KeySchema"]);
  definition.projection = read_projection(index["Projection"]);
  if (const JsonValue* throughput = member(index, "ProvisionedThroughput"))
    definition.throughput = throughput_of(*throughput);
  if (const JsonValue* limits = member(index, "OnDemandThroughput")) definition.on_demand_throughput = on_demand_of(*limits);
  if (const JsonValue* warm = member(index, "WarmThroughput")) definition.warm_throughput = warm_of(*warm);
  return definition;
}

// What a table has of its own, given or not a source: encryption, tags, deletion protection, policy.
void read_own_settings(const ActionContext& context, const JsonValue& request, engine::TableDefinition& def) {
  if (const JsonValue* sse = member(request, "SSESpecification")) def.sse = sse_of(*sse);
  if (const JsonValue* tags = member(request, "Tags")) def.tags = decode_tags(*tags);
  if (const JsonValue* protection = member(request, "DeletionProtectionEnabled"))
    def.deletion_protection = coral_bool(*protection);
  if (const JsonValue* policy = member(request, "ResourcePolicy"))
    def.resource_policy = new_policy(context, std::string(view(*policy)));
}

engine::TableDefinition definition_of(const ActionContext& context, const JsonValue& request) {
  engine::TableDefinition def;
  def.name = table_name_of(view(request["TableName"]));
  def.id = new_table_id();
  def.creation_ms = context.now_ms;
  def.attribute_definitions = attribute_definitions_of(request["AttributeDefinitions"]);
  def.key_schema_elements = key_schema_of(request["KeySchema"]);
  auto type_of = [&](const std::string& name) {
    for (const auto& a : def.attribute_definitions) {
      if (a.name == name) return a.type;
    }
    return model::ValueType::S;  // unreachable: check_definition found every key defined
  };
  def.key_schema.hash = {def.key_schema_elements[0].attribute_name, type_of(def.key_schema_elements[0].attribute_name)};
  if (def.key_schema_elements.size() > 1)
    def.key_schema.range = model::KeyAttribute{def.key_schema_elements[1].attribute_name,
                                               type_of(def.key_schema_elements[1].attribute_name)};

  const JsonValue* billing_mode = member(request, "BillingMode");
  if (billing_mode && view(*billing_mode) == "PAY_PER_REQUEST") {
    def.billing_mode = engine::BillingMode::PayPerRequest;
    def.last_pay_per_request_ms = context.now_ms;
    if (const JsonValue* limits = member(request, "OnDemandThroughput"))
      def.on_demand_throughput = on_demand_of(*limits);
  } else {
    def.throughput = throughput_of(request["ProvisionedThroughput"]);
  }
  if (const JsonValue* warm = member(request, "WarmThroughput")) def.warm_throughput = warm_of(*warm);
  if (const JsonValue* local = member(request, "LocalSecondaryIndexes")) {
    for (const auto& index : local->GetArray()) def.local_indexes.push_back(index_of(index));
  }
  if (const JsonValue* global = member(request, "GlobalSecondaryIndexes")) {
    for (const auto& index : global->GetArray()) def.global_indexes.push_back(index_of(index));
  }
  if (const JsonValue* stream = member(request, "StreamSpecification")) {
    if (coral_bool((*stream)["StreamEnabled"])) {
      def.stream = {true, string_member(*stream, "StreamViewType")};
      def.stream_label = stream_label(context.now_ms);
    }
  }
  if (const JsonValue* table_class = member(request, "TableClass")) def.table_class = std::string(view(*table_class));
  if (const JsonValue* mode = member(request, "GlobalTableSettingsReplicationMode")) {
    if (view(*mode) == "ENABLED_WITH_OVERRIDES") throw model::Error(model::kSettingsReplicationModeValue);
    def.settings_replication_mode = std::string(view(*mode));
  }
  read_own_settings(context, request, def);
  return def;
}

// A table created from a GlobalTableSourceArn: the settings the source gives are not given.
const char* const kSourceGivenMembers[] = {
    "AttributeDefinitions", "KeySchema",      "LocalSecondaryIndexes", "GlobalSecondaryIndexes",
    "BillingMode",          "ProvisionedThroughput", "OnDemandThroughput", "WarmThroughput",
    "StreamSpecification",  "TableClass",     "VectorIndexes"};

// "arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME" as its region and name.
requests::ReplicaSource source_of(std::string_view arn) {
  std::vector<std::string_view> parts;
  for (std::size_t from = 0; parts.size() < 5;) {
    const std::size_t colon = arn.find(':', from);
    if (colon == std::string_view::npos) break;
    parts.push_back(arn.substr(from, colon - from));
    from = colon + 1;
    if (parts.size() == 5) parts.push_back(arn.substr(from));
  }
  constexpr std::string_view kTable = "table/";
  if (parts.size() != 6 || parts[0] != "arn" || parts[2] != "dynamodb" || parts[3].empty() ||
      !parts[5].starts_with(kTable) || parts[5].size() == kTable.size() ||
      parts[5].find('/', kTable.size()) != std::string_view::npos)
    throw model::source_arn_invalid(std::string(arn));
  return {std::string(parts[3]), std::string(parts[5].substr(kTable.size()))};
}

requests::CreateTableRequest decode_from_source(const ActionContext& context, const JsonValue& request,
                                                const JsonValue& arn) {
  for (const char* name : kSourceGivenMembers)
    if (member(request, name)) throw model::member_with_source_arn(name);
  const JsonValue* mode = member(request, "GlobalTableSettingsReplicationMode");
  if (!mode || view(*mode) != "ENABLED") throw model::Error(model::kSourceNeedsEnabledMode);
  engine::TableDefinition def;
  def.name = table_name_of(view(request["TableName"]));
  def.id = new_table_id();
  def.creation_ms = context.now_ms;
  def.stream_label = stream_label(context.now_ms);
  read_own_settings(context, request, def);
  return {std::move(def), source_of(view(arn))};
}

// CreateTable's VectorIndexes, each checked against the table with the ones before it.
void add_vector_indexes(const JsonValue& request, engine::TableDefinition& def) {
  const JsonValue* vectors = member(request, "VectorIndexes");
  if (!vectors) return;
  if (vectors->Empty()) throw model::index_list_empty("VectorIndexes");
  for (const auto& v : vectors->GetArray()) {
    engine::VectorIndexDefinition index = read_vector_index(v);
    if (has_index_named(def, index.name)) throw model::duplicate_index_name(index.name);
    check_new_vector_index(index, def);
    def.vector_indexes.push_back(std::move(index));
  }
}

}  // namespace create_table_request

requests::CreateTableRequest decode_create_table(const ActionContext& context, const JsonValue& json) {
  using namespace create_table_request;
  if (const JsonValue* source = member(json, "GlobalTableSourceArn")) return decode_from_source(context, json, *source);
  check_definition(json);
  requests::CreateTableRequest r{definition_of(context, json)};
  add_vector_indexes(json, r.definition);
  return r;
}

}  // namespace minnow::api
