// Transactions over several tables: TransactWriteItems and TransactGetItems.
//
// A transaction locks every table it touches in one global order (by name, then address: one
// Database never has two tables of one name), exclusively for writes and shared for reads, so
// no deadlock is possible whatever the mix of transactions and single-item requests (those
// lock one table). Readers therefore never see part of a transaction: a single-item read waits
// for the transaction's tables, and a TransactGetItems holds all of its tables at once.
//
// The api validates everything that needs no item before it gets here.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/table.h"
#include "model/attribute_value.h"

namespace minnow::engine {

// One action of a TransactWriteItems: ConditionCheck (decide returns keep), Put, Update or
// Delete. `decide` sees the current item (or null) and must not touch any table; it returns
// nullopt to decline (a failed condition, ...), which cancels the transaction.
struct TransactWriteAction {
  std::shared_ptr<Table> table;
  model::AttributeMap key;  // a validated primary key
  std::function<std::optional<WriteDecision>(const model::Item* old)> decide;
};

// Why one action of a cancelled transaction failed: its decide declined (no index_key), or the
// item it decided on cannot be stored (index_key).
struct ActionFailure {
  std::optional<model::IndexKeyViolation> index_key;
};

// Either every action is applied, or none is. Returns nothing when the transaction committed;
// otherwise one entry per action, in request order: the failure of each action that failed,
// nullopt ("None") for the others. Every action is evaluated, as DynamoDB reports every failed
// condition.
std::vector<std::optional<ActionFailure>> transact_write(const std::vector<TransactWriteAction>& actions);

struct TransactGetAction {
  std::shared_ptr<Table> table;
  model::AttributeMap key;  // a validated primary key
};

// The items (in their stored form, model/item_codec.h; nullopt when absent), in request order,
// all read at one instant.
std::vector<std::optional<std::string>> transact_get(const std::vector<TransactGetAction>& actions);

}  // namespace minnow::engine
