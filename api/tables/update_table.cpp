// UpdateTable: billing mode, provisioned throughput (table and GSIs), GSI creation and deletion,
// vector index creation and deletion (api/vector/vector_index_definitions.h), streams,
// encryption, table class, deletion protection, on-demand limits.
//
// The order of the checks is observable:
//   1. the Shape;
//   2. dynalite's custom checks: something to update, PROVISIONED needs ProvisionedThroughput,
//      throughput bounds, one action per GlobalSecondaryIndexUpdate and one update per index;
//      then StreamSpecification and OnDemandThroughput on their own;
//   3. the table lookup (ResourceNotFoundException);
//   4. against the table, in dynalite's order: throughput under PAY_PER_REQUEST, the GSI update
//      count, each GSI throughput update, GSIs left without throughput when switching to
//      PROVISIONED, "will not change"; then (beyond dynalite, as DynamoDB Local behaves) GSI
//      creations and deletions in request order, the vector index update, the stream, the rest.
// Everything is checked before anything changes: the new definition is built on a copy, under
// the table's lock, and replaces the old one only at the end.
//
// As DynamoDB does, the answer shows the update in progress (UPDATING, throughput still at its
// old values, a new GSI CREATING, a deleted one DELETING); Minnow applies it at once, so the next
// DescribeTable shows the result, ACTIVE. A created GSI is backfilled at once. With
// -delayTransientStatuses (engine/database.h) DescribeTable shows a created GSI CREATING, then
// Backfilling, then ACTIVE, and a deleted one DELETING, computed from the time (no timers); the
// engine's index is complete (or gone) from the start all the same.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "api/operations.h"
#include "api/tables/table_description.h"
#include "api/vector/vector_index_definitions.h"
#include "engine/table.h"
#include "model/errors.h"

namespace minnow::api::tables {

namespace {

// dynalite's validations/updateTable.js (except that Create.ProvisionedThroughput may be absent:
// an on-demand table's new GSI has none), then the parameters added to DynamoDB since.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true, "regex": "[a-zA-Z0-9_.-]+"},
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
          "NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "String"}}},
        "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                      "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
        "ProvisionedThroughput": {"type": "FieldStruct<ProvisionedThroughput>", "children": {
          "WriteCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1},
          "ReadCapacityUnits": {"type": "Long", "notNull": true, "greaterThanOrEqual": 1}}},
        "KeySchema": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8,
          "children": {"type": "ValueStruct<KeySchemaElement>", "children": {
            "AttributeName": {"type": "String", "notNull": true},
            "KeyType": {"type": "String", "notNull": true}}}}}},
      "Delete": {"type": "FieldStruct<DeleteGlobalSecondaryIndexAction>", "children": {
        "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                      "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255}}}}}},
  "AttributeDefinitions": {"type": "List", "children": {
    "type": "ValueStruct<AttributeDefinition>", "children": {
      "AttributeName": {"type": "String", "notNull": true},
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
  )" MINNOW_SHAPE_VECTOR_INDEX_UPDATES R"(
})");

constexpr int64_t kMaxCapacityUnits = 1000000000000;
constexpr std::size_t kMaxIndexUpdates = 5;
constexpr std::size_t kMaxGlobalIndexes = 20;
constexpr int64_t kMsPerDay = 24 * 60 * 60 * 1000;

// ---- Reading values the Shape has type-checked (Coral's conversions) -------------------------

template <typename T>
bool contains(const std::vector<T>& values, const T& value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

// The update action of a GlobalSecondaryIndexUpdate, and its index name.
const JsonValue* index_action(const JsonValue& update) {
  for (const char* kind : {"Update", "Create", "Delete"}) {
    if (const JsonValue* action = member(update, kind)) return action;
  }
  return nullptr;
}

// ---- Checks on the request alone ------------------------------------------------------------

void check_request(const JsonValue& request) {
  const JsonValue* index_updates = member(request, "GlobalSecondaryIndexUpdates");
  const JsonValue* vector_updates = member(request, "VectorIndexUpdates");
  bool something = (index_updates && !index_updates->Empty()) || (vector_updates && !vector_updates->Empty());
  for (const char* name : {"ProvisionedThroughput", "BillingMode", "SSESpecification", "StreamSpecification",
                           "TableClass", "DeletionProtectionEnabled", "OnDemandThroughput", "WarmThroughput"}) {
    something = something || member(request, name);
  }
  if (!something) throw model::Error(model::kNothingToUpdate);

  const JsonValue* billing_mode = member(request, "BillingMode");
  const JsonValue* throughput = member(request, "ProvisionedThroughput");
  if (billing_mode && view(*billing_mode) == "PROVISIONED" && !throughput)
    throw model::Error(model::kThroughputRequiredForProvisionedUpdate);
  if (throughput) {
    for (const char* name : {"ReadCapacityUnits", "WriteCapacityUnits"}) {
      const JsonValue& v = (*throughput)[name];
      if (coral_long(v) > kMaxCapacityUnits) throw model::throughput_out_of_bounds(coral_long_text(v), name);
    }
  }
  if (index_updates) {
    std::vector<std::string> names;
    for (const auto& update : index_updates->GetArray()) {
      const JsonValue* action = index_action(update);
      if (!action) throw model::Error(model::kIndexUpdateActionRequired);
      std::string name = string_member(*action, "IndexName");
      if (contains(names, name)) throw model::duplicate_index_update(name);
      names.push_back(name);
    }
  }
  check_vector_index_updates(vector_updates);
  check_stream_and_on_demand_settings(request);
}

// ---- Checks and changes against the table ---------------------------------------------------

// The answer shows the update in progress; `next` is the definition once it is done.
struct Outcome {
  engine::TableDefinition next;
  engine::TableDefinition shown;
  const char* status = "ACTIVE";
};

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
engine::ProvisionedThroughput change_throughput(engine::ProvisionedThroughput& next, const JsonValue& requested,
                                                int64_t now_ms, bool show_new_values) {
  int64_t read = coral_long(requested["ReadCapacityUnits"]);
  int64_t write = coral_long(requested["WriteCapacityUnits"]);
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

std::vector<engine::KeySchemaElement> key_schema_of(const JsonValue& list) {
  std::vector<engine::KeySchemaElement> elements;
  for (const auto& e : list.GetArray())
    elements.push_back({string_member(e, "AttributeName"), string_member(e, "KeyType") == "HASH"});
  return elements;
}

model::ValueType scalar_type(const std::string& type) {
  return type == "N" ? model::ValueType::N : type == "B" ? model::ValueType::B : model::ValueType::S;
}

std::vector<std::string> definition_names(const engine::TableDefinition& def) {
  std::vector<std::string> names;
  for (const auto& a : def.attribute_definitions) names.push_back(a.name);
  return names;
}

// A GSI to create: checked like CreateTable's GSIs, against the merged attribute definitions.
engine::IndexDefinition new_index(const JsonValue& create, const engine::TableDefinition& next, bool on_demand,
                                  bool definitions_given) {
  std::string name = string_member(create, "IndexName");
  const JsonValue& key_schema = create["KeySchema"];
  // DynamoDB Local's checks of the new key's definitions come before the key's form.
  if (!definitions_given) throw model::Error(model::kNoAttributeSchema);
  std::vector<std::string> definitions = definition_names(next);
  for (const auto& e : key_schema.GetArray()) {
    std::string attribute = string_member(e, "AttributeName");
    if (!contains(definitions, attribute)) throw model::attribute_not_defined(attribute);
  }
  check_global_index_key_schema(key_schema, definitions);
  const JsonValue& projection = create["Projection"];
  check_projection(projection);
  const JsonValue* throughput = member(create, "ProvisionedThroughput");
  if (on_demand && throughput) throw model::index_throughput_with_pay_per_request(name);
  if (!on_demand && !throughput) throw model::index_throughput_required(name);
  if (has_index_named(next, name)) throw model::Error(model::kIndexAlreadyExists);

  engine::IndexDefinition index;
  index.name = name;
  index.key_schema = key_schema_of(key_schema);
  index.projection = read_projection(projection);
  if (throughput) {
    engine::ProvisionedThroughput t;
    t.read_capacity_units = coral_long((*throughput)["ReadCapacityUnits"]);
    t.write_capacity_units = coral_long((*throughput)["WriteCapacityUnits"]);
    index.throughput = t;
  }
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

Outcome plan_update(const ActionContext& context, const JsonValue& request, const engine::TableDefinition& current) {
  const int64_t now = context.now_ms;
  Outcome out{current, current};
  engine::TableDefinition& next = out.next;
  engine::TableDefinition& shown = out.shown;
  bool table_updating = false;

  const bool was_on_demand = current.billing_mode == engine::BillingMode::PayPerRequest;
  const JsonValue* billing_mode = member(request, "BillingMode");
  const bool on_demand = billing_mode ? view(*billing_mode) == "PAY_PER_REQUEST" : was_on_demand;
  const bool to_on_demand = on_demand && !was_on_demand;
  const bool to_provisioned = !on_demand && was_on_demand;
  const JsonValue* throughput = member(request, "ProvisionedThroughput");
  if (throughput && on_demand) throw model::Error(model::kThroughputWithPayPerRequest);

  // GSI throughput updates, as dynalite's getThroughputUpdates.
  const JsonValue* index_updates = member(request, "GlobalSecondaryIndexUpdates");
  if (index_updates && index_updates->Size() > kMaxIndexUpdates) throw model::Error(model::kTooManyIndexUpdates);
  std::vector<std::pair<std::string, const JsonValue*>> index_throughputs;
  if (index_updates) {
    for (const auto& update : index_updates->GetArray()) {
      const JsonValue* action = member(update, "Update");
      if (!action) continue;
      const JsonValue& requested = (*action)["ProvisionedThroughput"];
      if (coral_long(requested["ReadCapacityUnits"]) > kMaxCapacityUnits ||
          coral_long(requested["WriteCapacityUnits"]) > kMaxCapacityUnits)
        throw model::Error(model::kIndexUpdateBlocked);
      std::string name = string_member(*action, "IndexName");
      if (!find_index(next.global_indexes, name)) throw model::Error(model::kGlobalIndexNotFound);
      if (on_demand) throw model::index_throughput_with_pay_per_request(name);
      index_throughputs.emplace_back(name, &requested);
    }
  }
  if (to_provisioned) {
    std::string missing;
    for (const auto& index : current.global_indexes) {
      bool given = std::any_of(index_throughputs.begin(), index_throughputs.end(),
                               [&](const auto& u) { return u.first == index.name; });
      if (!given) missing += (missing.empty() ? "" : ",") + index.name;
    }
    if (!missing.empty()) throw model::index_throughput_required(missing);
  }

  if (throughput) {
    // Leaving PAY_PER_REQUEST, the new values show at once; otherwise only when done.
    shown.throughput = change_throughput(next.throughput, *throughput, now, to_provisioned);
    table_updating = true;
  }
  for (const auto& [name, requested] : index_throughputs) {
    engine::IndexDefinition* index = find_index(next.global_indexes, name);
    engine::ProvisionedThroughput t = index->throughput.value_or(engine::ProvisionedThroughput{});
    engine::ProvisionedThroughput shown_t = change_throughput(t, *requested, now, to_provisioned);
    index->throughput = t;
    engine::IndexDefinition* shown_index = find_index(shown.global_indexes, name);
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
  if (const JsonValue* limits = member(request, "OnDemandThroughput"); limits && on_demand) {
    engine::OnDemandThroughput o = next.on_demand_throughput.value_or(engine::OnDemandThroughput{});
    if (const JsonValue* v = member(*limits, "MaxReadRequestUnits")) o.max_read_request_units = coral_long(*v);
    if (const JsonValue* v = member(*limits, "MaxWriteRequestUnits")) o.max_write_request_units = coral_long(*v);
    next.on_demand_throughput = shown.on_demand_throughput = o;
  }

  // GSI creations and deletions, in request order.
  if (const JsonValue* definitions = member(request, "AttributeDefinitions")) {
    for (const auto& a : definitions->GetArray()) {
      std::string name = string_member(a, "AttributeName");
      model::ValueType type = scalar_type(string_member(a, "AttributeType"));
      auto it = std::find_if(next.attribute_definitions.begin(), next.attribute_definitions.end(),
                             [&](const auto& d) { return d.name == name; });
      if (it == next.attribute_definitions.end())
        next.attribute_definitions.push_back({name, type});
      else if (it->type != type)
        throw model::Error(model::kAttributeTypeRedefined);
    }
  }
  std::vector<engine::IndexDefinition> created;
  const bool delay = context.database.options().delay_transient_statuses;
  if (index_updates) {
    for (const auto& update : index_updates->GetArray()) {
      if (const JsonValue* create = member(update, "Create")) {
        engine::IndexDefinition index =
            new_index(*create, next, on_demand, member(request, "AttributeDefinitions") != nullptr);
        if (delay) {
          index.status = "CREATING";
          index.backfill_from_ms = now + engine::kTransientPhaseMs;
          index.transient_until_ms = now + 2 * engine::kTransientPhaseMs;
        }
        created.push_back(index);
        next.global_indexes.push_back(std::move(index));
        if (next.global_indexes.size() > kMaxGlobalIndexes) throw model::Error(model::kTooManyGlobalIndexes);
        table_updating = true;
      } else if (const JsonValue* remove = member(update, "Delete")) {
        std::string name = string_member(*remove, "IndexName");
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
  }
  if (plan_vector_index_updates(member(request, "VectorIndexUpdates"), now, delay, next, shown)) table_updating = true;
  drop_unused_definitions(next);
  shown.attribute_definitions = next.attribute_definitions;
  for (auto& index : created) {
    index.status = "CREATING";
    shown.global_indexes.push_back(std::move(index));
  }

  if (const JsonValue* stream = member(request, "StreamSpecification")) {
    if (coral_bool((*stream)["StreamEnabled"])) {
      if (current.stream.enabled) throw model::Error(model::kStreamAlreadyEnabled);
      next.stream = {true, string_member(*stream, "StreamViewType")};
      next.stream_label = stream_label(now);
    } else {
      if (!current.stream.enabled) throw model::Error(model::kNoStreamToDisable);
      next.stream = {};
    }
    shown.stream = next.stream;
    shown.stream_label = next.stream_label;
    table_updating = true;
  }
  if (const JsonValue* sse = member(request, "SSESpecification")) {
    const JsonValue* enabled = member(*sse, "Enabled");
    if (enabled && !coral_bool(*enabled)) {
      next.sse.reset();
    } else if (enabled || next.sse) {
      engine::SseSpecification s = next.sse.value_or(engine::SseSpecification{"KMS", ""});
      if (const JsonValue* type = member(*sse, "SSEType")) s.sse_type = std::string(view(*type));
      if (const JsonValue* key = member(*sse, "KMSMasterKeyId")) s.kms_master_key_id = std::string(view(*key));
      next.sse = s;
    }
    shown.sse = next.sse;
    table_updating = true;
  }
  if (const JsonValue* table_class = member(request, "TableClass");
      table_class && view(*table_class) != current.table_class) {
    next.table_class = shown.table_class = std::string(view(*table_class));
    next.table_class_updated_ms = shown.table_class_updated_ms = now;
    table_updating = true;
  }
  if (const JsonValue* protection = member(request, "DeletionProtectionEnabled"))
    next.deletion_protection = shown.deletion_protection = coral_bool(*protection);

  if (table_updating) out.status = "UPDATING";
  return out;
}

void update_table(const ActionContext& context, const JsonValue& request, JsonWriter& writer) {
  check_request(request);
  auto table = find_table(context, request, /*table_operation=*/true);
  Outcome outcome;
  // Checked and built on a copy under the table's lock: a failed check changes nothing.
  table->update_definition([&](engine::TableDefinition& def) {
    settle_transient_statuses(def, context.now_ms);
    outcome = plan_update(context, request, def);
    def = outcome.next;
  });
  writer.StartObject();
  writer.Key("TableDescription");
  write_table_description(context, outcome.shown, table.get(), writer, outcome.status);
  writer.EndObject();
}

}  // namespace

const Action kUpdateTable{"UpdateTable", &kShape, update_table};

}  // namespace minnow::api::tables
