#include "requests/transactions.h"

#include "engine/transaction.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "requests/throttling.h"

namespace minnow::requests {

namespace {

using Status = TransactWriteItemsResult::Status;

// Undoes a token reservation unless the transaction committed.
struct TokenReservation {
  engine::IdempotencyCache* cache = nullptr;
  std::string token;
  ~TokenReservation() {
    if (cache) cache->abandon(token);
  }
};

// What one action decided, kept for the answer.
struct Decided {
  WriteOutcome outcome;
  std::size_t old_size = 0;
  VectorWriteCharges vectors;  // loaded when ReturnConsumedCapacity asks
  IndexWriteCharges indexes;   // loaded under --capacity-model
  std::optional<model::Error> index_refusal;  // GSI back-pressure refused the action
  std::optional<model::Item> put_decoded;     // a Put's item, when a charge reads it
};

// The size of the item an applied action leaves.
std::size_t new_size_of(const WriteOperation& op, const Decided& d) {
  std::size_t new_size = 0;
  if (const Put* put = std::get_if<Put>(&op)) new_size = put->size;
  if (d.outcome.new_item) new_size = model::item_size(*d.outcome.new_item);
  return new_size;
}

// The units one applied action charges: the larger of the old and new item, vector attributes
// billed as VectorWriteCharges bills them (a ConditionCheck is one unit, whatever the item's size).
double units_of(const WriteOperation& op, const Decided& d) {
  if (std::holds_alternative<ConditionCheck>(op)) return write_units(0);
  return d.vectors.write_units(d.old_size, new_size_of(op, d));
}

// What --capacity-model charges an applied action: its transactional write, its indexes' parts
// included (the response reports the table's only: units_of).
CapacityBreakdown metered_units(const WriteOperation& op, const Decided& d) {
  if (std::holds_alternative<ConditionCheck>(op)) return transactional_write(table_capacity(write_units(0)));
  return transactional_write(d.indexes.breakdown(d.old_size, new_size_of(op, d)));
}

}  // namespace

TransactWriteItemsResult execute(const Context& context, const TransactWriteItemsRequest& request,
                                 engine::FunctionRef<std::string(const std::vector<ItemWriteResult>&)> answer) {
  TransactWriteItemsResult result;
  const auto& actions = request.actions;

  TokenReservation reservation;
  if (request.client_request_token) {
    engine::IdempotencyCache& cache = context.database.idempotency();
    auto lookup = cache.begin(*request.client_request_token, request.idempotency_parameters, context.now_ms);
    switch (lookup.status) {
      case engine::IdempotencyCache::Status::Replay:
        result.status = Status::Replayed;
        result.answer = std::move(lookup.answer);
        return result;
      case engine::IdempotencyCache::Status::Mismatch:
        result.status = Status::ParameterMismatch;
        return result;
      case engine::IdempotencyCache::Status::InProgress:
        result.status = Status::InProgress;
        return result;
      case engine::IdempotencyCache::Status::New:
        reservation.cache = &cache;
        reservation.token = *request.client_request_token;
        break;
    }
  }

  result.actions.resize(actions.size());
  std::vector<TouchedItem> touched;
  for (const auto& a : actions) touched.push_back({a.table.get(), &key_of(a.operation)});
  std::vector<bool> hits = conflicting_items(context, touched, Holding::Hold);
  if (!hits.empty()) {
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (hits[i]) result.actions[i].status = ItemWriteResult::Status::Conflict;
    result.status = Status::Cancelled;
    return result;
  }

  // An action that failed the item-level checks cancels the transaction before any condition is
  // evaluated: its reason is the only one (DynamoDB stops there; the decoder marks only the first).
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (!actions[i].invalid) continue;
    result.actions[i].status = ItemWriteResult::Status::Invalid;
    result.actions[i].error = actions[i].invalid;
    result.status = Status::Cancelled;
    return result;
  }
  // --capacity-model: each action's table must admit a transactional write (two units), or the
  // transaction is cancelled with that action's refusal (requests/throttling.h).
  std::vector<TableMeter> meters;
  meters.reserve(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const TableMeter& meter = meters.emplace_back(context, *actions[i].table);
    std::optional<model::Error> refused = meter.write_refusal(meter.partition_of(key_of(actions[i].operation)), 2 * write_units(0));
    if (!refused) continue;
    result.actions[i].status = ItemWriteResult::Status::Throttled;
    result.actions[i].error = std::move(refused);
    result.status = Status::Cancelled;
    return result;
  }
  // Every action is decided (DynamoDB reports every failed condition).
  std::vector<Decided> decided(actions.size());
  std::vector<engine::TransactWriteAction> engine_actions;
  std::vector<std::size_t> engine_index;  // engine action -> request action
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const WriteOperation* op = &actions[i].operation;
    Decided* d = &decided[i];
    const TableMeter* meter = &meters[i];
    if (request.return_consumed_capacity != ReturnConsumedCapacity::None)
      d->vectors.load(actions[i].table->definition());
    if (meter->metered()) d->indexes.load(actions[i].table->definition());
    engine_actions.push_back({actions[i].table, key_of(*op),
                              [op, d, meter](const model::Item* old) -> std::optional<engine::WriteDecision> {
                                d->outcome = decide(*op, old);
                                if (d->outcome.failed()) return std::nullopt;
                                if (old) d->old_size = model::item_size(*old);
                                const Put* put = std::get_if<Put>(op);
                                if (d->outcome.kind != WriteOutcome::Kind::Keep &&  // a ConditionCheck
                                    (!d->vectors.empty() || d->indexes.reads_items())) {
                                  const model::Item* written = written_item(d->outcome, put, d->put_decoded);
                                  d->vectors.note(old, written);
                                  d->indexes.note(old, written);
                                  d->index_refusal = meter->index_refusal(d->indexes);
                                  if (d->index_refusal) return std::nullopt;
                                }
                                return engine_decision(d->outcome, put, d->put_decoded ? &*d->put_decoded : nullptr);
                              }});
    engine_index.push_back(i);
  }
  std::vector<std::optional<engine::ActionFailure>> failures = engine::transact_write(engine_actions);
  if (!failures.empty()) {
    for (std::size_t k = 0; k < failures.size(); ++k) {
      if (!failures[k]) continue;
      std::size_t i = engine_index[k];
      if (failures[k]->index_key) {
        result.actions[i].status = ItemWriteResult::Status::IndexKeyInvalid;
        result.actions[i].index_key = std::move(failures[k]->index_key);
      } else if (decided[i].outcome.failed()) {
        result.actions[i] = failure_of(std::move(decided[i].outcome));
      } else if (decided[i].index_refusal) {
        result.actions[i].status = ItemWriteResult::Status::Throttled;
        result.actions[i].error = std::move(decided[i].index_refusal);
      }
    }
    result.status = Status::Cancelled;
    return result;
  }

  for (std::size_t i = 0; i < actions.size(); ++i) {
    result.actions[i].consumed.table = units_of(actions[i].operation, decided[i]);
    decided[i].vectors.add_to(result.actions[i].consumed);
    if (meters[i].metered()) {
      const CapacityBreakdown units = metered_units(actions[i].operation, decided[i]);
      meters[i].charge(engine::ThroughputKind::Write, units, meters[i].partition_of(key_of(actions[i].operation)));
      meters[i].charge_index_keys(decided[i].indexes, units);
    }
  }
  result.answer = answer(result.actions);
  if (reservation.cache) {
    reservation.cache->finish(reservation.token, result.answer, context.now_ms);
    reservation.cache = nullptr;
  }
  result.status = Status::Committed;
  return result;
}

TransactGetItemsResult execute(const Context& context, const TransactGetItemsRequest& request) {
  TransactGetItemsResult result;
  std::vector<TouchedItem> touched;
  for (const auto& g : request.gets) touched.push_back({g.table.get(), &g.key});
  result.conflicts = conflicting_items(context, touched);
  if (!result.conflicts.empty()) return result;
  // --capacity-model: each get's table must admit a transactional read (two units).
  std::vector<TableMeter> meters;
  meters.reserve(request.gets.size());
  for (std::size_t i = 0; i < request.gets.size(); ++i) {
    const TableMeter& meter = meters.emplace_back(context, *request.gets[i].table);
    if (auto refused = meter.read_refusal(nullptr, meter.partition_of(request.gets[i].key), 2 * read_units(0, true))) {
      result.refused.emplace(i, std::move(*refused));
      return result;
    }
  }
  std::vector<engine::TransactGetAction> reads;
  for (const auto& g : request.gets) reads.push_back({g.table, g.key});
  result.items = engine::transact_get(reads);
  for (std::size_t i = 0; i < result.items.size(); ++i) {
    const auto& item = result.items[i];
    result.units.push_back(2 * read_units(item ? model::encoded_item_size(*item) : 0, /*consistent=*/true));
    meters[i].charge(engine::ThroughputKind::Read, table_capacity(result.units.back()),
                     meters[i].partition_of(request.gets[i].key));
  }
  return result;
}

}  // namespace minnow::requests
