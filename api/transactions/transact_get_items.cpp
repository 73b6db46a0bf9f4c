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
#include "api/item_shapes.h"
#include "api/members.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/transaction.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "requests/key_checks.h"
#include "requests/reads.h"
#include "requests/transactions.h"

namespace minnow::api::transactions {

namespace transact_get_items {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "TransactItems": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
    "children": {"type": "ValueStruct<TransactGetItem>", "children": {
      "Get": {"type": "FieldStruct<Get>", "notNull": true, "children": {)" MINNOW_SHAPE_TABLE_NAME R"(,
        "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},
        "ProjectionExpression": {"type": "String"},
        "ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"}}}}}}})");

struct GetMembers {
  const JsonValue *table_name, *key, *projection_expression, *names;
};
constexpr MemberField<GetMembers> kGetMembers[] = {
    {"TableName", &GetMembers::table_name},
    {"Key", &GetMembers::key},
    {"ProjectionExpression", &GetMembers::projection_expression},
    {"ExpressionAttributeNames", &GetMembers::names},
};

requests::TransactGetItemsRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::TransactGetItemsRequest r;
  std::vector<const JsonValue*> table_names;
  for (const auto& element : json["TransactItems"].GetArray()) {
    const GetMembers m = read_members(element["Get"], kGetMembers);
    ExpressionMembers expression{.names = m.names, .projection = m.projection_expression};
    validate_expression_params({{"ProjectionExpression", m.projection_expression}}, {}, expression);
    requests::TransactGet g;
    g.key = decode_attribute_map(*m.key);
    g.projection = compile_expressions(expression).projection;
    r.gets.push_back(std::move(g));
    table_names.push_back(m.table_name);
  }
  for (std::size_t i = 0; i < r.gets.size(); ++i) {
    r.gets[i].table = context.database.find(table_name_of(view(*table_names[i])));
    if (!r.gets[i].table) throw model::Error(model::kTableNotFound);
  }
  for (std::size_t i = 0; i < r.gets.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (r.gets[i].table == r.gets[j].table && r.gets[i].key == r.gets[j].key)
        throw model::Error(model::kTransactionSameItem);
  // An empty S or B key value is the request's error; a Key that is not the table's key (an
  // attribute missing, extra or of another type) cancels the transaction with that Get's
  // ValidationError, every other reason None (2026).
  for (const auto& g : r.gets) model::check_key_not_empty(g.key, g.table->key_schema());
  for (std::size_t i = 0; i < r.gets.size(); ++i) {
    try {
      model::validate_key(r.gets[i].key, r.gets[i].table->key_schema());
    } catch (const model::Error& e) {
      std::vector<model::CancellationReason> reasons(r.gets.size(), model::CancellationReason{"None", "", nullptr});
      reasons[i] = model::cancellation_reason(e);
      throw model::transaction_canceled(std::move(reasons));
    }
  }
  for (const auto& g : r.gets)
    if (g.projection) requests::check_key_paths(g.projection->paths, g.table->key_schema());
  r.return_consumed_capacity = return_consumed_capacity(member(json, "ReturnConsumedCapacity"));
  return r;
}

void transact_get_items(const ActionContext& context, requests::TransactGetItemsRequest request, JsonWriter& out) {
  requests::TransactGetItemsResult result = requests::execute(context.requests(), request);
  const auto& gets = request.gets;
  if (!result.conflicts.empty()) {
    std::vector<model::CancellationReason> reasons(gets.size(), model::CancellationReason{"None", "", nullptr});
    for (std::size_t i = 0; i < gets.size(); ++i)
      if (result.conflicts[i]) reasons[i] = model::cancellation_reason(model::Error(model::kTransactionConflict));
    throw model::transaction_canceled(std::move(reasons));
  }
  if (result.refused) {
    std::vector<model::CancellationReason> reasons(gets.size(), model::CancellationReason{"None", "", nullptr});
    reasons[result.refused->first] = model::cancellation_reason(result.refused->second);
    throw model::transaction_canceled(std::move(reasons));
  }
  const auto& items = result.items;
  out.StartObject();
  out.Key("Responses");
  out.StartArray();
  for (std::size_t i = 0; i < gets.size(); ++i) {
    out.StartObject();
    if (items[i]) {
      out.Key("Item");
      if (gets[i].projection) {
        write_attribute_map(out, requests::projected_item(gets[i].projection, *items[i]));
      } else {
        write_encoded_item(out, *items[i]);
      }
    }
    out.EndObject();
  }
  out.EndArray();
  TableCharges charges;
  for (std::size_t i = 0; i < gets.size(); ++i)
    charges.add(gets[i].table.get(), requests::table_capacity(result.units[i]));
  write_consumed_capacity(out, request.return_consumed_capacity, charges);
  out.EndObject();
}

}  // namespace transact_get_items

const Action kTransactGetItems{"TransactGetItems", &transact_get_items::kShape, transact_get_items::decode,
                               transact_get_items::transact_get_items};

}  // namespace minnow::api::transactions
