#include "model/errors.h"

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

Error item_too_large() { return validation("Item size has exceeded the maximum allowed size"); }
Error conditional_check_failed() {
  return Error(ErrorCode::ConditionalCheckFailedException, "The conditional request failed");
}

}  // namespace minnow::model
