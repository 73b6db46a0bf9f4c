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
  Error e(ErrorCode::AccessDeniedException, "User: arn:aws:iam::" + account +
                                                ":root is not authorized to perform: dynamodb:" + operation +
                                                " on resource: " + resource);
  e.coral_message_key = true;  // the 2020 capture: {"__type": "...#AccessDeniedException", "Message": ...}
  return e;
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

// ---- Resource policies -------------------------------------------------------------------
Error policy_not_found(const std::string& arn) {
  return Error(ErrorCode::PolicyNotFoundException,
               "Resource-based policy not found for the provided ResourceArn: " + arn);
}
Error policy_resource_not_found(const std::string& arn) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: ResourceArn: " + arn + " not found");
}
Error policy_too_large(std::size_t bytes) {
  return validation(std::string(kInvalidParameters) + "The resource policy is " + std::to_string(bytes) +
                    " bytes, more than the maximum of 20480 bytes");
}

// ---- Contributor insights, Kinesis streaming destinations, auto scaling -------------------
Error table_index_not_found(const std::string& table, const std::string& index) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Index: " + index + " of table " + table + " not found");
}
Error replica_not_found(const std::string& table, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + table + " has no replica in region " + region);
}
Error kinesis_destination_in_use(const std::string& stream_arn) {
  return Error(ErrorCode::ResourceInUseException,
               "Kinesis streaming destination " + stream_arn + " is being changed or is already enabled");
}
Error kinesis_destination_not_found(const std::string& table, const std::string& stream_arn) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Table: " + table + " does not stream to " + stream_arn);
}

// ---- Global tables ---------------------------------------------------------------------------
Error duplicate_replica_update(const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Only one replica update per region is allowed: " + region);
}
Error replica_in_own_region(const std::string& table, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + table + " is in region " + region +
                    ": a replica must be in another region");
}
Error replica_exists(const std::string& table, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + table + " already has a replica in region " + region);
}
Error source_arn_invalid(const std::string& arn) {
  return validation(std::string(kInvalidParameters) + "GlobalTableSourceArn is not the ARN of a table: " + arn);
}
Error member_with_source_arn(const std::string& member) {
  return validation(std::string(kInvalidParameters) + member +
                    " cannot be given with GlobalTableSourceArn: the new replica takes its source table's");
}
Error source_name_differs(const std::string& table, const std::string& source) {
  return validation(std::string(kInvalidParameters) + "Table " + table +
                    " must have the name of its GlobalTableSourceArn's table: " + source);
}
Error source_not_enabled(const std::string& table, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + table + " in region " + region +
                    " does not have GlobalTableSettingsReplicationMode ENABLED");
}
Error replica_override_index_not_found(const std::string& table, const std::string& index) {
  return validation(std::string(kInvalidParameters) + "Table " + table + " has no global secondary index " + index);
}
Error witness_not_found(const std::string& table, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + table + " has no witness in region " + region);
}
Error global_table_2017(const std::string& table) {
  return validation(std::string(kInvalidParameters) + "Table " + table +
                    " is a global table of version 2017.11.29: change its replicas with UpdateGlobalTable");
}
Error global_table_not_found(const std::string& name) {
  return Error(ErrorCode::GlobalTableNotFoundException, "Global table not found: " + name);
}
Error global_table_exists(const std::string& name) {
  return Error(ErrorCode::GlobalTableAlreadyExistsException, "Global table already exists: " + name);
}
Error global_table_member_not_found(const std::string& name, const std::string& region) {
  return Error(ErrorCode::TableNotFoundException, "Table not found: " + name + " in region " + region);
}
Error global_table_member_not_empty(const std::string& name, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + name + " in region " + region +
                    " must be empty to join a global table");
}
Error global_table_key_schema_differs(const std::string& name, const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Table " + name + " in region " + region +
                    " has another key schema than the global table's");
}
Error replica_not_in_group(const std::string& name, const std::string& region) {
  return Error(ErrorCode::ReplicaNotFoundException, "Global table " + name + " has no replica in region " + region);
}
Error replica_already_in_group(const std::string& name, const std::string& region) {
  return Error(ErrorCode::ReplicaAlreadyExistsException,
               "Global table " + name + " already has a replica in region " + region);
}
Error duplicate_region(const std::string& region) {
  return validation(std::string(kInvalidParameters) + "Region " + region + " is given twice");
}
Error replica_table_exists(const std::string& table) {
  return validation("Failed to create a the new replica of table with name: '" + table +
                    "' because one or more replicas already existed as tables.");
}

}  // namespace minnow::model
