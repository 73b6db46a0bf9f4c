#include "api/expression_params.h"

#include <string>
#include <vector>

#include "model/errors.h"

namespace minnow::api {

void validate_expression_params(const JsonValue& request, std::initializer_list<const char*> expressions,
                                std::initializer_list<const char*> non_expressions) {
  std::vector<std::string> used_expressions;
  for (const char* e : expressions)
    if (member(request, e)) used_expressions.emplace_back(e);
  if (!used_expressions.empty()) {
    bool key_conditions_alone = member(request, "KeyConditions") && !member(request, "KeyConditionExpression");
    std::vector<std::string> used_legacy;
    for (const char* n : non_expressions) {
      if (key_conditions_alone && std::string_view(n) == "KeyConditions") continue;
      if (member(request, n)) used_legacy.emplace_back(n);
    }
    if (!used_legacy.empty()) throw model::mixed_expression_parameters(used_legacy, used_expressions);
  }
  if (member(request, "ExpressionAttributeNames") && used_expressions.empty())
    throw model::Error(model::kNamesWithoutExpressions);
  std::vector<std::string> value_expressions;
  bool any_value_expression = false;
  for (const char* e : expressions) {
    if (std::string_view(e) == "ProjectionExpression") continue;
    value_expressions.emplace_back(e);
    if (member(request, e)) any_value_expression = true;
  }
  if (!value_expressions.empty() && member(request, "ExpressionAttributeValues") && !any_value_expression)
    throw model::values_without_expressions(value_expressions);
}

void reject_unsupported_expressions(const JsonValue& request, std::initializer_list<const char*> expressions) {
  for (const char* e : expressions)
    if (member(request, e)) throw model::not_yet_supported(e);
}

}  // namespace minnow::api
