#include "model/control_errors.h"

namespace minnow::model {

namespace {
constexpr const char* kInvalidParameters = "One or more parameter values were invalid: ";
}

// ---- Tags ------------------------------------------------------------------------------------
Error tag_arn_invalid(const std::string& arn) {
  return validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
}
// "ResourcArn" is DynamoDB's spelling.
Error tag_resource_not_found(const std::string& arn) {
  return Error(ErrorCode::ResourceNotFoundException, "Requested resource not found: ResourcArn: " + arn + " not found");
}
Error not_authorized(const std::string& account, const std::string& operation, const std::string& resource) {
  return Error(ErrorCode::AccessDeniedException, "User: arn:aws:iam::" + account +
                                                     ":root is not authorized to perform: dynamodb:" + operation +
                                                     " on resource: " + resource);
}
Error too_many_tags(std::size_t count) {
  return validation(std::string(kInvalidParameters) +
                    "Too many tags: a resource can have at most 50 tags, this one would have " + std::to_string(count));
}
Error tag_key_reserved(const std::string& key) {
  return validation(std::string(kInvalidParameters) + "Tag keys starting with 'aws:' are reserved for AWS use: " + key);
}
Error tag_duplicate_key(const std::string& key) {
  return validation(std::string(kInvalidParameters) + "Duplicate tag key: " + key);
}
Error tag_invalid_characters(const std::string& what, const std::string& text) {
  return validation(std::string(kInvalidParameters) + "Tag " + what + " '" + text +
                    "' may only contain letters, numbers, spaces and the characters + - = . _ : / @");
}

// ---- Backups and restores ----------------------------------------------------------------
Error backup_table_not_found(const std::string& table) {
  return Error(ErrorCode::TableNotFoundException, "Table not found: " + table);
}
Error backup_not_found(const std::string& arn) {
  return Error(ErrorCode::BackupNotFoundException, "Backup not found: " + arn);
}
Error table_already_exists(const std::string& table) {
  return Error(ErrorCode::TableAlreadyExistsException, "Table already exists: " + table);
}
Error restore_index_not_in_source(const std::string& kind, const std::string& index) {
  return validation(std::string(kInvalidParameters) + kind + " " + index +
                    " does not match any index of the source table");
}

}  // namespace minnow::model
