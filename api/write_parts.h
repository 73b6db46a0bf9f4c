// What the write requests decode alike (PutItem, UpdateItem, DeleteItem, and the Put, Update,
// Delete and ConditionCheck actions of TransactWriteItems), and the answers they share.
#pragma once

#include <optional>

#include "api/capacity.h"
#include "api/expression_params.h"
#include "api/json.h"
#include "api/members.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "requests/items.h"
#include "requests/write_operations.h"

namespace minnow::api {

// The members PutItem, UpdateItem and DeleteItem read, found in one pass (api/members.h). Each
// reads those its Shape declares (which checked their JSON types); the others stay unread.
struct WriteMembers {
  const JsonValue *table_name, *item, *key, *attribute_updates, *expected, *conditional_operator, *return_values,
      *return_consumed_capacity, *return_item_collection_metrics, *condition_expression, *update_expression, *names,
      *values, *on_condition_failure;
};
WriteMembers read_write_members(const JsonValue& request);

// The expression members of a write (an update's UpdateExpression too), after the check of which
// expression and legacy parameters it combines (ConditionalOperator counts as a legacy one).
ExpressionMembers write_expressions(const WriteMembers& m, bool update);

// ReturnValues (null: NONE). `put_or_delete`: only NONE and ALL_OLD are allowed ("ReturnValues
// can only be ALL_OLD or NONE"); the Shape has checked the value is one of the five.
requests::ReturnValues decode_return_values(const JsonValue* value, bool put_or_delete);

// The condition of a write: the compiled ConditionExpression, or else Expected with
// ConditionalOperator (DynamoDB's errors for a bad Expected), and
// ReturnValuesOnConditionCheckFailure.
requests::WriteCondition decode_write_condition(std::optional<expressions::Condition> compiled,
                                                const JsonValue* expected, const JsonValue* conditional_operator,
                                                const JsonValue* on_condition_failure);

// "ConditionalOperator cannot be used without Filter or Expected" (DynamoDB Local's check, made
// once the table and the key are known) when ConditionalOperator is given and Expected is absent
// or empty.
void check_conditional_operator(const JsonValue* conditional_operator, const JsonValue* expected);

// ReturnItemCollectionMetrics is SIZE.
bool item_collection_metrics_wanted(const JsonValue* value);
// Whether DynamoDB reports item collections for the table: it has a local secondary index.
bool has_item_collections(const engine::Table& table);
// One ItemCollectionMetrics object: {"ItemCollectionKey": {partition key}, "SizeEstimateRangeGB":
// [0, 1]} (Minnow's collections are far below DynamoDB's 10 GB limit).
void write_item_collection_metrics(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key);

// The error of a write that did not happen: ConditionalCheckFailedException (with the old item
// when asked for; a transaction's ConditionCheck has a message of its own: `condition_check`),
// the update's size or evaluation error, the index key error (an update's empty key value has a
// message of its own: `in_update`), TransactionConflictException. Nullopt for a write that
// happened.
std::optional<model::Error> failure_error(const requests::ItemWriteResult& result, bool in_update,
                                          bool condition_check = false);
// Throws failure_error, if any.
void throw_if_failed(const requests::ItemWriteResult& result, bool in_update);

// A single-item write's response: Attributes, ConsumedCapacity, ItemCollectionMetrics.
void write_item_write_response(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key,
                               ReturnConsumedCapacity capacity, bool item_collection_metrics,
                               const requests::ItemWriteResult& result);

}  // namespace minnow::api
