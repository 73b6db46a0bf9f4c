// UpdateTable: billing mode, provisioned throughput (table and GSIs), GSI creation and deletion,
// vector index creation and deletion (api/definitions/vector_index_definitions.h), streams,
// encryption, table class, deletion protection, on-demand limits.
//
// The order of the checks is observable:
//   1. the Shape;
//   2. decode(): dynalite's custom checks on the request alone: something to update,
//      PROVISIONED needs ProvisionedThroughput, throughput bounds, one action per
//      GlobalSecondaryIndexUpdate and one update per index, one action per VectorIndexUpdate;
//      then StreamSpecification and OnDemandThroughput on their own; every member read once into
//      requests::UpdateTableRequest (requests/update_table.h);
//   3. the table lookup (ResourceNotFoundException);
//   4. plan_update(), against the table's current definition under its lock (requests::execute),
//      in dynalite's order: throughput under PAY_PER_REQUEST, the GSI update count, each GSI
//      throughput update, GSIs left without throughput when switching to PROVISIONED, "will not
//      change"; then (beyond dynalite, as DynamoDB Local behaves) GSI creations and deletions in
//      request order, the vector index update, the stream, the rest.
// Everything is checked before anything changes: the new definition is built on a copy, under
// the table's lock, and replaces the old one only at the end. A new member: its field in the
// typed request, its lines in decode(), its step in plan_update().
//
// As DynamoDB does, the answer shows the update in progress (UPDATING, throughput still at its
// old values, a new GSI CREATING, a deleted one DELETING); Minnow applies it at once, so the next
// DescribeTable shows the result, ACTIVE. A created GSI is backfilled at once. With
// -delayTransientStatuses (engine/database.h) DescribeTable shows a created GSI CREATING, then
// Backfilling for as long as its entries take to write (engine/transient_statuses.h), then
// ACTIVE, and a deleted one DELETING, computed from the time (no timers); the engine's index is
// complete (or gone) from the start all the same, but cannot be read until ACTIVE
// (requests/index_target.h).
#include "requests/update_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "api/definitions/table_checks.h"
#include "api/definitions/vector_index_definitions.h"
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/throughput_members.h"
#include "engine/table.h"
#include "model/control_errors.h"
#include "model/errors.h"

namespace minnow::api::tables {

namespace update_table {

// dynalite's validations/updateTable.js (except that Create.ProvisionedThroughput may be absent:
// an on-demand table's new GSI has none), then the parameters added to DynamoDB since.
// A replica's own settings (ReplicaUpdates' Create and Update).
#define MINNOW_READ_OVERRIDES                                                                                  \
  R"("ProvisionedThroughputOverride": {"type": "FieldStruct<ProvisionedThroughputOverride>", "children": {)"  \
  R"("ReadCapacityUnits": {"type": "Long", "greaterThanOrEqual": 1}}},)"                                      \
  R"("OnDemandThroughputOverride": {"type": "FieldStruct<OnDemandThroughputOverride>", "children": {)"        \
  R"("MaxReadRequestUnits": "Long"}})"
#define MINNOW_REPLICA_OVERRIDES                                                                               \
  R"("KMSMasterKeyId": "String", "TableClassOverride": {"type": "String", "enum": ["STANDARD", )"             \
  R"("STANDARD_INFREQUENT_ACCESS"]}, "GlobalSecondaryIndexes": {"type": "List", "lengthGreaterThanOrEqual": 1, )" \
  R"("children": {"type": "ValueStruct<ReplicaGlobalSecondaryIndex>", "children": {)"                         \
  R"("IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+", )"                          \
  R"("lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255}, )" MINNOW_READ_OVERRIDES R"(}}}, )"         \
  MINNOW_READ_OVERRIDES

const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true},
  "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
    "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
    "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
  "BillingMode": {"type": "String", "enum": ["PROVISIONED", "PAY_PER_REQUEST"]},
  "GlobalSecondaryIndexUpdates": {"type": "List", "children": {
    "type": "ValueStruct<GlobalSecondaryIndexUpdate>", "children": {
      "Update": {"type": "FieldStruct<UpdateGlobalSecondaryIndexAction>", "children": {
        "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                      "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
        "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "notNull": true, "children": {
          "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
          "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}}}},
      "Create": {"type": "FieldStruct<CreateGlobalSecondaryIndexAction>", "children": {
        "Projection": {"type": "FieldStruct<Projection>", "notNull": true, "children": {
          "ProjectionType": {"type": "String", "enum": ["ALL", "INCLUDE", "KEYS_ONLY"]},
          "NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255}}}},
        "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                      "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
        "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
          "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
          "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
        "OnDemandThroughput": {"type": "FieldStruct<OnDemandThroughput>", "children": {
          "MaxReadRequestUnits": "Long", "MaxWriteRequestUnits": "Long"}},
        "WarmThroughput": {"type": "FieldStruct<WarmThroughput>", "children": {
          "ReadUnitsPerSecond": "Long", "WriteUnitsPerSecond": "Long"}},
        "KeySchema": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8,
          "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
            "AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
            "KeyType": {"type": "String", "notNull": true}}}}}},
      "Delete": {"type": "FieldStruct<DeleteGlobalSecondaryIndexAction>", "children": {
        "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                      "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255}}}}}},
  "AttributeDefinitions": {"type": "List", "children": {
    "type": "ValueStruct<AttributeDefinition>", "children": {
      "AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
      "AttributeType": {"type": "String", "notNull": true, "enum": ["B", "N", "S"]}}}},
  "StreamSpecification": {"type": "FieldStruct<StreamSpecification>", "children": {
    "StreamEnabled": {"type": "Boolean", "notNull": true},
    "StreamViewType": {"type": "String", "enum": ["NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"]}}},
  "SSESpecification": {"type": "FieldStruct<SSESpecification>", "children": {
    "Enabled": "Boolean",
    "SSEType": {"type": "String", "enum": ["AES256", "KMS"]},
    "KMSMasterKeyId": "String"}},
  "TableClass": {"type": "String", "enum": ["STANDARD", "STANDARD_INFREQUENT_ACCESS"]},
  "DeletionProtectionEnabled": "Boolean",
  "OnDemandThroughput": {"type": "FieldStruct<OnDemandThroughput>", "children": {
    "MaxReadRequestUnits": "Long", "MaxWriteRequestUnits": "Long"}},
  "WarmThroughput": {"type": "FieldStruct<WarmThroughput>", "children": {
    "ReadUnitsPerSecond": "Long", "WriteUnitsPerSecond": "Long"}},
  "ReplicaUpdates": {"type": "List", "children": {
    "type": "ValueStruct<ReplicationGroupUpdate>", "children": {
      "Create": {"type": "FieldStruct<CreateReplicationGroupMemberAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}, )" MINNOW_REPLICA_OVERRIDES R"(}},
      "Update": {"type": "FieldStruct<UpdateReplicationGroupMemberAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}, )" MINNOW_REPLICA_OVERRIDES R"(}},
      "Delete": {"type": "FieldStruct<DeleteReplicationGroupMemberAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}}},
      "Disassociate": {"type": "FieldStruct<DisassociateReplicationGroupMemberAction>", "children": {
        "RegionName": {"type": "String", "notNull": true},
        "DisassociationMode": {"type": "String", "notNull": true, "enum": ["WAIT_FOR_REPLICATION"]}}}}}},
  "DisassociationProtectionEnabled": "Boolean",
  "GlobalTableSettingsReplicationMode": {"type": "String", "enum": ["ENABLED", "DISABLED", "ENABLED_WITH_OVERRIDES"]},
  "MultiRegionConsistency": {"type": "String", "enum": ["EVENTUAL", "STRONG"]},
  "GlobalTableWitnessUpdates": {"type": "List", "children": {
    "type": "ValueStruct<GlobalTableWitnessGroupUpdate>", "children": {
      "Create": {"type": "FieldStruct<CreateGlobalTableWitnessGroupMemberAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}}},
      "Delete": {"type": "FieldStruct<DeleteGlobalTableWitnessGroupMemberAction>", "children": {
        "RegionName": {"type": "String", "notNull": true}}}}}},
  )" MINNOW_SHAPE_VECTOR_INDEX_UPDATES R"(
})");

constexpr int64_t kMaxCapacityUnits = 1000000000000;
constexpr std::size_t kMaxIndexUpdates = 5;
constexpr std::size_t kMaxGlobalIndexes = 20;
constexpr int64_t kMsPerDay = 24 * 60 * 60 * 1000;

template <typename T>
bool contains(const std::vector<T>& values, const T& value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

// ---- The decoder: the request alone, then the table -----------------------------------------

requests::ThroughputUnits throughput_units(const JsonValue& throughput) {
  return {coral_long(throughput["ReadCapacityUnits"]), coral_long(throughput["WriteCapacityUnits"])};
}

// One GlobalSecondaryIndexUpdates element; its index name is its first action's.
requests::GlobalSecondaryIndexUpdate index_update(const JsonValue& update, std::string& name) {
  if ((member(update, "Update") ? 1 : 0) + (member(update, "Create") ? 1 : 0) + (member(update, "Delete") ? 1 : 0) > 1)
    throw model::Error(model::kIndexUpdateOneAction);
  requests::GlobalSecondaryIndexUpdate u;
  if (const JsonValue* action = member(update, "Update"))
    u.update = {string_member(*action, "IndexName"), throughput_units((*action)["ProvisionedThroughput"])};
  if (const JsonValue* action = member(update, "Create")) {
    requests::GlobalSecondaryIndexUpdate::Create& c = u.create.emplace();
    c.index_name = string_member(*action, "IndexName");
    c.key_schema = key_schema_of((*action)["KeySchema"]);
    c.projection = requested_projection((*action)["Projection"]);
    if (const JsonValue* throughput = member(*action, "ProvisionedThroughput"))
      c.throughput = throughput_units(*throughput);
    if (const JsonValue* limits = member(*action, "OnDemandThroughput")) c.on_demand_throughput = on_demand_of(*limits);
    if (const JsonValue* warm = member(*action, "WarmThroughput")) c.warm_throughput = warm_of(*warm);
  }
  if (const JsonValue* action = member(update, "Delete")) u.delete_index = string_member(*action, "IndexName");
  if (u.update)
    name = u.update->index_name;
  else if (u.create)
    name = u.create->index_name;
  else if (u.delete_index)
    name = *u.delete_index;
  else
    throw model::Error(model::kIndexUpdateActionRequired);
  return u;
}

// A *Override member's read units, into `units`.
template <typename Units>
void decode_read_overrides(const JsonValue& json, Units& units) {
  if (const JsonValue* provisioned = member(json, "ProvisionedThroughputOverride"))
    if (const JsonValue* read = member(*provisioned, "ReadCapacityUnits")) units.read_capacity_units = coral_long(*read);
  if (const JsonValue* on_demand = member(json, "OnDemandThroughputOverride"))
    if (const JsonValue* read = member(*on_demand, "MaxReadRequestUnits")) units.max_read_request_units = coral_long(*read);
}

// A Create's or Update's own settings for its replica; an index named twice is taken once, its
// last values winning.
engine::ReplicaOverrides decode_overrides(const JsonValue& action) {
  engine::ReplicaOverrides overrides;
  decode_read_overrides(action, overrides);
  if (const JsonValue* table_class = member(action, "TableClassOverride")) overrides.table_class = std::string(view(*table_class));
  if (const JsonValue* indexes = member(action, "GlobalSecondaryIndexes")) {
    for (const auto& index : indexes->GetArray()) {
      engine::ReplicaOverrides::Index given{string_member(index, "IndexName"), std::nullopt, std::nullopt};
      decode_read_overrides(index, given);
      engine::merge_overrides(overrides, engine::ReplicaOverrides{std::nullopt, std::nullopt, {given}, std::nullopt});
    }
  }
  return overrides;
}

// ReplicaUpdates (global tables version 2019.11.21): one action per element, one element per
// region; MultiRegionConsistency with Create actions only, and one witness created with it.
// A witness deleted goes with a replica deleted (checked against the table, requests/replicas).
std::vector<requests::ReplicaUpdate> decode_replica_updates(const JsonValue& json, const JsonValue& updates,
                                                            int64_t now_ms, requests::UpdateTableRequest& r) {
  using Kind = requests::ReplicaUpdate::Kind;
  constexpr std::pair<const char*, Kind> kActions[] = {
      {"Create", Kind::Create}, {"Update", Kind::Update}, {"Delete", Kind::Delete}, {"Disassociate", Kind::Disassociate}};
  std::vector<requests::ReplicaUpdate> out;
  for (const auto& update : updates.GetArray()) {
    const JsonValue* action = nullptr;
    requests::ReplicaUpdate u;
    for (const auto& [name, kind] : kActions) {
      if (const JsonValue* given = member(update, name)) {
        if (action) throw model::Error(model::kReplicaUpdateOneAction);
        action = given;
        u.kind = kind;
      }
    }
    if (!action) throw model::Error(model::kReplicaUpdateActionRequired);
    if (u.kind == Kind::Disassociate && updates.Size() > 1) throw model::Error(model::kDisassociateAlone);
    u.region = string_member(*action, "RegionName");
    u.overrides = decode_overrides(*action);
    if (u.kind == Kind::Create) {
      u.table_id = new_table_id();
      u.stream_label = stream_label(now_ms);
    }
    for (const requests::ReplicaUpdate& earlier : out)
      if (earlier.region == u.region) throw model::duplicate_replica_update(u.region);
    out.push_back(std::move(u));
  }
  if (const JsonValue* witnesses = member(json, "GlobalTableWitnessUpdates"); witnesses && !witnesses->Empty()) {
    if (witnesses->Size() > 1) throw model::Error(model::kOneWitnessUpdate);
    const JsonValue& witness = (*witnesses)[0];
    if (const JsonValue* deleted = member(witness, "Delete")) {
      if (member(witness, "Create")) throw model::Error(model::kWitnessUpdateOneAction);
      r.witness_deleted = string_member(*deleted, "RegionName");
    } else if (const JsonValue* created = member(witness, "Create")) {
      r.witness_region = string_member(*created, "RegionName");
    } else {
      throw model::Error(model::kWitnessUpdateOneAction);
    }
  }
  if (const JsonValue* consistency = member(json, "MultiRegionConsistency")) {
    if (std::any_of(out.begin(), out.end(), [](const auto& u) { return u.kind != Kind::Create; }))
      throw model::Error(model::kStrongConsistencyNeedsCreate);
    r.strong_consistency = view(*consistency) == "STRONG";
  }
  if (!r.witness_region.empty() && !r.strong_consistency) throw model::Error(model::kStrongConsistencyShape);
  return out;
}

requests::UpdateTableRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::UpdateTableRequest r;
  const JsonValue* index_updates = member(json, "GlobalSecondaryIndexUpdates");
  const JsonValue* vector_updates = member(json, "VectorIndexUpdates");
  const JsonValue* replica_updates = member(json, "ReplicaUpdates");
  bool something = (index_updates && !index_updates->Empty()) || (vector_updates && !vector_updates->Empty());
  for (const char* name : {"ProvisionedThroughput", "BillingMode", "SSESpecification", "StreamSpecification",
                           "TableClass", "DeletionProtectionEnabled", "OnDemandThroughput", "WarmThroughput",
                           "GlobalTableSettingsReplicationMode"}) {
    something = something || member(json, name);
  }
  const bool replicas = replica_updates && !replica_updates->Empty();
  const JsonValue* protection = member(json, "DisassociationProtectionEnabled");
  if (!something && !replicas && !protection) throw model::Error(model::kNothingToUpdate);
  if (protection && (something || replicas)) throw model::Error(model::kDisassociationProtectionAlone);
  if (protection) r.disassociation_protection = coral_bool(*protection);
  if (something && replicas) throw model::Error(model::kReplicaUpdatesAlone);

  if (const JsonValue* v = member(json, "BillingMode"))
    r.billing_mode =
        view(*v) == "PAY_PER_REQUEST" ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
  if (const JsonValue* mode = member(json, "GlobalTableSettingsReplicationMode")) {
    if (view(*mode) == "ENABLED_WITH_OVERRIDES") throw model::Error(model::kSettingsReplicationModeValue);
    r.settings_replication_mode = std::string(view(*mode));
  }
  const JsonValue* throughput = member(json, "ProvisionedThroughput");
  if (r.billing_mode == engine::BillingMode::Provisioned && !throughput)
    throw model::Error(model::kThroughputRequiredForProvisionedUpdate);
  if (throughput) {
    for (const char* name : {"ReadCapacityUnits", "WriteCapacityUnits"}) {
      const JsonValue& v = (*throughput)[name];
      if (coral_long(v) > kMaxCapacityUnits) throw model::throughput_out_of_bounds(coral_long_text(v), name);
    }
    r.throughput = throughput_units(*throughput);
  }
  if (index_updates) {
    std::vector<std::string> names;
    for (const auto& update : index_updates->GetArray()) {
      std::string name;
      r.index_updates.push_back(index_update(update, name));
      if (contains(names, name)) throw model::duplicate_index_update(name);
      names.push_back(std::move(name));
    }
  }
  r.vector_index_updates = decode_vector_index_updates(vector_updates);
  check_stream_and_on_demand_settings(json);

  if (const JsonValue* v = member(json, "AttributeDefinitions")) r.attribute_definitions = attribute_definitions_of(*v);
  if (const JsonValue* v = member(json, "StreamSpecification"))
    r.stream = engine::StreamSpecification{coral_bool((*v)["StreamEnabled"]), string_member(*v, "StreamViewType")};
  if (const JsonValue* v = member(json, "SSESpecification")) {
    requests::SseUpdate& sse = r.sse.emplace();
    if (const JsonValue* enabled = member(*v, "Enabled")) sse.enabled = coral_bool(*enabled);
    if (const JsonValue* type = member(*v, "SSEType")) sse.sse_type = std::string(view(*type));
    if (const JsonValue* key = member(*v, "KMSMasterKeyId")) sse.kms_master_key_id = std::string(view(*key));
  }
  if (const JsonValue* v = member(json, "TableClass")) r.table_class = std::string(view(*v));
  if (const JsonValue* v = member(json, "DeletionProtectionEnabled")) r.deletion_protection = coral_bool(*v);
  if (const JsonValue* v = member(json, "OnDemandThroughput")) {
    requests::OnDemandUpdate& o = r.on_demand_throughput.emplace();
    if (const JsonValue* units = member(*v, "MaxReadRequestUnits")) o.max_read_request_units = coral_long(*units);
    if (const JsonValue* units = member(*v, "MaxWriteRequestUnits")) o.max_write_request_units = coral_long(*units);
  }
  if (const JsonValue* v = member(json, "WarmThroughput")) r.warm_throughput = warm_of(*v);
  if (replicas) r.replica_updates = decode_replica_updates(json, *replica_updates, context.now_ms, r);

  r.table = find_table(context, json, /*table_operation=*/true);
  return r;
}

// ---- The plan: the checks and changes against the table's current definition ----------------

engine::IndexDefinition* find_index(std::vector<engine::IndexDefinition>& indexes, const std::string& name) {
  for (auto& index : indexes) {
    if (index.name == name) return &index;
  }
  return nullptr;
}

// A completed decrease: DynamoDB counts them per UTC day.
void count_decrease(engine::ProvisionedThroughput& t, int64_t now_ms) {
  if (t.last_decrease_ms / kMsPerDay != now_ms / kMsPerDay) t.decreases_today = 0;
  t.last_decrease_ms = now_ms;
  ++t.decreases_today;
}

// Applies a throughput change to `next` (values, LastIncrease/DecreaseDateTime,
// NumberOfDecreasesToday) and returns what the answer shows: the old values with the new times.
engine::ProvisionedThroughput change_throughput(engine::ProvisionedThroughput& next,
                                                const requests::ThroughputUnits& requested, int64_t now_ms,
                                                bool show_new_values) {
  const int64_t read = requested.read;
  const int64_t write = requested.write;
  int64_t read_diff = read - next.read_capacity_units;
  int64_t write_diff = write - next.write_capacity_units;
  if (read_diff == 0 && write_diff == 0)
    throw model::throughput_unchanged(next.read_capacity_units, read, next.write_capacity_units, write);
  bool increase = read_diff > 0 || write_diff > 0;
  bool decrease = read_diff < 0 || write_diff < 0;
  engine::ProvisionedThroughput shown = next;
  if (increase) shown.last_increase_ms = next.last_increase_ms = now_ms;
  if (decrease) shown.last_decrease_ms = now_ms;
  if (show_new_values) {
    shown.read_capacity_units = read;
    shown.write_capacity_units = write;
  }
  // Once done: a pure decrease counts; a mixed change keeps its decrease time (as dynalite).
  if (decrease && !increase)
    count_decrease(next, now_ms);
  else if (decrease)
    next.last_decrease_ms = now_ms;
  next.read_capacity_units = read;
  next.write_capacity_units = write;
  return shown;
}

std::vector<std::string> definition_names(const engine::TableDefinition& def) {
  std::vector<std::string> names;
  for (const auto& a : def.attribute_definitions) names.push_back(a.name);
  return names;
}

// A GSI to create: checked like CreateTable's GSIs, against the merged attribute definitions.
engine::IndexDefinition new_index(const requests::GlobalSecondaryIndexUpdate::Create& create,
                                  const engine::TableDefinition& next, bool on_demand,
                                  const std::optional<std::vector<engine::AttributeDefinition>>& requested) {
  const std::string& name = create.index_name;
  // The new key's attributes are defined in this request's AttributeDefinitions, even those the
  // table already defines; checked before the key's form (DynamoDB Local says "No Attribute
  // Schema Defined" when the request has none).
  for (const auto& e : create.key_schema) {
    const bool defined = requested && std::any_of(requested->begin(), requested->end(),
                                                  [&](const auto& a) { return a.name == e.attribute_name; });
    if (defined) continue;
    const model::Error error = model::attribute_not_defined(e.attribute_name);
    if (requested) throw error;
    throw model::Error(error.code(), error.message(), model::kNoAttributeSchema.message);
  }
  std::vector<std::string> definitions = definition_names(next);
  check_global_index_key_schema(create.key_schema, definitions);
  check_projection(create.projection);
  if (on_demand && create.throughput) throw model::index_throughput_with_pay_per_request(name);
  if (!on_demand && !create.throughput) throw model::index_throughput_required(name);
  if (has_index_named(next, name)) throw model::Error(model::kIndexAlreadyExists);

  engine::IndexDefinition index;
  index.name = name;
  index.key_schema = create.key_schema;
  index.projection = projection_of(create.projection);
  if (create.throughput) {
    engine::ProvisionedThroughput t;
    t.read_capacity_units = create.throughput->read;
    t.write_capacity_units = create.throughput->write;
    index.throughput = t;
  }
  index.on_demand_throughput = create.on_demand_throughput;
  index.warm_throughput = create.warm_throughput;
  return index;
}

// Attribute definitions serve keys and search schemas only: keep those one still uses.
void drop_unused_definitions(engine::TableDefinition& def) {
  std::vector<std::string> used = search_schema_attributes(def);
  auto use = [&](const std::vector<engine::KeySchemaElement>& keys) {
    for (const auto& k : keys) used.push_back(k.attribute_name);
  };
  use(def.key_schema_elements);
  for (const auto& index : def.local_indexes) use(index.key_schema);
  for (const auto& index : def.global_indexes) use(index.key_schema);
  std::erase_if(def.attribute_definitions, [&](const auto& a) { return !contains(used, a.name); });
}

requests::UpdateTablePlan plan_update(const ActionContext& context, const requests::UpdateTableRequest& request,
                                      const engine::TableDefinition& current) {
  const int64_t now = context.now_ms;
  requests::UpdateTablePlan out{current, current};
  engine::TableDefinition& next = out.next;
  engine::TableDefinition& shown = out.shown;
  bool table_updating = false;

  const bool was_on_demand = current.billing_mode == engine::BillingMode::PayPerRequest;
  const bool on_demand =
      request.billing_mode ? *request.billing_mode == engine::BillingMode::PayPerRequest : was_on_demand;
  const bool to_on_demand = on_demand && !was_on_demand;
  const bool to_provisioned = !on_demand && was_on_demand;
  if (request.throughput && on_demand) throw model::Error(model::kThroughputWithPayPerRequest);

  // GSI throughput updates, as dynalite's getThroughputUpdates.
  if (request.index_updates.size() > kMaxIndexUpdates) throw model::Error(model::kTooManyIndexUpdates);
  // "You can create or delete only one global secondary index per UpdateTable operation" (its
  // API reference); DynamoDB answers a second with the same limit error.
  if (std::count_if(request.index_updates.begin(), request.index_updates.end(),
                    [](const auto& u) { return u.create || u.delete_index; }) > 1) {
    throw model::Error(model::kTooManyIndexUpdates);
  }
  std::vector<const requests::GlobalSecondaryIndexUpdate::Update*> index_throughputs;
  for (const auto& update : request.index_updates) {
    if (!update.update) continue;
    const requests::GlobalSecondaryIndexUpdate::Update& action = *update.update;
    if (action.throughput.read > kMaxCapacityUnits || action.throughput.write > kMaxCapacityUnits)
      throw model::Error(model::kIndexUpdateBlocked);
    if (!find_index(next.global_indexes, action.index_name)) throw model::Error(model::kGlobalIndexNotFound);
    if (on_demand) throw model::index_throughput_with_pay_per_request(action.index_name);
    index_throughputs.push_back(&action);
  }
  if (to_provisioned) {
    std::string missing;
    for (const auto& index : current.global_indexes) {
      bool given = std::any_of(index_throughputs.begin(), index_throughputs.end(),
                               [&](const auto* u) { return u->index_name == index.name; });
      if (!given) missing += (missing.empty() ? "" : ",") + index.name;
    }
    if (!missing.empty()) throw model::index_throughput_required(missing);
  }

  if (request.throughput) {
    // Leaving PAY_PER_REQUEST, the new values show at once; otherwise only when done.
    shown.throughput = change_throughput(next.throughput, *request.throughput, now, to_provisioned);
    table_updating = true;
  }
  for (const auto* action : index_throughputs) {
    engine::IndexDefinition* index = find_index(next.global_indexes, action->index_name);
    engine::ProvisionedThroughput t = index->throughput.value_or(engine::ProvisionedThroughput{});
    engine::ProvisionedThroughput shown_t = change_throughput(t, action->throughput, now, to_provisioned);
    index->throughput = t;
    engine::IndexDefinition* shown_index = find_index(shown.global_indexes, action->index_name);
    shown_index->throughput = shown_t;
    shown_index->status = "UPDATING";
  }

  if (to_on_demand) {
    next.billing_mode = shown.billing_mode = engine::BillingMode::PayPerRequest;
    next.last_pay_per_request_ms = now;
    next.throughput.read_capacity_units = next.throughput.write_capacity_units = 0;
    next.throughput.last_decrease_ms = 0;
    shown.throughput = next.throughput;
    shown.throughput.last_decrease_ms = now;
    // The GSIs' capacity drops to zero too, counted as a decrease once done (as dynalite).
    for (std::size_t i = 0; i < next.global_indexes.size(); ++i) {
      engine::ProvisionedThroughput t = next.global_indexes[i].throughput.value_or(engine::ProvisionedThroughput{});
      t.read_capacity_units = t.write_capacity_units = 0;
      shown.global_indexes[i].throughput = t;
      shown.global_indexes[i].status = "UPDATING";
      count_decrease(t, now);
      next.global_indexes[i].throughput = t;
    }
    table_updating = true;
  } else if (to_provisioned) {
    next.billing_mode = shown.billing_mode = engine::BillingMode::Provisioned;
    next.on_demand_throughput.reset();
    shown.on_demand_throughput.reset();
  }
  if (request.on_demand_throughput && on_demand) {
    engine::OnDemandThroughput o = next.on_demand_throughput.value_or(engine::OnDemandThroughput{});
    if (request.on_demand_throughput->max_read_request_units)
      o.max_read_request_units = *request.on_demand_throughput->max_read_request_units;
    if (request.on_demand_throughput->max_write_request_units)
      o.max_write_request_units = *request.on_demand_throughput->max_write_request_units;
    next.on_demand_throughput = shown.on_demand_throughput = o;
  }

  // GSI creations and deletions, in request order.
  if (request.attribute_definitions) {
    for (const auto& a : *request.attribute_definitions) {
      auto it = std::find_if(next.attribute_definitions.begin(), next.attribute_definitions.end(),
                             [&](const auto& d) { return d.name == a.name; });
      if (it == next.attribute_definitions.end())
        next.attribute_definitions.push_back(a);
      else if (it->type != a.type)
        throw model::Error(model::kAttributeTypeRedefined);
    }
  }
  std::vector<engine::IndexDefinition> created;
  const bool delay = context.database.options().delay_transient_statuses;
  for (const auto& update : request.index_updates) {
    if (update.create) {
      engine::IndexDefinition index = new_index(*update.create, next, on_demand, request.attribute_definitions);
      if (delay) {
        index.status = "CREATING";
        index.backfill_from_ms = now + engine::kTransientPhaseMs;
        index.transient_until_ms = now + 2 * engine::kTransientPhaseMs;
      }
      created.push_back(index);
      next.global_indexes.push_back(std::move(index));
      if (next.global_indexes.size() > kMaxGlobalIndexes) throw model::Error(model::kTooManyGlobalIndexes);
      table_updating = true;
    } else if (update.delete_index) {
      const std::string& name = *update.delete_index;
      engine::IndexDefinition* deleted = find_index(next.global_indexes, name);
      if (!deleted) throw model::Error(model::kResourceNotFound);
      if (delay) {
        engine::IndexDefinition gone = *deleted;
        gone.status = "DELETING";
        gone.backfilling = false;
        gone.backfill_from_ms = 0;
        gone.transient_until_ms = now + engine::kTransientPhaseMs;
        next.deleting_indexes.push_back(std::move(gone));
      }
      std::erase_if(next.global_indexes, [&](const auto& index) { return index.name == name; });
      find_index(shown.global_indexes, name)->status = "DELETING";
      table_updating = true;
    }
  }
  if (plan_vector_index_updates(request.vector_index_updates, now, delay, next, shown)) table_updating = true;
  drop_unused_definitions(next);
  shown.attribute_definitions = next.attribute_definitions;
  for (auto& index : created) {
    index.status = "CREATING";
    shown.global_indexes.push_back(std::move(index));
  }

  if (request.stream) {
    if (request.stream->enabled) {
      if (current.stream.enabled) throw model::Error(model::kStreamAlreadyEnabled);
      next.stream = *request.stream;
      next.stream_label = stream_label(now);
    } else {
      if (!current.stream.enabled) throw model::Error(model::kNoStreamToDisable);
      next.stream = {};
    }
    shown.stream = next.stream;
    shown.stream_label = next.stream_label;
    table_updating = true;
  }
  if (request.sse) {
    const requests::SseUpdate& sse = *request.sse;
    if (sse.enabled && !*sse.enabled) {
      next.sse.reset();
    } else if (sse.enabled || next.sse) {
      engine::SseSpecification s = next.sse.value_or(engine::SseSpecification{"KMS", ""});
      if (sse.sse_type) s.sse_type = *sse.sse_type;
      if (sse.kms_master_key_id) s.kms_master_key_id = *sse.kms_master_key_id;
      next.sse = s;
    }
    shown.sse = next.sse;
    table_updating = true;
  }
  if (request.table_class && *request.table_class != current.table_class) {
    next.table_class = shown.table_class = *request.table_class;
    next.table_class_updated_ms = shown.table_class_updated_ms = now;
    table_updating = true;
  }
  if (request.deletion_protection) next.deletion_protection = shown.deletion_protection = *request.deletion_protection;
  if (request.settings_replication_mode) {  // a table of its own's (AWS's UpdateTable reference)
    if (!current.replicas.empty()) throw model::Error(model::kSettingsReplicationModeOnGlobalTable);
    next.settings_replication_mode = shown.settings_replication_mode = *request.settings_replication_mode;
  }
  if (request.warm_throughput) {
    // Each rate given replaces the one the table had; the one not given stays.
    engine::WarmThroughput warm = next.warm_throughput.value_or(engine::WarmThroughput{});
    if (request.warm_throughput->read_units_per_second)
      warm.read_units_per_second = request.warm_throughput->read_units_per_second;
    if (request.warm_throughput->write_units_per_second)
      warm.write_units_per_second = request.warm_throughput->write_units_per_second;
    next.warm_throughput = shown.warm_throughput = warm;
  }

  out.updating = table_updating;
  return out;
}

void update_table(const ActionContext& context, requests::UpdateTableRequest request, JsonWriter& writer) {
  if (request.disassociation_protection) {  // alone in its request (decode)
    const engine::TableDefinition shown =
        requests::set_disassociation_protection(context.requests(), *request.table, *request.disassociation_protection);
    writer.StartObject();
    writer.Key("TableDescription");
    write_table_description(context, shown, request.table.get(), writer, "ACTIVE");
    writer.EndObject();
    return;
  }
  if (!request.replica_updates.empty()) {  // alone in its request (decode)
    // Disassociate's WAIT_FOR_REPLICATION: what the other regions sent is here before it leaves.
    if (request.replica_updates.front().kind == requests::ReplicaUpdate::Kind::Disassociate &&
        context.options.drain_replication)
      context.options.drain_replication();
    const engine::TableDefinition shown = requests::execute(
        context.requests(), requests::ReplicaUpdatesRequest{request.table, std::move(request.replica_updates),
                                                            request.strong_consistency, request.witness_region,
                                                            request.witness_deleted});
    writer.StartObject();
    writer.Key("TableDescription");
    write_table_description(context, shown, request.table.get(), writer, "UPDATING");
    writer.EndObject();
    return;
  }
  const requests::UpdateTableResult result =
      requests::execute(context.requests(), request,
                        [&](const requests::UpdateTableRequest& r, const engine::TableDefinition& current) {
                          return plan_update(context, r, current);
                        });
  writer.StartObject();
  writer.Key("TableDescription");
  write_table_description(context, result.shown, request.table.get(), writer, result.updating ? "UPDATING" : "ACTIVE");
  writer.EndObject();
}

}  // namespace update_table

const Action kUpdateTable{"UpdateTable", &update_table::kShape, update_table::decode, update_table::update_table};

}  // namespace minnow::api::tables
