#include "engine/transaction.h"

#include <algorithm>
#include <mutex>
#include <shared_mutex>

#include "model/key.h"

namespace minnow::engine {

namespace {

// The distinct tables of a transaction, in the global lock order.
template <class Action>
std::vector<Table*> lock_order(const std::vector<Action>& actions) {
  std::vector<Table*> tables;
  for (const Action& a : actions) tables.push_back(a.table.get());
  std::sort(tables.begin(), tables.end(),
            [](const Table* a, const Table* b) { return a->name() != b->name() ? a->name() < b->name() : a < b; });
  tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
  return tables;
}

}  // namespace

std::vector<std::optional<ActionFailure>> transact_write(const std::vector<TransactWriteAction>& actions) {
  std::vector<std::unique_lock<std::shared_mutex>> locks;
  for (Table* t : lock_order(actions)) locks.emplace_back(t->mutex());

  struct Pending {
    std::string storage_key;
    std::optional<model::Item> old;
    WriteDecision decision;
  };
  std::vector<Pending> pending(actions.size());
  std::vector<std::optional<ActionFailure>> reasons(actions.size());
  bool failed = false;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const TransactWriteAction& a = actions[i];
    Pending& p = pending[i];
    p.storage_key = model::storage_key(a.key, a.table->key_schema());
    p.old = a.table->get_locked(p.storage_key);
    std::optional<WriteDecision> decision = a.decide(p.old ? &*p.old : nullptr);
    if (!decision) {
      reasons[i] = ActionFailure{};
      failed = true;
      continue;
    }
    if (auto violation = a.table->check_write_locked(*decision)) {
      reasons[i] = ActionFailure{std::move(violation)};
      failed = true;
      continue;
    }
    p.decision = std::move(*decision);
  }
  if (failed) return reasons;
  ItemRecord record(actions.empty() ? nullptr : actions.front().table->commit_log());  // one record for all
  for (std::size_t i = 0; i < actions.size(); ++i) {
    Pending& p = pending[i];
    actions[i].table->commit_write_locked(p.storage_key, p.old ? &*p.old : nullptr, std::move(p.decision));
  }
  return {};
}

std::vector<std::optional<std::string>> transact_get(const std::vector<TransactGetAction>& actions) {
  std::vector<std::shared_lock<std::shared_mutex>> locks;
  for (Table* t : lock_order(actions)) locks.emplace_back(t->mutex());
  std::vector<std::optional<std::string>> items;
  items.reserve(actions.size());
  for (const TransactGetAction& a : actions)
    items.push_back(a.table->get_encoded_locked(model::storage_key(a.key, a.table->key_schema())));
  return items;
}

}  // namespace minnow::engine
