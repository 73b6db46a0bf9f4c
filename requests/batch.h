// BatchWriteItem as a typed request, and its execution: independent unconditional puts and
// deletes over several tables, every one checked before the first is written.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/function_ref.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "model/index_key_violation.h"
#include "requests/capacity.h"
#include "requests/context.h"
#include "requests/write_operations.h"

namespace minnow::requests {

struct BatchWriteTable {
  std::string name;  // as the request names it (an ARN's name part): ItemCollectionMetrics' key
  std::shared_ptr<engine::Table> table;
  std::vector<std::variant<Put, Delete>> writes;  // no conditions
};

struct BatchWriteItemRequest {
  std::vector<BatchWriteTable> tables;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  bool return_item_collection_metrics = false;
};

struct BatchWriteItemResult {
  bool conflict = false;  // an injected conflict (engine/faults.h) on one of the items: nothing written
  // An item the table refused (an index defined after the request was checked): the writes
  // before it happened.
  std::optional<model::IndexKeyViolation> index_key;
  // Per table, in request order: the table's units (no index parts, as DynamoDB Local answers)
  // and, asked for ReturnConsumedCapacity, the vector indexes the writes changed.
  std::vector<CapacityBreakdown> consumed;
  // Per table, in request order: the writes left unprocessed (indexes into writes), which
  // --capacity-model's throttling leaves (requests/throttling.h).
  std::vector<std::vector<std::size_t>> unprocessed;
};

BatchWriteItemResult execute(const Context& context, const BatchWriteItemRequest& request);

const model::AttributeMap& key_of(const std::variant<Put, Delete>& write);

// BatchGetItem: up to 100 keys over several tables, read one by one until the response would
// exceed 16 MB; the keys left are returned unprocessed.
struct BatchGetTable {
  std::string name;  // as the request names it (the response's key)
  std::shared_ptr<engine::Table> table;
  std::vector<model::AttributeMap> keys;  // valid primary keys, none twice
  std::optional<expressions::Projection> projection;
  bool consistent_read = false;
};

struct BatchGetItemRequest {
  std::vector<BatchGetTable> tables;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
};

struct BatchGetItemResult {
  std::vector<double> units;                          // per table
  std::vector<std::vector<std::size_t>> unprocessed;  // per table: the keys not read (indexes into keys)
};

// `found(table, item)` gets each item read (projected), in request order.
BatchGetItemResult execute(const Context& context, const BatchGetItemRequest& request,
                           engine::FunctionRef<void(std::size_t table, const model::Item& item)> found);

}  // namespace minnow::requests
