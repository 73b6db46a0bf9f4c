// TransactWriteItems as a typed request, and its execution: every action applied, or none.
//
// The front end builds each action (write_operations.h) with the checks that need no stored
// item made. An item-level check that fails (a key of the wrong type, a key attribute updated, ...)
// is not an error of the request but the transaction's cancellation reason: DynamoDB stops at the
// first such action (its reason ValidationError, every other None, no condition evaluated), so
// that action carries its ValidationError in `invalid`.
// execute() then checks the ClientRequestToken (engine/idempotency.h: a committed request's
// answer is replayed for ten minutes), an injected conflict (engine/faults.h), and runs the
// transaction under the tables' locks (engine/transaction.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/function_ref.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "model/errors.h"
#include "requests/capacity.h"
#include "requests/context.h"
#include "requests/items.h"
#include "requests/write_operations.h"

namespace minnow::requests {

struct TransactWriteAction {
  std::shared_ptr<engine::Table> table;
  WriteOperation operation;
  std::optional<model::Error> invalid;  // the first action failing an item-level check: its reason
};

struct TransactWriteItemsRequest {
  std::vector<TransactWriteAction> actions;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  bool return_item_collection_metrics = false;
  // ClientRequestToken, and the request's parameters in a canonical form: a replay must have
  // the same (the JSON front end uses the request's text with members sorted).
  std::optional<std::string> client_request_token;
  std::string idempotency_parameters;
};

struct TransactWriteItemsResult {
  enum class Status : uint8_t {
    Committed,          // every action applied; `answer` is the response
    Replayed,           // a committed request with this token: `answer` is its response
    Cancelled,          // nothing applied: `actions` has one result per action
    ParameterMismatch,  // the token was used with other parameters
    InProgress          // a request with this token is running
  };
  Status status = Status::Committed;
  std::string answer;
  // Cancelled: per action, its failure (Status Written: this action's reason is None).
  std::vector<ItemWriteResult> actions;
};

// Runs the transaction. On commit, `answer` gets every action's result (consumed.table: the
// units of the write, as for a single-item write) and returns the response text, which is
// remembered for the token.
TransactWriteItemsResult execute(const Context& context, const TransactWriteItemsRequest& request,
                                 engine::FunctionRef<std::string(const std::vector<ItemWriteResult>&)> answer);

// TransactGetItems: the items, all read at one instant (engine::transact_get).
struct TransactGet {
  std::shared_ptr<engine::Table> table;
  model::AttributeMap key;  // a valid primary key, no item twice in a request
  std::optional<expressions::Projection> projection;
};

struct TransactGetItemsRequest {
  std::vector<TransactGet> gets;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
};

struct TransactGetItemsResult {
  std::vector<bool> conflicts;                    // an injected conflict: which items it holds (nothing read)
  // --capacity-model: the first get its table could not admit, and the refusal (nothing read).
  std::optional<std::pair<std::size_t, model::Error>> refused;
  std::vector<std::optional<std::string>> items;  // in their stored form, in request order
  std::vector<double> units;                      // per item: a transactional read is two strong reads
};

TransactGetItemsResult execute(const Context& context, const TransactGetItemsRequest& request);

}  // namespace minnow::requests
