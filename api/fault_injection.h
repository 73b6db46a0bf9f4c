// Where injected faults (engine/faults.h, /_minnow/faults) meet requests.
//
// api/service calls inject_request_faults once a request has passed its declarative checks and
// before the operation runs: with an injected error the request has no effect; injected latency
// holds the reply (error or not) back.
// The writes and transactions call conflicting_items once they are validated and know their
// items, before any is read or written: DynamoDB decides conflicts there. Two things make
// conflicts: an injected TransactionConflict, and (with --transaction-window) an item held by a
// TransactWriteItems in progress (engine/item_holds.h).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "api/action.h"
#include "engine/faults.h"
#include "model/errors.h"

namespace minnow::api {

struct InjectedFaults {
  int64_t latency_ms = 0;
  std::optional<model::Error> error;
};
InjectedFaults inject_request_faults(const ActionContext& context, const JsonValue& request);

// One item a write or transaction touches: its table and its validated primary key.
struct TouchedItem {
  const engine::Table* table;
  const model::AttributeMap* key;
};

// Whether the items are only checked (single-item writes, batches, TransactGetItems) or, when
// none is in conflict, held for the transaction window (TransactWriteItems; the reply then
// waits out the window: the transaction is in progress until it is answered).
enum class Holding { kCheck, kHold };

// Which of `items` (in request order) are in conflict; empty when none is.
std::vector<bool> conflicting_items(const ActionContext& context, std::span<const TouchedItem> items,
                                    Holding holding = Holding::kCheck);

}  // namespace minnow::api
