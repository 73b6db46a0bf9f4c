// TransactGetItems. Checks, in DynamoDB's order: shape (1 to 100 Gets); per Get, the expression
// parameters, the key's values, the ProjectionExpression; every table; no item twice; each key
// against its table's schema and nested projection paths into key attributes (GetItem's
// checks). Then every item is read at one instant (engine/transaction.h): a reader never sees
// part of a transaction. Responses has one entry per Get, in request order: {"Item": ...}, or {}
// for an absent item.
#include <algorithm>
#include <optional>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/fault_injection.h"
#include "api/item_shapes.h"
#include "api/key_paths.h"
#include "api/operations.h"
#include "api/request_expressions.h"
#include "api/table_lookup.h"
#include "engine/transaction.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::api::transactions {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "TransactItems": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
    "children": {"type": "ValueStruct<TransactGetItem>", "children": {
      "Get": {"type": "FieldStruct<Get>", "notNull": true, "children": {)" MINNOW_SHAPE_TABLE_NAME R"(,
        "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},
        "ProjectionExpression": {"type": "String"},
        "ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"}}}}}}})");

struct Get {
  const JsonValue* request;
  model::AttributeMap key;
  std::optional<expressions::Projection> projection;
  std::shared_ptr<engine::Table> table;
};

void transact_get_items(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  std::vector<Get> gets;
  for (const auto& element : request["TransactItems"].GetArray()) {
    const JsonValue& get = element["Get"];
    validate_expression_params(get, {"ProjectionExpression"}, {});
    Get g{&get, decode_attribute_map(get["Key"]), {}, nullptr};
    g.projection = compile_expressions(get).projection;
    gets.push_back(std::move(g));
  }
  for (auto& g : gets) {
    g.table = context.database.find(table_name_of(string_member(*g.request, "TableName")));
    if (!g.table) throw model::Error(model::kResourceNotFound);
  }
  for (std::size_t i = 0; i < gets.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (gets[i].table == gets[j].table && gets[i].key == gets[j].key) throw model::Error(model::kTransactionSameItem);
  for (const auto& g : gets) {
    model::validate_key(g.key, g.table->key_schema());
    if (g.projection) validate_key_paths(g.projection->paths, g.table->key_schema());
  }

  {
    std::vector<TouchedItem> touched;
    for (const auto& g : gets) touched.push_back({g.table.get(), &g.key});
    std::vector<bool> hits = conflicting_items(context, touched);
    if (!hits.empty()) {
      std::vector<model::CancellationReason> reasons(gets.size(), model::CancellationReason{"None", "", nullptr});
      for (std::size_t i = 0; i < gets.size(); ++i)
        if (hits[i]) reasons[i] = model::cancellation_reason(model::Error(model::kTransactionConflict));
      throw model::transaction_canceled(std::move(reasons));
    }
  }

  std::vector<engine::TransactGetAction> reads;
  for (const auto& g : gets) reads.push_back({g.table, g.key});
  std::vector<std::optional<std::string>> items = engine::transact_get(reads);

  out.StartObject();
  out.Key("Responses");
  out.StartArray();
  for (std::size_t i = 0; i < gets.size(); ++i) {
    out.StartObject();
    if (items[i]) {
      out.Key("Item");
      if (gets[i].projection) {
        write_attribute_map(out, expressions::project(model::decode_item(*items[i]), *gets[i].projection));
      } else {
        write_encoded_item(out, *items[i]);
      }
    }
    out.EndObject();
  }
  out.EndArray();
  ReturnConsumedCapacity mode = return_consumed_capacity(request);
  if (mode != ReturnConsumedCapacity::None) {
    // One entry per table, in order of first use; a transactional read costs two strong reads.
    std::vector<std::pair<const engine::Table*, double>> units;
    for (std::size_t i = 0; i < gets.size(); ++i) {
      const engine::Table* t = gets[i].table.get();
      auto it = std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.first == t; });
      if (it == units.end()) it = units.insert(units.end(), {t, 0.0});
      it->second += 2 * read_units(items[i] ? model::encoded_item_size(*items[i]) : 0, /*consistent=*/true);
    }
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (const auto& [table, n] : units) write_capacity_entry(out, mode, table->name(), n);
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace

const Action kTransactGetItems{"TransactGetItems", &kShape, transact_get_items};

}  // namespace minnow::api::transactions
