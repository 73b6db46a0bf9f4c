#include "model/expression_errors.h"

namespace minnow::model {

const char* const kExprAnyTypeSet = "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}";

Error expr_invalid(std::string_view kind, std::string_view detail) {
  Error error = validation(concat({"Invalid ", kind, "Expression: ", detail}));
  error.expression_detail = detail;
  return error;
}

std::string expr_syntax(std::string_view token, std::string_view near) {
  return concat({"Syntax error; token: \"", token, "\", near: \"", near, "\""});
}
std::string expr_too_large(std::size_t bytes, bool with_size) {
  std::string out = "Expression size has exceeded the maximum allowed size;";
  if (with_size) out += " expression size: " + std::to_string(bytes);
  return out;
}
std::string expr_too_many_operators(std::size_t count) {
  return "The expression contains too many operators; operator count: " + std::to_string(count);
}
std::string expr_path_too_deep(std::size_t levels) {
  return "The document path has too many nesting levels; nesting levels: " + std::to_string(levels);
}
std::string expr_list_index_out_of_range(std::string_view digits) {
  return concat({"List index is not within the allowable range; index: [", digits, "]"});
}
std::string expr_in_too_many_operands(std::size_t count) {
  return "The IN operator is provided with too many operands; number of operands: " + std::to_string(count);
}
std::string expr_reserved_keyword(std::string_view word) {
  return concat({"Attribute name is a reserved keyword; reserved keyword: ", word});
}
std::string expr_undefined_name(std::string_view placeholder) {
  return concat({"An expression attribute name used in the document path is not defined; attribute name: ", placeholder});
}
std::string expr_undefined_value(std::string_view placeholder) {
  return concat({"An expression attribute value used in expression is not defined; attribute value: ", placeholder});
}
std::string expr_invalid_function(std::string_view name) { return concat({"Invalid function name; function: ", name}); }
std::string expr_function_not_in_update(std::string_view name) {
  return concat({"The function is not allowed in an update expression; function: ", name});
}
std::string expr_function_not_in_condition(std::string_view name) {
  return concat({"The function is not allowed in a condition expression; function: ", name});
}
std::string expr_function_misused(std::string_view name) {
  return concat({"The function is not allowed to be used this way in an expression; function: ", name});
}
std::string expr_operand_count(std::string_view function, std::size_t count) {
  return concat({"Incorrect number of operands for operator or function; operator or function: ", function,
              ", number of operands: ", std::to_string(count)});
}
std::string expr_requires_path(std::string_view function) {
  return concat({"Operator or function requires a document path; operator or function: ", function});
}
std::string expr_operand_type(std::string_view function, std::string_view type) {
  return concat(
      {"Incorrect operand type for operator or function; operator or function: ", function, ", operand type: ", type});
}
std::string expr_update_operand_type(std::string_view clause, std::string_view type_word) {
  return concat({"Incorrect operand type for operator or function; operator: ", clause, ", operand type: ", type_word,
              ", typeSet: ALLOWED_FOR_", clause, "_OPERAND"});
}
std::string expr_not_distinct(std::string_view op, std::string_view path) {
  return concat(
      {"The first operand must be distinct from the remaining operands for this operator or function; "
       "operator: ",
       op, ", first operand: ", path});
}
std::string expr_invalid_type_name(std::string_view type) {
  return concat({"Invalid attribute type name found; type: ", type, ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"});
}
std::string expr_between_types(std::string_view lower, std::string_view upper) {
  return concat(
      {"The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: "
       "AttributeValue: ",
       lower, ", upper bound operand: AttributeValue: ", upper});
}
std::string expr_between_order(std::string_view lower, std::string_view upper) {
  return concat(
      {"The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound "
       "operand: AttributeValue: ",
       lower, ", upper bound operand: AttributeValue: ", upper});
}
std::string expr_section_twice(std::string_view section) {
  return concat({"The \"", section, "\" section can only be used once in an update expression;"});
}
std::string expr_paths_overlap(std::string_view one, std::string_view two) {
  return concat({"Two document paths overlap with each other; must remove or rewrite one of these paths; path one: ", one,
              ", path two: ", two});
}
std::string expr_paths_conflict(std::string_view one, std::string_view two) {
  return concat({"Two document paths conflict with each other; must remove or rewrite one of these paths; path one: ", one,
              ", path two: ", two});
}

Error expr_names_invalid_key(std::string_view key) {
  return validation(concat({"ExpressionAttributeNames contains invalid key: Syntax error; key: \"", key, "\""}));
}
Error expr_values_invalid_key(std::string_view key) {
  return validation(concat({"ExpressionAttributeValues contains invalid key: Syntax error; key: \"", key, "\""}));
}
Error expr_names_key_too_long(std::size_t size) {
  return validation(
      "ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; "
      "size of key: " +
      std::to_string(size));
}
Error expr_names_value_too_large(std::string_view key) {
  return validation(concat(
      {"ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than 65536 bytes for key ",
       key}));
}
Error expr_names_empty_value(std::string_view key) {
  return validation(concat({"ExpressionAttributeNames contains invalid value: Empty attribute name for key ", key}));
}
Error expr_unused_names(std::string_view keys) {
  return validation(concat({"Value provided in ExpressionAttributeNames unused in expressions: keys: {", keys, "}"}));
}
Error expr_unused_values(std::string_view keys) {
  return validation(concat({"Value provided in ExpressionAttributeValues unused in expressions: keys: {", keys, "}"}));
}

Error key_condition_invalid_operator(std::string_view op) {
  return validation(concat({"Invalid operator used in KeyConditionExpression: ", op}));
}
Error key_condition_first_operand(std::string_view op) {
  return validation(concat({"Invalid condition in KeyConditionExpression: ", op,
                         " operator must have the key attribute as its first operand"}));
}

}  // namespace minnow::model

namespace minnow::model {

Error legacy_invalid(std::string_view detail) { return validation(MINNOW_INVALID_PARAMETERS + std::string(detail)); }
std::string legacy_value_and_list(std::string_view attribute) {
  return "Value and AttributeValueList cannot be used together for Attribute: " + std::string(attribute);
}
std::string legacy_exists_and_operator(std::string_view attribute) {
  return "Exists and ComparisonOperator cannot be used together for Attribute: " + std::string(attribute);
}
std::string legacy_operator_needs_value(std::string_view op, std::string_view attribute) {
  return "Value or AttributeValueList must be used with ComparisonOperator: " + std::string(op) +
         " for Attribute: " + std::string(attribute);
}
std::string legacy_argument_count(std::string_view op) {
  return "Invalid number of argument(s) for the " + std::string(op) + " ComparisonOperator";
}
std::string legacy_operator_type(std::string_view op, std::string_view type) {
  return "ComparisonOperator " + std::string(op) + " is not valid for " + std::string(type) + " AttributeValue type";
}
std::string legacy_list_without_operator(std::string_view attribute) {
  return "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + std::string(attribute);
}
std::string legacy_value_required(std::string_view exists, std::string_view attribute) {
  return "Value must be provided when Exists is " + std::string(exists) + " for Attribute: " + std::string(attribute);
}
std::string legacy_value_with_exists_false(std::string_view attribute) {
  return "Value cannot be used when Exists is false for Attribute: " + std::string(attribute);
}
std::string legacy_update_type(std::string_view action, std::string_view type_word) {
  if (action == "DELETE") return "DELETE action with value is not supported for the type " + std::string(type_word);
  return std::string(action) + " action is not supported for the type " + std::string(type_word);
}

}  // namespace minnow::model
