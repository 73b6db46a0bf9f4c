// The four kinds of write, as values: Put, Update, Delete and ConditionCheck.
//
// PutItem, UpdateItem and DeleteItem each hold one; BatchWriteItem holds Puts and Deletes;
// TransactWriteItems any of the four; a PartiQL INSERT, UPDATE, DELETE or EXISTS is one too.
// Whoever builds one has made every check that needs no stored item: the key is a valid primary
// key of the table, the item is within the size limit, the expressions are compiled and
// resolved (expressions::compile_request, or trees built directly). decide(old) then says,
// without side effects, what the write does to the item stored under its key (null: none), as
// a value: the engine applies it under the table's lock (engine_decision below), the front end
// words a failure.
// Constant after construction; decide() may run on any thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/table.h"
#include "expressions/ast.h"
#include "expressions/legacy.h"
#include "model/attribute_value.h"
#include "model/errors.h"

namespace minnow::requests {

enum class ReturnValues : uint8_t { None, AllOld, UpdatedOld, AllNew, UpdatedNew };

// The condition of a conditional write: ConditionExpression, or Expected with ConditionalOperator
// (expressions::condition_from_expected), compiled and resolved. No expression: always holds.
struct WriteCondition {
  std::optional<expressions::Condition> expression;
  bool return_old_on_failure = false;  // ReturnValuesOnConditionCheckFailure ALL_OLD

  bool holds(const model::Item* old) const;
};

// What a write decides against the stored item.
struct WriteOutcome {
  enum class Kind : uint8_t {
    Keep,             // nothing changes (a ConditionCheck, a Delete of no item)
    Put,              // store the Put's item, or the Update's new_item
    Delete,           // remove the stored item
    ConditionFailed,  // the condition is false: nothing changes
    ItemTooLarge,     // the updated item is over 400 KB: nothing changes
    Invalid           // the update cannot apply to this item (`error` says why): nothing changes
  };
  Kind kind = Kind::Keep;
  std::optional<model::Item> new_item;     // Put by an Update: the item after the update
  std::optional<model::Item> failed_item;  // ConditionFailed with return_old_on_failure: the stored item
  std::optional<model::Error> error;       // Invalid

  bool failed() const { return kind == Kind::ConditionFailed || kind == Kind::ItemTooLarge || kind == Kind::Invalid; }
};

struct Put {
  // The item in the form the table stores it (model/item_codec.h), made from the request's JSON
  // without an Item between (api/codec.h encode_attribute_map); decoded only where an index reads it.
  std::string stored;
  model::AttributeMap key;  // the item's primary key
  std::size_t size = 0;     // the item's DynamoDB size (model::item_size)
  WriteCondition condition;

  // A Put of an item held decoded (a PartiQL INSERT's, the data API's): `stored` and `size` made
  // from it; the key is the caller's to set.
  static Put of(const model::Item& item);
  WriteOutcome decide(const model::Item* old) const;
};

struct Update {
  model::AttributeMap key;
  std::optional<expressions::Update> expression;                // UpdateExpression, or
  std::vector<expressions::AttributeUpdate> attribute_updates;  // the legacy AttributeUpdates
  WriteCondition condition;

  // The updated item is built on the stored one, or on the key alone when there is none. On no
  // item, an update whose every action only takes away (REMOVE and DELETE, the legacy DELETE)
  // creates nothing and keeps, as DynamoDB does, without looking at its paths (nested ones
  // included); one with no actions at all, or one that SETs, ADDs or PUTs, creates its item.
  WriteOutcome decide(const model::Item* old) const;
  // Whether the update, applied to no item, creates one (see decide).
  bool creates_item() const;
  // The top-level attributes the update writes, in the order written.
  std::vector<std::string> written_attributes() const;
  // The attributes of `item` the update writes (ReturnValues UPDATED_OLD and UPDATED_NEW).
  model::Item updated_attributes(const model::Item& item) const;
};

struct Delete {
  model::AttributeMap key;
  WriteCondition condition;

  WriteOutcome decide(const model::Item* old) const;
};

struct ConditionCheck {
  model::AttributeMap key;
  WriteCondition condition;

  WriteOutcome decide(const model::Item* old) const;
};

using WriteOperation = std::variant<Put, Update, Delete, ConditionCheck>;

const model::AttributeMap& key_of(const WriteOperation& operation);
WriteOutcome decide(const WriteOperation& operation, const model::Item* old);

// The engine's decision for an outcome: store (the Put's stored item, or the Update's new item,
// both borrowed: `put` and `outcome` must outlive the engine call; `decoded`, the Put's item
// decoded when the caller has it, spares the engine decoding it again), remove, or keep.
engine::WriteDecision engine_decision(const WriteOutcome& outcome, const Put* put,
                                      const model::Item* decoded = nullptr);
// The item an outcome stores, decoded (the Update's new item, or the Put's item decoded into
// `decoded`), for what reads an item (an index's charge); null when it removes or keeps the
// stored one.
const model::Item* written_item(const WriteOutcome& outcome, const Put* put, std::optional<model::Item>& decoded);

}  // namespace minnow::requests
