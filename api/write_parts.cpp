#include "api/write_parts.h"

#include <memory>

#include "api/codec.h"
#include "api/legacy_params.h"
#include "model/errors.h"
#include "model/index_key_violation.h"

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
}  // namespace

WriteMembers read_write_members(const JsonValue& request) { return read_members(request, kWriteMembers); }

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

void throw_if_failed(const requests::ItemWriteResult& result, bool in_update) {
  if (auto error = failure_error(result, in_update)) throw *error;
}

void write_item_write_response(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key,
                               ReturnConsumedCapacity capacity, bool item_collection_metrics,
                               const requests::ItemWriteResult& result) {
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
