// What executing a typed request needs besides the request: the database (of the request's
// namespace), the engine clock's time when the request arrived (idempotency windows, stream
// labels, transient statuses), and the injected faults (engine/faults.h) the request may meet.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/database.h"
#include "engine/faults.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "model/attribute_value.h"

namespace minnow::requests {

// Thrown from inside a Table::update_definition change that declines: the definition stays as
// it was (nothing synced, nothing logged); the caller catches it and answers with the refusal.
struct DefinitionUnchanged {};

struct Context {
  engine::Database& database;
  int64_t now_ms = 0;
  engine::FaultRegistry& faults;
  std::string_view namespace_id;  // engine/namespaces.h
  std::string_view operation;     // "PutItem", "ExecuteStatement", ...: what fault rules match
  // How long the server holds the reply back: a transaction that holds its items for
  // --transaction-window adds the window.
  int64_t& reply_delay_ms;
  // Where the request's ARNs are (arn:aws:dynamodb:REGION:ACCOUNT:...): a throttled request's
  // ThrottlingReasons name the table or index.
  std::string_view region = {};
  std::string_view account_id = {};
  // Every namespace of the server: a global table's replicas live in other regions' (null where
  // no request reaches another namespace, as in the data API).
  engine::Namespaces* namespaces = nullptr;
};

// One item a write, transaction or transactional read touches: its table and its validated
// primary key.
struct TouchedItem {
  const engine::Table* table;
  const model::AttributeMap* key;
};

// Whether the items are only checked (single-item writes, batches, transactional reads) or, when
// none is in conflict, held for the transaction window (transactional writes; the reply then
// waits out the window: the transaction is in progress until it is answered).
enum class Holding : uint8_t { Check, Hold };

// Which of `items` (in request order) are in conflict; empty when none is. Two things make
// conflicts: an injected TransactionConflict (engine/faults.h), and with --transaction-window an
// item held by a transaction in progress (engine/item_holds.h). Asked once the request is
// validated, before any item is read or written: where DynamoDB decides conflicts.
std::vector<bool> conflicting_items(const Context& context, std::span<const TouchedItem> items,
                                    Holding holding = Holding::Check);

}  // namespace minnow::requests
