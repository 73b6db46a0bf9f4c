// What TransactWriteItems and ExecuteTransaction answer alike once a transactional write has run
// (requests/transactions.h).
#pragma once

#include "api/json.h"
#include "requests/transactions.h"

namespace minnow::api {

// Writes the response of a committed (or replayed) transaction and returns true; throws
// IdempotentParameterMismatchException or TransactionInProgressException for a token in use;
// returns false for a cancelled one, whose reasons the caller words.
bool write_committed(JsonWriter& out, const requests::TransactWriteItemsResult& result);

}  // namespace minnow::api
