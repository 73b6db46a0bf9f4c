// BatchGetItem. Checks, in DynamoDB's order: shape; per table: expression parameters,
// duplicate AttributesToGet, expressions, key values, duplicate keys, at most 100 keys in all;
// then per table: the table and each key against the schema. Responses past 16 MB come back
// as UnprocessedKeys, as in DynamoDB.
#include <set>
#include <unordered_set>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/legacy_params.h"
#include "api/members.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "expressions/legacy.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/key.h"
#include "requests/batch.h"

namespace minnow::api::batch {

namespace batch_get_item {

const Shape kShape(R"({
  "ReturnConsumedCapacity": {"type": "String", "enum": ["INDEXES", "TOTAL", "NONE"]},
  "RequestItems": {"type": "Map<KeysAndAttributes>", "notNull": true, "lengthGreaterThanOrEqual": 1,
    "keys": {"lengthLessThanOrEqual": 255, "lengthGreaterThanOrEqual": 3, "regex": "[a-zA-Z0-9_.-]+"},
    "form": {"lengthGreaterThanOrEqual": "path", "keys": "json"},
    "children": {"type": "ValueStruct<KeysAndAttributes>", "children": {
      "Keys": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
        "form": {"lengthGreaterThanOrEqual": "path", "lengthLessThanOrEqual": "path"},
        "children": {"type": "ParameterizedMap", "children": "AttrStruct<ValueStruct>"}},
      "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},
      "ConsistentRead": "Boolean",
      "ProjectionExpression": {"type": "String"},
      "ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"}}}}
})");

constexpr std::size_t kMaxKeys = 100;

struct Members {
  const JsonValue *request_items, *return_consumed_capacity;
};
constexpr MemberField<Members> kMembers[] = {
    {"RequestItems", &Members::request_items},
    {"ReturnConsumedCapacity", &Members::return_consumed_capacity},
};

struct TableMembers {
  const JsonValue *keys, *attributes_to_get, *consistent_read, *projection_expression, *names;
};
constexpr MemberField<TableMembers> kTableMembers[] = {
    {"Keys", &TableMembers::keys},
    {"AttributesToGet", &TableMembers::attributes_to_get},
    {"ConsistentRead", &TableMembers::consistent_read},
    {"ProjectionExpression", &TableMembers::projection_expression},
    {"ExpressionAttributeNames", &TableMembers::names},
};

// The typed request, and each table's KeysAndAttributes but its Keys as sent (JSON members, no
// braces): UnprocessedKeys echoes them.
// A KeysAndAttributes' members other than Keys (and those sent as null), as JSON text.
std::string echoed_members(const JsonValue& spec) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  for (auto m = spec.MemberBegin(); m != spec.MemberEnd(); ++m) {
    if (view(m->name) == "Keys" || m->value.IsNull()) continue;
    w.Key(m->name.GetString(), m->name.GetStringLength());
    m->value.Accept(w);
  }
  w.EndObject();
  return std::string(buffer.GetString() + 1, buffer.GetSize() - 2);  // without the braces
}

struct Decoded {
  requests::BatchGetItemRequest request;
  std::vector<std::string> echoed;  // per table, in the request's order
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  const Members m = read_members(json, kMembers);
  Decoded decoded;
  requests::BatchGetItemRequest& r = decoded.request;
  std::size_t total_keys = 0;
  bool projection_expression = false, attributes_to_get = false;  // in any table so far
  for (auto t = m.request_items->MemberBegin(); t != m.request_items->MemberEnd(); ++t) {
    const TableMembers tm = read_members(t->value, kTableMembers);
    requests::BatchGetTable gets;
    gets.name.assign(t->name.GetString(), t->name.GetStringLength());
    ExpressionMembers expression{.names = tm.names, .projection = tm.projection_expression};
    validate_expression_params({{"ProjectionExpression", tm.projection_expression}},
                               {{"AttributesToGet", tm.attributes_to_get}}, expression);
    // One request, one kind of projection parameter, even across tables.
    projection_expression = projection_expression || tm.projection_expression;
    attributes_to_get = attributes_to_get || tm.attributes_to_get;
    if (projection_expression && attributes_to_get)
      throw model::mixed_expression_parameters({"AttributesToGet"}, {"ProjectionExpression"});
    check_attributes_to_get(tm.attributes_to_get);
    gets.projection = read_projection(compile_expressions(expression).projection, tm.attributes_to_get);
    std::set<std::string> seen_keys;
    for (const auto& k : tm.keys->GetArray()) {
      model::AttributeMap key = decode_attribute_map(k);
      std::string canonical;
      for (const auto& [name, value] : key) canonical += name + '\0' + model::key_value_bytes(value) + '\0';
      if (!seen_keys.insert(canonical).second) throw model::Error(model::kBatchDuplicateKeys);
      if (++total_keys > kMaxKeys) throw model::Error(model::kBatchGetTooManyKeys);
      gets.keys.push_back(std::move(key));
    }
    gets.consistent_read = tm.consistent_read && coral_bool(*tm.consistent_read);
    r.tables.push_back(std::move(gets));
    decoded.echoed.push_back(echoed_members(t->value));
  }
  for (auto& gets : r.tables) {
    gets.table = context.database.find(table_name_of(gets.name));
    if (!gets.table) throw model::Error(model::kTableNotFound);
    for (const auto& key : gets.keys) model::validate_key(key, gets.table->key_schema());
  }
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  return decoded;
}

void batch_get_item(const ActionContext& context, Decoded decoded, JsonWriter& out) {
  const requests::BatchGetItemRequest& request = decoded.request;
  out.StartObject();
  out.Key("Responses");
  out.StartObject();
  std::size_t opened = 0;  // the tables whose array is open or written
  auto open_through = [&](std::size_t t) {
    for (; opened <= t; ++opened) {
      if (opened > 0) out.EndArray();
      const std::string& name = request.tables[opened].name;
      out.Key(name.data(), name.size());
      out.StartArray();
    }
  };
  requests::BatchGetItemResult result =
      requests::execute(context.requests(), request, [&](std::size_t t, const model::Item& item) {
        open_through(t);
        write_attribute_map(out, item);
      });
  if (!request.tables.empty()) open_through(request.tables.size() - 1);
  if (opened > 0) out.EndArray();
  out.EndObject();
  out.Key("UnprocessedKeys");
  out.StartObject();
  for (std::size_t t = 0; t < request.tables.size(); ++t) {
    if (result.unprocessed[t].empty()) continue;
    const requests::BatchGetTable& gets = request.tables[t];
    out.Key(gets.name.data(), gets.name.size());
    // The request's own KeysAndAttributes, with only the keys not read.
    rapidjson::StringBuffer keys;
    JsonWriter keys_writer(keys);
    keys_writer.StartArray();
    for (std::size_t k : result.unprocessed[t]) write_attribute_map(keys_writer, gets.keys[k]);
    keys_writer.EndArray();
    const std::string& echoed = decoded.echoed[t];
    const std::string members =
        "{" + echoed + (echoed.empty() ? "" : ",") + "\"Keys\":" + std::string(keys.GetString(), keys.GetSize()) + "}";
    out.RawValue(members.data(), members.size(), rapidjson::kObjectType);
  }
  out.EndObject();
  ReturnConsumedCapacity mode = request.return_consumed_capacity;
  if (mode != ReturnConsumedCapacity::None) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (std::size_t t = 0; t < request.tables.size(); ++t)
      write_capacity_entry(out, mode, request.tables[t].table->name(), result.units[t]);
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace batch_get_item

const Action kBatchGetItem{"BatchGetItem", &batch_get_item::kShape, batch_get_item::decode,
                           batch_get_item::batch_get_item};

}  // namespace minnow::api::batch
