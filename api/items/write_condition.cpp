#include "api/items/write_condition.h"

#include <memory>

#include "api/legacy_params.h"
#include "expressions/evaluate.h"
#include "expressions/legacy.h"
#include "model/errors.h"

namespace minnow::api {

WriteCondition::WriteCondition(const JsonValue& request, std::optional<expressions::Condition> compiled)
    : condition_(std::move(compiled)) {
  if (!condition_) {
    if (const JsonValue* expected = member(request, "Expected")) {
      auto conditions = decode_conditions(*expected);
      if (!conditions.empty())
        condition_ = expressions::condition_from_expected(conditions, conditional_operator_is_or(request));
    }
  }
  const JsonValue* on_failure = member(request, "ReturnValuesOnConditionCheckFailure");
  return_old_on_failure_ = on_failure && view(*on_failure) == "ALL_OLD";
}

void WriteCondition::check(const model::Item* existing) const {
  if (!condition_ || expressions::evaluate(*condition_, existing)) return;
  model::Error error = model::Error(model::kConditionalCheckFailed);
  if (return_old_on_failure_ && existing) error.item = std::make_shared<model::AttributeValue>(*existing);
  throw error;
}

void validate_conditional_operator(const JsonValue& request) {
  if (!member(request, "ConditionalOperator")) return;
  const JsonValue* expected = member(request, "Expected");
  if (!expected || !expected->IsObject() || expected->MemberCount() == 0)
    throw model::Error(model::kConditionalOperatorWithoutFilter);
}

}  // namespace minnow::api
