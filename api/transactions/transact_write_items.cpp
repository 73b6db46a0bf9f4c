// TransactWriteItems. Checks, in DynamoDB's order: shape (at most 100 actions, a ConditionCheck's
// ConditionExpression, the token's length); per action, one of ConditionCheck, Put, Update or
// Delete, then the single-item call's checks that need no table (values, expressions, item
// size); the 4 MB aggregate of the Put items; every table; every key's attributes present (a
// ValidationException, as in the single-item calls); no item twice. Then the item-level checks
// (key types, key attributes updated, ...): a failure is the action's ValidationError
// cancellation reason, reported with every action's condition (requests/transactions.h: the
// ClientRequestToken, then the transaction under the tables' locks, all or nothing).
#include <algorithm>
#include <memory>
#include <optional>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/members.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/write_outcome.h"
#include "api/write_parts.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/key_checks.h"
#include "requests/transactions.h"

namespace minnow::api::transactions {

namespace transact_write_items {

#define MINNOW_SHAPE_TRANSACT_ACTION(extra)                                    \
  "{" MINNOW_SHAPE_TABLE_NAME "," extra "," MINNOW_SHAPE_EXPRESSION_ATTRIBUTES \
  "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}"
#define MINNOW_SHAPE_TRANSACT_KEY \
  R"("Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"})"

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS R"(,
  "ClientRequestToken": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 36},
  "TransactItems": {"type": "List", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 100,
    "children": {"type": "ValueStruct<TransactWriteItem>", "children": {
      "ConditionCheck": {"type": "FieldStruct<ConditionCheck>", "children": )" MINNOW_SHAPE_TRANSACT_ACTION(MINNOW_SHAPE_TRANSACT_KEY R"(, "ConditionExpression": {"type": "String", "notNull": true})") R"(},
      "Put": {"type": "FieldStruct<Put>", "children": )" MINNOW_SHAPE_TRANSACT_ACTION(R"("Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"}, "ConditionExpression": {"type": "String"})") R"(},
      "Delete": {"type": "FieldStruct<Delete>", "children": )" MINNOW_SHAPE_TRANSACT_ACTION(MINNOW_SHAPE_TRANSACT_KEY R"(, "ConditionExpression": {"type": "String"})") R"(},
      "Update": {"type": "FieldStruct<Update>", "children": )" MINNOW_SHAPE_TRANSACT_ACTION(
    MINNOW_SHAPE_TRANSACT_KEY
    R"(, "UpdateExpression": {"type": "String", "notNull": true}, "ConditionExpression": {"type": "String"})") R"(}}}}})");

// One action while it is decoded: its members, and the paths its expressions read.
struct DecodedAction {
  WriteMembers m;
  requests::TransactWriteAction action;
  std::vector<expressions::Path> read;
};

// The one action of a TransactWriteItem element.
std::pair<ItemWriteKind, const JsonValue*> action_of(const JsonValue& element) {
  static constexpr std::pair<const char*, ItemWriteKind> kKinds[] = {{"ConditionCheck", ItemWriteKind::ConditionCheck},
                                                                     {"Put", ItemWriteKind::Put},
                                                                     {"Delete", ItemWriteKind::Delete},
                                                                     {"Update", ItemWriteKind::Update}};
  std::optional<std::pair<ItemWriteKind, const JsonValue*>> found;
  for (const auto& [name, kind] : kKinds) {
    const JsonValue* v = member(element, name);
    if (!v) continue;
    if (found) throw model::Error(model::kTransactionItemMultipleActions);
    found.emplace(kind, v);
  }
  if (!found) throw model::Error(model::kTransactionItemNoAction);
  return *found;
}

// The single-item call's checks that need no table, in its order (without ReturnValues). The
// paths read: the condition's, then the update's SET values'.
DecodedAction decode_action(ItemWriteKind kind, const JsonValue& json) {
  WriteBody body = decode_write_body(json, kind, /*return_values=*/false);
  DecodedAction a{body.m, {}, std::move(body.condition_reads)};
  if (const auto* update = std::get_if<requests::Update>(&body.operation); update && update->expression) {
    std::vector<expressions::Path> values = requests::read_paths(nullptr, &*update->expression, nullptr);
    a.read.insert(a.read.end(), values.begin(), values.end());
  }
  a.action.operation = std::move(body.operation);
  return a;
}

// Once the table is known: the key's attributes are present, and an S or B key value is not
// empty (a ValidationException for the whole request, never a cancellation reason, as in the
// single-item calls). A Put's key is taken from its item.
void check_key_present(DecodedAction& a) {
  const model::KeySchema& schema = a.action.table->key_schema();
  if (auto* put = std::get_if<requests::Put>(&a.action.operation)) {
    put->key = key_attributes(put->stored, schema);
    if (!put->key.count(schema.hash.name)) throw model::missing_key_in_item(schema.hash.name);
    if (schema.range && !put->key.count(schema.range->name)) throw model::missing_key_in_item(schema.range->name);
  } else {
    const model::AttributeMap& key = requests::key_of(a.action.operation);
    if (key.size() != (schema.range ? 2u : 1u) || !key.count(schema.hash.name) ||
        (schema.range && !key.count(schema.range->name)))
      throw model::Error(model::kKeyDoesNotMatchSchema);
  }
  model::check_key_not_empty(requests::key_of(a.action.operation), schema);
}

// The item-level checks: key types and values (a Put names the mistyped attribute, as PutItem
// does; a Key of another type is "The provided key element does not match the schema"),
// ConditionalOperator without Expected, nested paths into key attributes, key attributes updated.
void check_item(const DecodedAction& a) {
  const model::KeySchema& schema = a.action.table->key_schema();
  if (const auto* put = std::get_if<requests::Put>(&a.action.operation)) {
    model::validate_item_key(put->key, schema);
  } else {
    model::validate_key(requests::key_of(a.action.operation), schema);
  }
  check_conditional_operator(a.m.conditional_operator, a.m.expected);
  requests::check_key_paths(a.read, schema);
  if (const auto* update = std::get_if<requests::Update>(&a.action.operation)) {
    requests::check_no_key_updates(update->written_attributes(), schema);
    if (update->expression) requests::check_key_paths(update->expression->paths(), schema);
  }
}

struct Members {
  const JsonValue *transact_items, *return_consumed_capacity, *return_item_collection_metrics, *client_request_token;
};
constexpr MemberField<Members> kMembers[] = {
    {"TransactItems", &Members::transact_items},
    {"ReturnConsumedCapacity", &Members::return_consumed_capacity},
    {"ReturnItemCollectionMetrics", &Members::return_item_collection_metrics},
    {"ClientRequestToken", &Members::client_request_token},
};

requests::TransactWriteItemsRequest decode(const ActionContext& context, const JsonValue& json) {
  const Members m = read_members(json, kMembers);
  std::vector<DecodedAction> actions;
  actions.reserve(m.transact_items->Size());
  std::size_t payload = 0;
  for (const auto& element : m.transact_items->GetArray()) {
    auto [kind, action] = action_of(element);
    actions.push_back(decode_action(kind, *action));
    if (const auto* put = std::get_if<requests::Put>(&actions.back().action.operation)) payload += put->size;
  }
  if (payload > model::kMaxTransactionPayloadBytes) throw model::transaction_payload_too_large(payload);
  for (auto& a : actions) {
    a.action.table = context.database.find(table_name_of(view(*a.m.table_name)));
    if (!a.action.table) throw model::Error(model::kTableNotFound);
  }
  for (auto& a : actions) check_key_present(a);
  for (std::size_t i = 0; i < actions.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (actions[i].action.table == actions[j].action.table &&
          requests::key_of(actions[i].action.operation) == requests::key_of(actions[j].action.operation))
        throw model::Error(model::kTransactionSameItem);

  // DynamoDB stops at the first action that fails the item-level checks: it is the transaction's
  // one ValidationError reason, the others' reasons are None.
  requests::TransactWriteItemsRequest r;
  bool invalid = false;
  for (auto& a : actions) {
    try {
      if (!invalid) check_item(a);
    } catch (const model::Error& e) {
      a.action.invalid = e;
      invalid = true;
    }
    r.actions.push_back(std::move(a.action));
  }
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  r.return_item_collection_metrics = item_collection_metrics_wanted(m.return_item_collection_metrics);
  if (m.client_request_token) {
    r.client_request_token = std::string(view(*m.client_request_token));
    r.idempotency_parameters = canonical_json_text(json);
  }
  return r;
}

// The response of a committed transaction: ConsumedCapacity (one entry per table, in order of
// first use; a transactional write costs two writes), ItemCollectionMetrics.
std::string answer(const requests::TransactWriteItemsRequest& request,
                   const std::vector<requests::ItemWriteResult>& results) {
  rapidjson::StringBuffer buffer;
  JsonWriter out(buffer);
  out.StartObject();
  TableCharges charges;
  for (std::size_t i = 0; i < results.size(); ++i)
    charges.add(request.actions[i].table.get(), requests::transactional_write(results[i].consumed));
  write_consumed_capacity(out, request.return_consumed_capacity, charges);
  auto writes_item = [](const requests::TransactWriteAction& a) {
    return !std::holds_alternative<requests::ConditionCheck>(a.operation);
  };
  std::vector<const engine::Table*> metric_tables;
  if (request.return_item_collection_metrics) {
    for (const auto& a : request.actions) {
      const engine::Table* t = a.table.get();
      if (!writes_item(a) || !has_item_collections(*t)) continue;
      if (std::find(metric_tables.begin(), metric_tables.end(), t) == metric_tables.end()) metric_tables.push_back(t);
    }
  }
  if (!metric_tables.empty()) {
    out.Key("ItemCollectionMetrics");
    out.StartObject();
    for (const engine::Table* t : metric_tables) {
      out.Key(t->name().data(), t->name().size());
      out.StartArray();
      for (const auto& a : request.actions)
        if (a.table.get() == t && writes_item(a)) write_item_collection_metrics(out, *t, requests::key_of(a.operation));
      out.EndArray();
    }
    out.EndObject();
  }
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

void transact_write_items(const ActionContext& context, requests::TransactWriteItemsRequest request, JsonWriter& out) {
  requests::TransactWriteItemsResult result = requests::execute(
      context.requests(), request,
      [&](const std::vector<requests::ItemWriteResult>& results) { return answer(request, results); });
  if (write_committed(out, result)) return;
  std::vector<model::CancellationReason> reasons(result.actions.size(), model::CancellationReason{"None", "", nullptr});
  for (std::size_t i = 0; i < result.actions.size(); ++i) {
    const auto& op = request.actions[i].operation;
    auto error = failure_error(result.actions[i], std::holds_alternative<requests::Update>(op),
                               std::holds_alternative<requests::ConditionCheck>(op));
    if (error) reasons[i] = model::cancellation_reason(*error);
  }
  throw model::transaction_canceled(std::move(reasons));
}

}  // namespace transact_write_items

const Action kTransactWriteItems{"TransactWriteItems", &transact_write_items::kShape, transact_write_items::decode,
                                 transact_write_items::transact_write_items};

}  // namespace minnow::api::transactions
