// TransactWriteItems. Checks, in DynamoDB's order: shape (at most 100 actions, a ConditionCheck's
// ConditionExpression, the token's length); per action, one of ConditionCheck, Put, Update or
// Delete, then the single-item call's checks that need no table (api/items/item_write.h: values,
// expressions, item size); the 4 MB aggregate of the Put items; every table; every key's
// attributes present (a ValidationException, as in the single-item calls); no item twice; the
// ClientRequestToken. Then item-level checks (key types, key attributes updated) become
// ValidationError cancellation reasons, evaluated together with every action's condition under
// the tables' locks (engine/transaction.h): either everything is applied or nothing is, and
// TransactionCanceledException lists one reason per action in request order.
//
// A token's answer is remembered for ten minutes once its transaction committed
// (engine/idempotency.h): the same request gets the same answer without being applied again.
#include <algorithm>
#include <memory>
#include <optional>

#include "api/capacity.h"
#include "api/fault_injection.h"
#include "api/item_shapes.h"
#include "api/items/item_write.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/transaction.h"
#include "model/errors.h"
#include "model/limits.h"

namespace minnow::api::transactions {

namespace {

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

struct TransactAction {
  const JsonValue* request;  // the action's object
  ItemWrite write;
};

// The one action of a TransactWriteItem element.
std::pair<ItemWrite::Kind, const JsonValue*> action_of(const JsonValue& element) {
  static constexpr std::pair<const char*, ItemWrite::Kind> kKinds[] = {
      {"ConditionCheck", ItemWrite::Kind::ConditionCheck},
      {"Put", ItemWrite::Kind::Put},
      {"Delete", ItemWrite::Kind::Delete},
      {"Update", ItemWrite::Kind::Update}};
  std::optional<std::pair<ItemWrite::Kind, const JsonValue*>> found;
  for (const auto& [name, kind] : kKinds) {
    const JsonValue* v = member(element, name);
    if (!v || v->IsNull()) continue;
    if (found) throw model::Error(model::kTransactionItemMultipleActions);
    found.emplace(kind, v);
  }
  if (!found) throw model::Error(model::kTransactionItemNoAction);
  return *found;
}

// Undoes a token reservation unless the transaction committed.
struct TokenReservation {
  engine::IdempotencyCache* cache = nullptr;
  std::string token;
  ~TokenReservation() {
    if (cache) cache->abandon(token);
  }
};

// Thrown by an action's decision when another action already failed item-level checks: the
// transaction is cancelled anyway, but every condition is still evaluated (and reported).
model::Error not_applied() { return model::Error(model::ErrorCode::TransactionCanceledException, ""); }

void write_answer(const JsonValue& request, const std::vector<TransactAction>& actions, JsonWriter& out) {
  out.StartObject();
  ReturnConsumedCapacity mode = return_consumed_capacity(request);
  if (mode != ReturnConsumedCapacity::None) {
    // One entry per table, in order of first use; a transactional write costs two writes.
    std::vector<std::pair<const engine::Table*, double>> units;
    for (const auto& a : actions) {
      const engine::Table* t = a.write.table().get();
      auto it = std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.first == t; });
      if (it == units.end()) it = units.insert(units.end(), {t, 0.0});
      it->second += 2 * write_units(a.write.consumed_bytes());
    }
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (const auto& [table, n] : units) write_capacity_entry(out, mode, table->name(), n);
    out.EndArray();
  }
  std::vector<const engine::Table*> metric_tables;
  for (const auto& a : actions) {
    const engine::Table* t = a.write.table().get();
    if (a.write.kind() == ItemWrite::Kind::ConditionCheck || !wants_item_collection_metrics(request, *t)) continue;
    if (std::find(metric_tables.begin(), metric_tables.end(), t) == metric_tables.end()) metric_tables.push_back(t);
  }
  if (!metric_tables.empty()) {
    out.Key("ItemCollectionMetrics");
    out.StartObject();
    for (const engine::Table* t : metric_tables) {
      out.Key(t->name().data(), t->name().size());
      out.StartArray();
      for (const auto& a : actions)
        if (a.write.table().get() == t && a.write.kind() != ItemWrite::Kind::ConditionCheck)
          write_item_collection_metrics(out, *t, a.write.key());
      out.EndArray();
    }
    out.EndObject();
  }
  out.EndObject();
}

void transact_write_items(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue& items = request["TransactItems"];
  std::vector<TransactAction> actions;
  actions.reserve(items.Size());
  std::size_t payload = 0;
  for (const auto& element : items.GetArray()) {
    auto [kind, action] = action_of(element);
    actions.push_back({action, ItemWrite(kind, *action, /*single_item=*/false)});
    payload += actions.back().write.put_size();
  }
  if (payload > model::kMaxTransactionPayloadBytes) throw model::transaction_payload_too_large(payload);
  std::vector<std::shared_ptr<engine::Table>> tables;
  for (auto& a : actions) {
    tables.push_back(context.database.find(table_name_of(string_member(*a.request, "TableName"))));
    if (!tables.back()) throw model::Error(model::kResourceNotFound);
  }
  for (std::size_t i = 0; i < actions.size(); ++i) actions[i].write.bind(tables[i]);
  for (std::size_t i = 0; i < actions.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (tables[i] == tables[j] && actions[i].write.key() == actions[j].write.key())
        throw model::Error(model::kTransactionSameItem);

  TokenReservation reservation;
  if (const JsonValue* token = member(request, "ClientRequestToken")) {
    engine::IdempotencyCache& cache = context.database.idempotency();
    std::string parameters = canonical_json_text(request);
    auto lookup = cache.begin(std::string(view(*token)), parameters, context.now_ms);
    switch (lookup.status) {
      case engine::IdempotencyCache::Status::Replay:
        out.RawValue(lookup.answer.data(), lookup.answer.size(), rapidjson::kObjectType);
        return;
      case engine::IdempotencyCache::Status::Mismatch:
        throw model::Error(model::kIdempotentParameterMismatch);
      case engine::IdempotencyCache::Status::InProgress:
        throw model::Error(model::kTransactionInProgress);
      case engine::IdempotencyCache::Status::New:
        reservation.cache = &cache;
        reservation.token = std::string(view(*token));
        break;
    }
  }

  std::vector<std::optional<model::Error>> item_errors(actions.size());
  bool item_failed = false;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    try {
      actions[i].write.check_item();
    } catch (const model::Error& e) {
      item_errors[i] = e;
      item_failed = true;
    }
  }

  std::vector<model::CancellationReason> reasons(actions.size(), model::CancellationReason{"None", "", nullptr});
  {
    std::vector<TouchedItem> touched;
    for (const auto& a : actions) touched.push_back({a.write.table().get(), &a.write.key()});
    std::vector<bool> hits = conflicting_items(context, touched, Holding::kHold);
    if (!hits.empty()) {
      for (std::size_t i = 0; i < actions.size(); ++i)
        if (hits[i]) reasons[i] = model::cancellation_reason(model::Error(model::kTransactionConflict));
      throw model::transaction_canceled(std::move(reasons));
    }
  }

  std::vector<engine::TransactWriteAction> engine_actions;
  std::vector<std::size_t> engine_index;  // engine action -> request action
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (item_errors[i]) continue;
    ItemWrite* write = &actions[i].write;
    engine_actions.push_back({write->table(), write->key(), [write, item_failed](const model::Item* old) {
                                engine::WriteDecision decision = write->decide(old);
                                if (item_failed) throw not_applied();
                                return decision;
                              }});
    engine_index.push_back(i);
  }
  std::vector<std::optional<model::Error>> engine_reasons = engine::transact_write(engine_actions);
  if (item_failed || !engine_reasons.empty()) {
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (item_errors[i]) reasons[i] = model::cancellation_reason(*item_errors[i]);
    for (std::size_t k = 0; k < engine_reasons.size(); ++k) {
      const auto& e = engine_reasons[k];
      if (e && e->code() != model::ErrorCode::TransactionCanceledException)
        reasons[engine_index[k]] = model::cancellation_reason(*e);
    }
    throw model::transaction_canceled(std::move(reasons));
  }

  rapidjson::StringBuffer buffer;
  JsonWriter answer(buffer);
  write_answer(request, actions, answer);
  std::string text(buffer.GetString(), buffer.GetSize());
  if (reservation.cache) {
    reservation.cache->finish(reservation.token, text, context.now_ms);
    reservation.cache = nullptr;
  }
  out.RawValue(text.data(), text.size(), rapidjson::kObjectType);
}

}  // namespace

const Action kTransactWriteItems{"TransactWriteItems", &kShape, transact_write_items};

}  // namespace minnow::api::transactions
