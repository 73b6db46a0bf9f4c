// The condition of a conditional write (ConditionExpression or legacy Expected), checked
// against the stored item inside the table's critical section.
#pragma once

#include <optional>

#include "api/json.h"
#include "expressions/ast.h"
#include "expressions/resolve.h"
#include "model/attribute_value.h"

namespace minnow::api {

class WriteCondition {
 public:
  // From the compiled ConditionExpression, or else from Expected + ConditionalOperator.
  // Throws DynamoDB's validation errors for a bad Expected.
  WriteCondition(const JsonValue& request, std::optional<expressions::Condition> compiled);

  // Throws ConditionalCheckFailedException (carrying the old item when
  // ReturnValuesOnConditionCheckFailure is ALL_OLD) when the condition is false.
  void check(const model::Item* existing) const;
  // Whether there is a condition at all (none: check passes whatever the item).
  bool empty() const { return !condition_; }

 private:
  std::optional<expressions::Condition> condition_;
  bool return_old_on_failure_ = false;
};

// "ConditionalOperator cannot be used without Filter or Expected" (DynamoDB Local's check, made
// once the table and the key are known) when ConditionalOperator is given and Expected is absent
// or empty.
void validate_conditional_operator(const JsonValue& request);

}  // namespace minnow::api
