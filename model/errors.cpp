#include "model/errors.h"

#include "model/attribute_value.h"

namespace minnow::model {

const char* error_code_name(ErrorCode code) {
  switch (code) {
#define MINNOW_CODE(name) \
  case ErrorCode::name:   \
    return #name;
    MINNOW_CODE(ValidationException)
    MINNOW_CODE(SerializationException)
    MINNOW_CODE(UnknownOperationException)
    MINNOW_CODE(MissingAuthenticationTokenException)
    MINNOW_CODE(IncompleteSignatureException)
    MINNOW_CODE(InvalidSignatureException)
    MINNOW_CODE(UnrecognizedClientException)
    MINNOW_CODE(AccessDeniedException)
    MINNOW_CODE(ResourceNotFoundException)
    MINNOW_CODE(ResourceInUseException)
    MINNOW_CODE(ConditionalCheckFailedException)
    MINNOW_CODE(LimitExceededException)
    MINNOW_CODE(TransactionCanceledException)
    MINNOW_CODE(TransactionConflictException)
    MINNOW_CODE(TransactionInProgressException)
    MINNOW_CODE(IdempotentParameterMismatchException)
    MINNOW_CODE(ItemCollectionSizeLimitExceededException)
    MINNOW_CODE(ProvisionedThroughputExceededException)
    MINNOW_CODE(RequestLimitExceeded)
    MINNOW_CODE(DuplicateItemException)
    MINNOW_CODE(BackupNotFoundException)
    MINNOW_CODE(BackupInUseException)
    MINNOW_CODE(TableNotFoundException)
    MINNOW_CODE(TableAlreadyExistsException)
    MINNOW_CODE(TableInUseException)
    MINNOW_CODE(ContinuousBackupsUnavailableException)
    MINNOW_CODE(PointInTimeRecoveryUnavailableException)
    MINNOW_CODE(PolicyNotFoundException)
    MINNOW_CODE(ExpiredIteratorException)
    MINNOW_CODE(TrimmedDataAccessException)
    MINNOW_CODE(InternalServerError)
#undef MINNOW_CODE
  }
  return "InternalServerError";
}

Error validation(std::string message) { return Error(ErrorCode::ValidationException, std::move(message)); }
Error serialization(std::string message) {
  return Error(ErrorCode::SerializationException, std::move(message));
}
Error internal_error() {
  return Error(ErrorCode::InternalServerError, "Internal server error");
}

Error unknown_operation() { return Error(ErrorCode::UnknownOperationException, ""); }
Error missing_authentication_token() {
  return Error(ErrorCode::MissingAuthenticationTokenException, "Request is missing Authentication Token");
}
Error malformed_json() { return serialization("Start of structure or map found where not expected."); }

Error resource_not_found() {
  return Error(ErrorCode::ResourceNotFoundException, "Requested resource not found");
}
Error table_not_found(const std::string& table) {
  return Error(ErrorCode::ResourceNotFoundException, "Requested resource not found: Table: " + table + " not found");
}
Error table_in_use(const std::string& table) {
  return Error(ErrorCode::ResourceInUseException, "Table already exists: " + table);
}

Error number_not_numeric() { return validation("The parameter cannot be converted to a numeric value"); }
Error number_not_numeric(const std::string& text) {
  return validation("The parameter cannot be converted to a numeric value: " + text);
}
Error number_overflow() {
  return validation("Number overflow. Attempting to store a number with magnitude larger than supported range");
}
Error number_underflow() {
  return validation("Number underflow. Attempting to store a number with magnitude smaller than supported range");
}
Error number_too_many_digits() {
  return validation("Attempting to store more than 38 significant digits in a Number");
}
Error number_arithmetic_overflow() {
  return validation("Number overflow. Attempting to store a number with magnitude larger than supported range");
}

Error attribute_value_empty() {
  return validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
}
Error attribute_value_multiple_types() {
  return validation(
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
}
Error null_must_be_true() {
  return validation("One or more parameter values were invalid: Null attribute value types must have the value of true");
}
// The double space is DynamoDB's.
Error empty_string_set() { return validation("One or more parameter values were invalid: An string set  may not be empty"); }
Error empty_number_set() { return validation("One or more parameter values were invalid: An number set  may not be empty"); }
Error empty_binary_set() { return validation("One or more parameter values were invalid: Binary sets should not be empty"); }
Error string_set_duplicates(const std::string& members) {
  return validation("One or more parameter values were invalid: Input collection " + members + " contains duplicates.");
}
Error number_set_duplicates() { return validation("Input collection contains duplicates"); }
Error binary_set_duplicates(const std::string& members) {
  return validation("One or more parameter values were invalid: Input collection " + members + "of type BS contains duplicates.");
}
Error nesting_too_deep() { return validation("Nesting Levels have exceeded supported limits"); }

Error cannot_convert(const std::string& json_kind, const std::string& type) {
  return serialization(json_kind + " cannot be converted to " + type);
}
Error base64_length(std::size_t length) {
  return serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " + std::to_string(length));
}
Error base64_invalid() { return serialization("Invalid last non-pad Base64 character dectected"); }

Error key_does_not_match_schema() { return validation("The provided key element does not match the schema"); }
Error missing_key_in_item(const std::string& name) {
  return validation("One or more parameter values were invalid: Missing the key " + name + " in the item");
}
Error key_type_mismatch(const std::string& name, ValueType expected, ValueType actual) {
  return validation("One or more parameter values were invalid: Type mismatch for key " + name + " expected: " +
                    value_type_name(expected) + " actual: " + value_type_name(actual));
}
Error key_empty_value(const std::string& name, ValueType type, bool in_item) {
  return validation(std::string(in_item ? "One or more parameter values are not valid." : "One or more parameter values were invalid:") +
                    " The AttributeValue for a key attribute cannot contain an empty " +
                    (type == ValueType::S ? "string" : "binary") + " value. Key: " + name);
}
// "of2048" is DynamoDB's spelling.
Error partition_key_too_large() {
  return validation("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
}
Error sort_key_too_large() {
  return validation(
      "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
}

Error item_too_large() { return validation("Item size has exceeded the maximum allowed size"); }
Error conditional_check_failed() {
  return Error(ErrorCode::ConditionalCheckFailedException, "The conditional request failed");
}

}  // namespace minnow::model
