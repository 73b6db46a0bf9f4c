// BatchGetItem. Checks, in DynamoDB's order: shape; per table: expression parameters,
// duplicate AttributesToGet, expressions, key values, duplicate keys, at most 100 keys in all;
// then per table: the table and each key against the schema. Responses past 16 MB come back
// as UnprocessedKeys, as in DynamoDB.
#include <set>
#include <unordered_set>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/operations.h"
#include "api/request_expressions.h"
#include "api/table_lookup.h"
#include "expressions/legacy.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/key.h"

namespace minnow::api::batch {

namespace {

const Shape kShape(R"({
  "ReturnConsumedCapacity": {"type": "String", "enum": ["INDEXES", "TOTAL", "NONE"]},
  "RequestItems": {"type": "Map<KeysAndAttributes>", "notNull": true, "lengthGreaterThanOrEqual": 1,
    "keys": {"lengthLessThanOrEqual": 255, "lengthGreaterThanOrEqual": 3, "regex": "[a-zA-Z0-9_.-]+"},
    "children": {"type": "ValueStruct<KeysAndAttributes>", "children": {
      "Keys": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
        "children": {"type": "ParameterizedMap", "children": "AttrStruct<ValueStruct>"}},
      "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},
      "ConsistentRead": "Boolean",
      "ProjectionExpression": {"type": "String"},
      "ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"}}}}
})");

constexpr std::size_t kMaxKeys = 100;
constexpr std::size_t kMaxResponseBytes = 16 * 1024 * 1024;

struct TableGets {
  std::string request_name;  // as written in RequestItems (the response uses it)
  const JsonValue* spec;
  std::shared_ptr<engine::Table> table;
  std::optional<expressions::Projection> projection;
  std::vector<model::AttributeMap> keys;
  bool consistent = false;
  double units = 0;
};

void batch_get_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue& request_items = request["RequestItems"];
  std::vector<TableGets> tables;
  std::size_t total_keys = 0;
  for (auto t = request_items.MemberBegin(); t != request_items.MemberEnd(); ++t) {
    TableGets gets;
    gets.request_name.assign(t->name.GetString(), t->name.GetStringLength());
    gets.spec = &t->value;
    validate_expression_params(t->value, {"ProjectionExpression"}, {"AttributesToGet"});
    if (const JsonValue* names = member(t->value, "AttributesToGet")) {
      std::unordered_set<std::string_view> seen;
      for (const auto& n : names->GetArray())
        if (!seen.insert(view(n)).second) throw model::duplicate_attribute_to_get(std::string(view(n)));
      std::vector<std::string> attributes;
      for (const auto& n : names->GetArray()) attributes.emplace_back(view(n));
      gets.projection = expressions::projection_from_attributes_to_get(attributes);
    }
    if (auto projection = compile_expressions(t->value).projection) gets.projection = std::move(projection);
    std::set<std::string> seen_keys;
    for (const auto& k : t->value["Keys"].GetArray()) {
      model::AttributeMap key = decode_attribute_map(k);
      std::string canonical;
      for (const auto& [name, value] : key) canonical += name + '\0' + model::key_value_bytes(value) + '\0';
      if (!seen_keys.insert(canonical).second) throw model::Error(model::kBatchDuplicateKeys);
      if (++total_keys > kMaxKeys) throw model::Error(model::kBatchGetTooManyKeys);
      gets.keys.push_back(std::move(key));
    }
    const JsonValue* consistent_read = member(t->value, "ConsistentRead");
    gets.consistent = consistent_read && coral_bool(*consistent_read);
    tables.push_back(std::move(gets));
  }
  for (auto& gets : tables) {
    gets.table = context.database.find(table_name_of(gets.request_name));
    if (!gets.table) throw model::Error(model::kResourceNotFound);
    for (const auto& key : gets.keys) model::validate_key(key, gets.table->key_schema());
  }

  std::size_t response_bytes = 0;
  std::vector<std::pair<const TableGets*, std::vector<const model::AttributeMap*>>> unprocessed;
  out.StartObject();
  out.Key("Responses");
  out.StartObject();
  for (auto& gets : tables) {
    out.Key(gets.request_name.data(), gets.request_name.size());
    out.StartArray();
    std::vector<const model::AttributeMap*> left;
    for (const auto& key : gets.keys) {
      if (response_bytes > kMaxResponseBytes) {
        left.push_back(&key);
        continue;
      }
      std::optional<model::Item> item = gets.table->get(key);
      gets.units += read_units(item ? model::item_size(*item) : 0, gets.consistent);
      if (!item) continue;
      response_bytes += model::item_size(*item);
      write_attribute_map(out, gets.projection ? expressions::project(*item, *gets.projection) : *item);
    }
    out.EndArray();
    if (!left.empty()) unprocessed.emplace_back(&gets, std::move(left));
  }
  out.EndObject();
  out.Key("UnprocessedKeys");
  out.StartObject();
  for (const auto& [gets, keys] : unprocessed) {
    out.Key(gets->request_name.data(), gets->request_name.size());
    // The request's own KeysAndAttributes, with only the keys not read.
    out.StartObject();
    for (auto m = gets->spec->MemberBegin(); m != gets->spec->MemberEnd(); ++m) {
      if (view(m->name) == "Keys" || m->value.IsNull()) continue;
      out.Key(m->name.GetString(), m->name.GetStringLength());
      m->value.Accept(out);
    }
    out.Key("Keys");
    out.StartArray();
    for (const auto* key : keys) write_attribute_map(out, *key);
    out.EndArray();
    out.EndObject();
  }
  out.EndObject();
  ReturnConsumedCapacity mode = return_consumed_capacity(request);
  if (mode != ReturnConsumedCapacity::None) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (const auto& gets : tables) write_capacity_entry(out, mode, gets.table->name(), gets.units);
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace

const Action kBatchGetItem{"BatchGetItem", &kShape, batch_get_item};

}  // namespace minnow::api::batch
