// What the write requests decode alike (PutItem, UpdateItem, DeleteItem, and the Put, Update,
// Delete and ConditionCheck actions of TransactWriteItems), and the answers they share. The three
// single-item decoders live here whole (decode_put_item, ...): one pass, in DynamoDB's order, from
// the members to the typed request, their differences branches of one walk.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "api/action.h"
#include "api/capacity.h"
#include "api/json.h"
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

enum class ItemWriteKind : uint8_t { Put, Update, Delete, ConditionCheck };

// A write with every check that needs no table made, in DynamoDB's order:
//   1. which expression and legacy parameters it combines (ConditionalOperator counts as legacy);
//   2. the Item's values (Put), or the Key's (and an Update's AttributeUpdates);
//   3. a Put's ReturnValues ("ReturnValues can only be ALL_OLD or NONE"), then its size (400 KB);
//   4. the placeholder maps, the UpdateExpression, the ConditionExpression;
//   5. Expected with ConditionalOperator, when there is no ConditionExpression;
//   6. a Delete's or an Update's ReturnValues (an Update's never fails).
// `return_values`: ReturnValues is read (the single-item calls; a transaction's actions have none).
struct WriteBody {
  WriteMembers m{};
  requests::WriteOperation operation;              // its condition decoded; a Put's key still empty
  std::vector<expressions::Path> condition_reads;  // the paths the condition reads
  requests::ReturnValues return_values = requests::ReturnValues::None;
};
WriteBody decode_write_body(const JsonValue& json, ItemWriteKind kind, bool return_values);
// The attributes of a stored item (a Put's) that `schema` names, absent ones left out: the Put's
// key once model::validate_item_key has passed it.
model::AttributeMap key_attributes(std::string_view stored, const model::KeySchema& schema);

// PutItem, UpdateItem and DeleteItem decoded, after the Shape: decode_write_body, then the table;
// the key against its schema; ConditionalOperator without Expected; an update's key and index key
// checks; the condition's nested paths into the key.
requests::PutItemRequest decode_put_item(const ActionContext& context, const JsonValue& json);
requests::UpdateItemRequest decode_update_item(const ActionContext& context, const JsonValue& json);
requests::DeleteItemRequest decode_delete_item(const ActionContext& context, const JsonValue& json);

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
// A single-item write's answer: its failure_error thrown, or else Attributes, ConsumedCapacity,
// ItemCollectionMetrics.
void write_item_write_answer(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key,
                             ReturnConsumedCapacity capacity, bool item_collection_metrics,
                             const requests::ItemWriteResult& result, bool in_update);

}  // namespace minnow::api
