// PutItem, UpdateItem and DeleteItem as typed requests, and their execution.
//
// A front end (api/items decodes JSON; PartiQL translates INSERT, UPDATE and DELETE) builds the
// request with every check made (see write_operations.h), then calls execute(): an injected
// conflict (engine/faults.h), the conditional write under the table's lock, and the result as
// a value. Nothing here words an error: ItemWriteResult says what happened, the front end
// answers.
//
//   requests::PutItemRequest put;
//   put.table = database.find("Music");                       // the resolved table
//   put.put.item = item;                                      // a validated item ...
//   put.put.key = model::key_of(item, put.table->key_schema());
//   put.put.size = model::item_size(item);
//   put.put.condition.expression = expressions::compile_request(
//       {.condition = "attribute_not_exists(#a)", .names = &names}).condition;
//   requests::ItemWriteResult result = requests::execute(context, put);
#pragma once

#include <memory>
#include <optional>

#include "engine/table.h"
#include "model/index_key_violation.h"
#include "requests/capacity.h"
#include "requests/context.h"
#include "requests/write_operations.h"

namespace minnow::requests {

struct PutItemRequest {
  std::shared_ptr<engine::Table> table;
  Put put;
  ReturnValues return_values = ReturnValues::None;  // None or AllOld
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  bool return_item_collection_metrics = false;  // ReturnItemCollectionMetrics SIZE
};

struct UpdateItemRequest {
  std::shared_ptr<engine::Table> table;
  Update update;
  ReturnValues return_values = ReturnValues::None;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  bool return_item_collection_metrics = false;
};

struct DeleteItemRequest {
  std::shared_ptr<engine::Table> table;
  Delete del;
  ReturnValues return_values = ReturnValues::None;  // None or AllOld
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  bool return_item_collection_metrics = false;
};

struct ItemWriteResult {
  enum class Status : uint8_t {
    Written,          // applied (or nothing to change)
    ConditionFailed,  // failed_item: the stored item, when the condition asked for it
    ItemTooLarge,     // an update made the item larger than 400 KB
    Invalid,          // the update could not apply to the stored item: `error`
    IndexKeyInvalid,  // the new item has an index key the table's indexes cannot take: index_key
    Conflict,         // an injected transaction conflict (engine/faults.h) holds the item
    Throttled         // refused by --capacity-model (requests/throttling.h): `error` says why
  };
  Status status = Status::Written;
  std::optional<model::Item> failed_item;
  std::optional<model::Error> error;
  std::optional<model::IndexKeyViolation> index_key;
  // Written: what ReturnValues asks for (nullopt or empty: nothing to return).
  std::optional<model::Item> attributes;
  // Written: the units charged to the table and to each index the old or the new item is in
  // (DynamoDB Local's rule: each such index costs as much as the table write; index parts are
  // known only when ReturnConsumedCapacity asked for them).
  CapacityBreakdown consumed;
};

ItemWriteResult execute(const Context& context, const PutItemRequest& request);
ItemWriteResult execute(const Context& context, const UpdateItemRequest& request);
ItemWriteResult execute(const Context& context, const DeleteItemRequest& request);

// The result of a write whose operation decided `outcome` and failed (outcome.failed()).
ItemWriteResult failure_of(WriteOutcome outcome);

// Whether an injected conflict (engine/faults.h) is pending on this item: uses it up.
bool take_injected_conflict(const Context& context, const engine::Table& table, const model::AttributeMap& key);

}  // namespace minnow::requests
