// One conditional write of one item: what PutItem, UpdateItem and DeleteItem share with the Put,
// Update, Delete and ConditionCheck actions of TransactWriteItems. The one way Minnow reads such
// a request, checks it against its table and decides it against the stored item.
//
// Three steps, in DynamoDB's order of checks:
//   1. the constructor: the checks that need no table (expression parameters, values, item
//      size, ReturnValues for the single-item calls, expressions, the condition);
//   2. bind(table): the key attributes present (a transaction reports these as a
//      ValidationException), then check_item(): key types and values, ConditionalOperator,
//      nested paths into key attributes, key attributes not updated (a transaction reports these
//      as a ValidationError cancellation reason);
//   3. decide(existing), under the table lock: the condition, then the new item.
// Not thread-safe: one request's object, used by one thread (decide runs under the lock of the
// thread that holds it).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/action.h"
#include "api/capacity.h"
#include "api/items/write_condition.h"
#include "api/json.h"
#include "engine/table.h"
#include "expressions/legacy.h"
#include "expressions/resolve.h"
#include "model/attribute_value.h"

namespace minnow::api {

class ItemWrite {
 public:
  enum class Kind { ConditionCheck, Put, Update, Delete };

  // `request` is the single-item call's request or the transaction action's object; it must
  // outlive this object. `single_item`: PutItem/UpdateItem/DeleteItem (ReturnValues, and their
  // key messages) rather than a TransactWriteItems action.
  ItemWrite(Kind kind, const JsonValue& request, bool single_item);

  void bind(std::shared_ptr<engine::Table> table);
  void check_item();

  Kind kind() const { return kind_; }
  const std::shared_ptr<engine::Table>& table() const { return table_; }
  // The item's primary key (after bind; for a Put in a single-item call, after check_item).
  // decide() may be called once.
  const model::AttributeMap& key() const { return key_; }
  // The size of the item a Put writes (0 for the other kinds), for the 4 MB transaction limit.
  std::size_t put_size() const { return put_size_; }

  // Throws the condition's ConditionalCheckFailedException (a ConditionCheck's reason has its own
  // message) or an update's size error; otherwise what to write. Records the old and new items.
  engine::WriteDecision decide(const model::Item* existing);
  // Whether decide() looks at the existing item; false for a Put with no condition, no
  // ReturnValues and no ReturnConsumedCapacity, which may then be decided without it
  // (engine::Table::write's decide_reads_old).
  bool reads_old() const;

  // After decide: the bytes a write is charged for (the larger of the old and new item; none for
  // a ConditionCheck).
  std::size_t consumed_bytes() const;
  // After decide: the units charged to the table and to each index the old or the new item is
  // in (DynamoDB Local's rule: each such index costs as much as the table write). Index costs
  // are known only when bind() saw ReturnConsumedCapacity.
  CapacityBreakdown consumed_capacity() const;
  // After decide: "Attributes" as ReturnValues asks (single-item calls), when not empty.
  void write_attributes(JsonWriter& out) const;

 private:
  Kind kind_;
  const JsonValue& request_;
  bool single_item_;
  std::shared_ptr<engine::Table> table_;
  model::AttributeMap key_;
  model::Item item_;  // Put
  std::size_t put_size_ = 0;
  std::vector<expressions::AttributeUpdate> attribute_updates_;  // Update, legacy
  expressions::Compiled compiled_;
  std::vector<expressions::Path> read_paths_;
  std::optional<WriteCondition> condition_;
  std::string return_values_ = "NONE";
  std::optional<model::Item> old_item_;  // kept only when ReturnValues asks for old attributes
  std::size_t old_size_ = 0;             // the existing item's size, 0 when there is none
  std::optional<model::Item> new_item_;  // Update

  // The indexes the old or new item is in (bind loads them when capacity is asked for).
  IndexWriteCharges index_charges_;
};

// PutItem, UpdateItem or DeleteItem: the checks in ItemWrite's order, the table, an injected
// conflict, the conditional write, then the reply (Attributes, ConsumedCapacity,
// ItemCollectionMetrics).
void write_single_item(ItemWrite::Kind kind, const ActionContext& context, const JsonValue& request, JsonWriter& out);

// The TransactionConflictException of a conflict on this item (an injected one, or a
// transaction holding it: api/fault_injection.h), if there is one.
void check_injected_conflict(const ActionContext& context, const engine::Table& table, const model::AttributeMap& key);

// Whether ReturnItemCollectionMetrics is SIZE and the table has a local secondary index (the
// only tables DynamoDB reports item collections for).
bool wants_item_collection_metrics(const JsonValue& request, const engine::Table& table);
// One ItemCollectionMetrics object: {"ItemCollectionKey": {partition key}, "SizeEstimateRangeGB":
// [0, 1]} (Minnow's collections are far below DynamoDB's 10 GB limit).
void write_item_collection_metrics(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key);

}  // namespace minnow::api
