#include "api/write_parts.h"

#include <memory>
#include <variant>
#include <vector>

#include "api/codec.h"
#include "api/expression_params.h"
#include "api/legacy_params.h"
#include "api/members.h"
#include "api/table_lookup.h"
#include "model/errors.h"
#include "model/index_key_violation.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/key_checks.h"

namespace minnow::api {

using requests::ReturnValues;

namespace {
constexpr MemberField<WriteMembers> kWriteMembers[] = {
    {"TableName", &WriteMembers::table_name},
    {"Item", &WriteMembers::item},
    {"Key", &WriteMembers::key},
    {"AttributeUpdates", &WriteMembers::attribute_updates},
    {"Expected", &WriteMembers::expected},
    {"ConditionalOperator", &WriteMembers::conditional_operator},
    {"ReturnValues", &WriteMembers::return_values},
    {"ReturnConsumedCapacity", &WriteMembers::return_consumed_capacity},
    {"ReturnItemCollectionMetrics", &WriteMembers::return_item_collection_metrics},
    {"ConditionExpression", &WriteMembers::condition_expression},
    {"UpdateExpression", &WriteMembers::update_expression},
    {"ExpressionAttributeNames", &WriteMembers::names},
    {"ExpressionAttributeValues", &WriteMembers::values},
    {"ReturnValuesOnConditionCheckFailure", &WriteMembers::on_condition_failure},
};

WriteMembers read_write_members(const JsonValue& request) { return read_members(request, kWriteMembers); }

// The expression members of a write (an update's UpdateExpression too), after the check of which
// expression and legacy parameters it combines (ConditionalOperator counts as a legacy one).
ExpressionMembers write_expressions(const WriteMembers& m, bool update) {
  ExpressionMembers expression{.names = m.names, .values = m.values, .condition = m.condition_expression};
  if (update) {
    expression.update = m.update_expression;
    validate_expression_params(
        {{"UpdateExpression", m.update_expression}, {"ConditionExpression", m.condition_expression}},
        {{"AttributeUpdates", m.attribute_updates},
         {"Expected", m.expected},
         {"ConditionalOperator", m.conditional_operator}},
        expression);
  } else {
    validate_expression_params({{"ConditionExpression", m.condition_expression}},
                               {{"Expected", m.expected}, {"ConditionalOperator", m.conditional_operator}}, expression);
  }
  return expression;
}

// ReturnValues (null: NONE). `put_or_delete`: only NONE and ALL_OLD are allowed ("ReturnValues
// can only be ALL_OLD or NONE"); the Shape has checked the value is one of the five.
requests::ReturnValues decode_return_values(const JsonValue* value, bool put_or_delete) {
  if (!value) return ReturnValues::None;
  std::string_view s = view(*value);
  ReturnValues r = s == "ALL_OLD"       ? ReturnValues::AllOld
                   : s == "UPDATED_OLD" ? ReturnValues::UpdatedOld
                   : s == "ALL_NEW"     ? ReturnValues::AllNew
                   : s == "UPDATED_NEW" ? ReturnValues::UpdatedNew
                                        : ReturnValues::None;
  if (put_or_delete && r != ReturnValues::AllOld && r != ReturnValues::None)
    throw model::Error(model::kReturnValuesPutDelete);
  return r;
}

// The condition of a write: the compiled ConditionExpression, or else Expected with
// ConditionalOperator (DynamoDB's errors for a bad Expected), and
// ReturnValuesOnConditionCheckFailure.
requests::WriteCondition decode_write_condition(std::optional<expressions::Condition> compiled,
                                                const JsonValue* expected, const JsonValue* conditional_operator,
                                                const JsonValue* on_condition_failure) {
  requests::WriteCondition condition;
  condition.expression = std::move(compiled);
  if (!condition.expression && expected) {
    auto conditions = decode_conditions(*expected);
    if (!conditions.empty())
      condition.expression =
          expressions::condition_from_expected(conditions, conditional_operator_is_or(conditional_operator));
  }
  condition.return_old_on_failure = on_condition_failure && view(*on_condition_failure) == "ALL_OLD";
  return condition;
}

// UpdateItem's checks against the table, between ConditionalOperator and the condition's key
// paths (DynamoDB's order, dynalite's capture): a key attribute written, even through a nested
// path; an index key set to a value of a known, wrong type; nested paths into the table's key,
// then into an index key, read or written by the update.
void check_update_against(const requests::Update& update, const engine::Table& table) {
  const model::KeySchema& schema = table.key_schema();
  requests::check_no_key_updates(update.written_attributes(), schema);
  const std::vector<engine::IndexKeyAttribute> index_keys = table.index_key_attributes();
  requests::check_index_key_types(update.expression ? &*update.expression : nullptr, update.attribute_updates,
                                  index_keys);
  if (!update.expression) return;
  std::vector<expressions::Path> paths = update.expression->paths();
  std::vector<expressions::Path> values = requests::read_paths(nullptr, &*update.expression, nullptr);
  paths.insert(paths.end(), values.begin(), values.end());
  requests::check_key_paths(paths, schema);
  requests::check_index_key_paths(paths, index_keys);
}

// What PutItemRequest, UpdateItemRequest and DeleteItemRequest hold.
struct ItemWrite {
  std::shared_ptr<engine::Table> table;
  requests::WriteOperation operation;  // Put, Update or Delete
  requests::ReturnValues return_values = requests::ReturnValues::None;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
  bool return_item_collection_metrics = false;
};

ItemWrite decode_item_write(const ActionContext& context, const JsonValue& json, ItemWriteKind kind) {
  WriteBody body = decode_write_body(json, kind, /*return_values=*/true);
  const WriteMembers& m = body.m;
  ItemWrite w;
  w.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  const model::KeySchema& schema = w.table->key_schema();
  if (auto* put = std::get_if<requests::Put>(&body.operation)) {
    put->key = key_attributes(put->stored, schema);
    model::validate_item_key(put->key, schema);
  } else {
    model::validate_key(requests::key_of(body.operation), schema);
  }
  check_conditional_operator(m.conditional_operator, m.expected);
  if (const auto* update = std::get_if<requests::Update>(&body.operation)) check_update_against(*update, *w.table);
  requests::check_key_paths(body.condition_reads, schema);
  w.operation = std::move(body.operation);
  w.return_values = body.return_values;
  w.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  w.return_item_collection_metrics = item_collection_metrics_wanted(m.return_item_collection_metrics);
  return w;
}

template <class Request, class Operation>
Request item_request(ItemWrite w, Operation Request::*operation) {
  Request r;
  r.table = std::move(w.table);
  r.*operation = std::get<Operation>(std::move(w.operation));
  r.return_values = w.return_values;
  r.return_consumed_capacity = w.return_consumed_capacity;
  r.return_item_collection_metrics = w.return_item_collection_metrics;
  return r;
}

}  // namespace

model::AttributeMap key_attributes(std::string_view stored, const model::KeySchema& schema) {
  if (!schema.range) return model::decode_attributes(stored, {schema.hash.name});
  return model::decode_attributes(stored, {schema.hash.name, schema.range->name});
}

WriteBody decode_write_body(const JsonValue& json, ItemWriteKind kind, bool return_values) {
  WriteBody w;
  w.m = read_write_members(json);
  const WriteMembers& m = w.m;
  const ExpressionMembers expression = write_expressions(m, /*update=*/kind == ItemWriteKind::Update);
  requests::Put put;
  model::AttributeMap key;
  std::vector<expressions::AttributeUpdate> attribute_updates;
  if (kind == ItemWriteKind::Put) {
    put.stored = encode_attribute_map(*m.item);
    if (return_values) w.return_values = decode_return_values(m.return_values, /*put_or_delete=*/true);
    put.size = model::encoded_item_size(put.stored);
    if (put.size > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
  } else {
    key = decode_attribute_map(*m.key);
    if (kind == ItemWriteKind::Update && m.attribute_updates) {
      attribute_updates = decode_attribute_updates(*m.attribute_updates);
      expressions::validate_attribute_updates(attribute_updates);
    }
  }
  expressions::Compiled compiled = compile_expressions(expression);
  w.condition_reads = requests::read_paths(compiled.condition ? &*compiled.condition : nullptr, nullptr, nullptr);
  requests::WriteCondition condition =
      decode_write_condition(std::move(compiled.condition), m.expected, m.conditional_operator, m.on_condition_failure);
  if (return_values && kind != ItemWriteKind::Put)
    w.return_values = decode_return_values(m.return_values, /*put_or_delete=*/kind == ItemWriteKind::Delete);
  switch (kind) {
    case ItemWriteKind::Put:
      put.condition = std::move(condition);
      w.operation = std::move(put);
      break;
    case ItemWriteKind::Update:
      w.operation = requests::Update{std::move(key), std::move(compiled.update), std::move(attribute_updates),
                                     std::move(condition)};
      break;
    case ItemWriteKind::Delete:
      w.operation = requests::Delete{std::move(key), std::move(condition)};
      break;
    case ItemWriteKind::ConditionCheck:
      w.operation = requests::ConditionCheck{std::move(key), std::move(condition)};
      break;
  }
  return w;
}

requests::PutItemRequest decode_put_item(const ActionContext& context, const JsonValue& json) {
  return item_request(decode_item_write(context, json, ItemWriteKind::Put), &requests::PutItemRequest::put);
}
requests::UpdateItemRequest decode_update_item(const ActionContext& context, const JsonValue& json) {
  return item_request(decode_item_write(context, json, ItemWriteKind::Update), &requests::UpdateItemRequest::update);
}
requests::DeleteItemRequest decode_delete_item(const ActionContext& context, const JsonValue& json) {
  return item_request(decode_item_write(context, json, ItemWriteKind::Delete), &requests::DeleteItemRequest::del);
}

void check_conditional_operator(const JsonValue* conditional_operator, const JsonValue* expected) {
  if (!conditional_operator) return;
  if (!expected || !expected->IsObject() || expected->MemberCount() == 0)
    throw model::Error(model::kConditionalOperatorWithoutFilter);
}

bool item_collection_metrics_wanted(const JsonValue* value) { return value && view(*value) == "SIZE"; }

bool has_item_collections(const engine::Table& table) { return !table.definition().local_indexes.empty(); }

void write_item_collection_metrics(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key) {
  const std::string& hash = table.key_schema().hash.name;
  out.StartObject();
  out.Key("ItemCollectionKey");
  out.StartObject();
  out.Key(hash.data(), hash.size());
  write_value(out, key.at(hash));
  out.EndObject();
  out.Key("SizeEstimateRangeGB");
  out.StartArray();
  out.Int(0);
  out.Int(1);
  out.EndArray();
  out.EndObject();
}

std::optional<model::Error> failure_error(const requests::ItemWriteResult& result, bool in_update,
                                          bool condition_check) {
  using Status = requests::ItemWriteResult::Status;
  switch (result.status) {
    case Status::Written:
      return std::nullopt;
    case Status::ConditionFailed: {
      model::Error error(condition_check ? model::kConditionCheckFailed : model::kConditionalCheckFailed);
      if (result.failed_item) error.item = std::make_shared<model::AttributeValue>(*result.failed_item);
      return error;
    }
    case Status::ItemTooLarge:
      return model::Error(model::kUpdateItemTooLarge);
    case Status::Invalid:
      return *result.error;
    case Status::IndexKeyInvalid:
      return model::index_key_error(*result.index_key, in_update);
    case Status::Conflict:
      return model::Error(model::kTransactionConflict);
    case Status::Throttled:
      return *result.error;
  }
  return std::nullopt;
}

void write_item_write_answer(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key,
                             ReturnConsumedCapacity capacity, bool item_collection_metrics,
                             const requests::ItemWriteResult& result, bool in_update) {
  if (auto error = failure_error(result, in_update)) throw *error;
  out.StartObject();
  if (result.attributes && !result.attributes->empty()) {
    out.Key("Attributes");
    write_attribute_map(out, *result.attributes);
  }
  write_consumed_capacity(out, capacity, table.name(), result.consumed);
  if (item_collection_metrics && has_item_collections(table)) {
    out.Key("ItemCollectionMetrics");
    write_item_collection_metrics(out, table, key);
  }
  out.EndObject();
}

}  // namespace minnow::api
