// DynamoDB's messages for the expression language (ConditionExpression, FilterExpression,
// KeyConditionExpression, ProjectionExpression, UpdateExpression) and for the placeholder maps
// (ExpressionAttributeNames, ExpressionAttributeValues).
//
// Every text was captured from DynamoDB (through dynalite, whose messages were recorded from the
// service) or from DynamoDB Local; tests/expressions/golden_test.cpp pins each one. All of them are
// ValidationExceptions. Messages that belong to one expression get the "Invalid <Kind>Expression: "
// prefix from expr_invalid(); the others are complete as they are.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "model/errors.h"

namespace minnow::model {

// "Invalid UpdateExpression: " + detail. `kind` is "Condition", "Filter", "KeyCondition",
// "Projection" or "Update".
Error expr_invalid(std::string_view kind, std::string_view detail);

// ---- Details (the part after "Invalid <Kind>Expression: ") -------------------------------------
inline constexpr const char* kExprEmpty = "The expression can not be empty;";
std::string expr_syntax(std::string_view token, std::string_view near);  // token "<EOF>" at the end
std::string expr_too_large(std::size_t bytes, bool with_size);
std::string expr_too_many_operators(std::size_t count);
std::string expr_path_too_deep(std::size_t levels);
std::string expr_list_index_out_of_range(std::string_view digits);
std::string expr_in_too_many_operands(std::size_t count);
std::string expr_reserved_keyword(std::string_view word);
std::string expr_undefined_name(std::string_view placeholder);
std::string expr_undefined_value(std::string_view placeholder);
std::string expr_invalid_function(std::string_view name);
std::string expr_function_not_in_update(std::string_view name);
std::string expr_function_not_in_condition(std::string_view name);
std::string expr_function_misused(std::string_view name);
inline constexpr const char* kExprRedundantParentheses = "The expression has redundant parentheses;";
std::string expr_operand_count(std::string_view function, std::size_t count);
std::string expr_requires_path(std::string_view function);
std::string expr_operand_type(std::string_view function, std::string_view type);
std::string expr_update_operand_type(std::string_view clause, std::string_view type_word);  // ADD/DELETE
std::string expr_not_distinct(std::string_view op, std::string_view path);
std::string expr_invalid_type_name(std::string_view type);
std::string expr_between_types(std::string_view lower, std::string_view upper);  // "{N:1}"
std::string expr_between_order(std::string_view lower, std::string_view upper);
std::string expr_section_twice(std::string_view section);
std::string expr_paths_overlap(std::string_view one, std::string_view two);
std::string expr_paths_conflict(std::string_view one, std::string_view two);
// The operand type list that attribute_type reports for a non-constant second operand.
extern const char* const kExprAnyTypeSet;

// ---- Complete messages -------------------------------------------------------------------------
inline constexpr FixedError kExprNamesEmpty{ErrorCode::ValidationException,
                                            "ExpressionAttributeNames must not be empty"};
inline constexpr FixedError kExprValuesEmpty{ErrorCode::ValidationException,
                                             "ExpressionAttributeValues must not be empty"};
Error expr_names_invalid_key(std::string_view key);
Error expr_values_invalid_key(std::string_view key);
Error expr_names_key_too_long(std::size_t size);
inline constexpr FixedError kExprValuesKeyTooLong{
    ErrorCode::ValidationException,
    "ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too "
    "long;"};  // DynamoDB gives no size here
Error expr_names_empty_value(std::string_view key);
Error expr_names_value_too_large(std::string_view key);  // a name over 65535 bytes (DynamoDB Local's text)
Error expr_unused_names(std::string_view keys);  // keys as "#a, #b"
Error expr_unused_values(std::string_view keys);

// Key conditions (Query).
Error key_condition_invalid_operator(std::string_view op);
Error key_condition_first_operand(std::string_view op);  // BETWEEN, begins_with
inline constexpr FixedError kKeyConditionNestedOperations{ErrorCode::ValidationException,
                                                          "KeyConditionExpressions cannot contain nested operations"};
inline constexpr FixedError kKeyConditionNestedAttributes{
    ErrorCode::ValidationException, "KeyConditionExpressions cannot have conditions on nested attributes"};
inline constexpr FixedError kKeyConditionMultipleNames{
    ErrorCode::ValidationException,
    "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"};
inline constexpr FixedError kKeyConditionNoKeyAttribute{
    ErrorCode::ValidationException, "Invalid condition in KeyConditionExpression: No key attribute specified"};
inline constexpr FixedError kKeyConditionOnePerKey{
    ErrorCode::ValidationException, "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key",
    "KeyConditionExpressions must only contain one condition per key"};

// Evaluation of updates against an item.
inline constexpr FixedError kUpdateOperandTypeMismatch{
    ErrorCode::ValidationException, "An operand in the update expression has an incorrect data type"};
inline constexpr FixedError kUpdateInvalidPath{
    ErrorCode::ValidationException, "The document path provided in the update expression is invalid for update"};
inline constexpr FixedError kUpdateMissingAttribute{
    ErrorCode::ValidationException, "The provided expression refers to an attribute that does not exist in the item"};
}  // namespace minnow::model

namespace minnow::model {

// ---- Legacy parameters (Expected, QueryFilter/ScanFilter, AttributeUpdates) ---------------------
// "One or more parameter values were invalid: " + detail.
Error legacy_invalid(std::string_view detail);
std::string legacy_value_and_list(std::string_view attribute);
std::string legacy_exists_and_operator(std::string_view attribute);
std::string legacy_operator_needs_value(std::string_view op, std::string_view attribute);
std::string legacy_argument_count(std::string_view op);
inline constexpr const char* kLegacyListSameType = "AttributeValues inside AttributeValueList must be of same type";
std::string legacy_operator_type(std::string_view op, std::string_view type);
std::string legacy_list_without_operator(std::string_view attribute);
std::string legacy_value_required(std::string_view exists, std::string_view attribute);  // exists: "true"/"null"
std::string legacy_value_with_exists_false(std::string_view attribute);
inline constexpr FixedError kLegacyBetweenOrder{
    ErrorCode::ValidationException,
    "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound"};  // complete
                                                                                                          // message
inline constexpr const char* kLegacyUpdateWithoutValue =
    "Only DELETE action is allowed when no attribute value is specified";
std::string legacy_update_type(std::string_view action, std::string_view type_word);  // ADD / DELETE
inline constexpr FixedError kLegacyUpdateTypeMismatch{ErrorCode::ValidationException,
                                                      "Type mismatch for attribute to update"};

}  // namespace minnow::model
