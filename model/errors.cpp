#include "model/errors.h"

#include "model/attribute_value.h"
#include "model/limits.h"

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
    MINNOW_CODE(ServiceUnavailable)
    MINNOW_CODE(ThrottlingException)
#undef MINNOW_CODE
  }
  return "InternalServerError";
}

Error validation(std::string message) { return Error(ErrorCode::ValidationException, std::move(message)); }
Error serialization(std::string message) { return Error(ErrorCode::SerializationException, std::move(message)); }
Error internal_error() { return Error(ErrorCode::InternalServerError, "Internal server error"); }

Error unknown_operation() { return Error(ErrorCode::UnknownOperationException, ""); }
Error missing_authentication_token() {
  return Error(ErrorCode::MissingAuthenticationTokenException, "Request is missing Authentication Token");
}
Error malformed_json() { return serialization("Start of structure or map found where not expected."); }
Error json_too_deep() {
  return serialization("Request JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
}
Error json_not_utf8() { return serialization(""); }

Error resource_not_found() { return Error(ErrorCode::ResourceNotFoundException, "Requested resource not found"); }
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
Error number_too_many_digits() { return validation("Attempting to store more than 38 significant digits in a Number"); }
Error number_arithmetic_overflow() {
  return validation("Number overflow. Attempting to store a number with magnitude larger than supported range");
}
Error number_arithmetic_precision() { return validation("DynamoDB only supports precision up to 38 digits"); }

Error attribute_value_empty() {
  return validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
}
Error attribute_value_multiple_types() {
  return validation(
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
}
Error null_must_be_true() {
  return validation(
      "One or more parameter values were invalid: Null attribute value types must have the value of true");
}
// The double space is DynamoDB's.
Error empty_string_set() {
  return validation("One or more parameter values were invalid: An string set  may not be empty");
}
Error empty_number_set() {
  return validation("One or more parameter values were invalid: An number set  may not be empty");
}
Error empty_binary_set() {
  return validation("One or more parameter values were invalid: Binary sets should not be empty");
}
Error string_set_duplicates(const std::string& members) {
  return validation("One or more parameter values were invalid: Input collection " + members + " contains duplicates.");
}
Error number_set_duplicates() { return validation("Input collection contains duplicates"); }
Error binary_set_duplicates(const std::string& members) {
  return validation("One or more parameter values were invalid: Input collection " + members +
                    "of type BS contains duplicates.");
}
// DynamoDB Local's full wording (dynalite has no nesting limit to compare with).
Error empty_attribute_name() { return validation("Empty attribute name"); }
Error nesting_too_deep() {
  return validation(
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported "
      "limit");
}

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
  return validation("One or more parameter values were invalid: Type mismatch for key " + name +
                    " expected: " + value_type_name(expected) + " actual: " + value_type_name(actual));
}
Error index_key_type_mismatch(const std::string& name, ValueType expected, ValueType actual, const std::string& index) {
  return validation("One or more parameter values were invalid: Type mismatch for Index Key " + name + " Expected: " +
                    value_type_name(expected) + " Actual: " + value_type_name(actual) + " IndexName: " + index);
}
Error index_key_update_empty_value(ValueType type) {
  return validation(
      std::string("One or more parameter values are not valid. The update expression attempted to update a "
                  "secondary index key to a value that is not supported. The AttributeValue for a key "
                  "attribute cannot contain an empty ") +
      (type == ValueType::S ? "string" : "binary") + " value.");
}
Error index_key_empty_value(const std::string& index, const std::string& name, ValueType type) {
  return validation(
      std::string("One or more parameter values are not valid. A value specified for a secondary index key "
                  "is not supported. The AttributeValue for a key attribute cannot contain an empty ") +
      (type == ValueType::S ? "string" : "binary") + " value. IndexName: " + index + ", IndexKey: " + name);
}
Error key_empty_value(const std::string& name, ValueType type, bool in_item) {
  return validation(std::string(in_item ? "One or more parameter values are not valid."
                                        : "One or more parameter values were invalid:") +
                    " The AttributeValue for a key attribute cannot contain an empty " +
                    (type == ValueType::S ? "string" : "binary") + " value. Key: " + name);
}
// "of2048" is DynamoDB's spelling.
Error partition_key_too_large() {
  return validation(
      "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
}
Error sort_key_too_large() {
  return validation(
      "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of "
      "1024 bytes");
}

namespace {
std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? separator : "") + parts[i];
  return s;
}
}  // namespace

Error mixed_expression_parameters(const std::vector<std::string>& non_expression,
                                  const std::vector<std::string>& expression) {
  return validation(
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: {" +
      join(non_expression, ", ") + "} Expression parameters: {" + join(expression, ", ") + "}");
}
Error names_without_expressions() {
  return validation("ExpressionAttributeNames can only be specified when using expressions");
}
Error values_without_expressions(const std::vector<std::string>& value_expressions) {
  return validation("ExpressionAttributeValues can only be specified when using expressions: " +
                    join(value_expressions, " and ") + (value_expressions.size() > 1 ? " are" : " is") + " null");
}
Error not_yet_supported(const std::string& feature) { return validation(feature + " is not yet supported by Minnow"); }
Error invalid_expression_value(const std::string& message, const std::string& key) {
  return validation("ExpressionAttributeValues contains invalid value: " + message + " for key " + key);
}
Error key_path_not_scalar(const std::string& key) {
  return validation(
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: " + key);
}
Error key_attribute_updated(const std::string& key) {
  return validation("One or more parameter values were invalid: Cannot update attribute " + key +
                    ". This attribute is part of the key");
}
Error update_nesting_too_deep() { return validation("Nesting Levels have exceeded supported limits"); }
Error update_item_too_large() { return validation("Item size to update has exceeded the maximum allowed size"); }
Error batch_duplicate_keys() { return validation("Provided list of item keys contains duplicates"); }
Error batch_get_too_many_keys() { return validation("Too many items requested for the BatchGetItem call"); }
Error batch_write_too_many_items() { return validation("Too many items requested for the BatchWriteItem call"); }
Error return_values_put_delete() { return validation("ReturnValues can only be ALL_OLD or NONE"); }
Error duplicate_attribute_to_get(const std::string& name) {
  return validation("One or more parameter values were invalid: Duplicate value in attribute name: " + name);
}

Error item_too_large() { return validation("Item size has exceeded the maximum allowed size"); }
Error conditional_check_failed() {
  return Error(ErrorCode::ConditionalCheckFailedException, "The conditional request failed");
}
Error transaction_conflict() {
  return Error(ErrorCode::TransactionConflictException, "Transaction is ongoing for the item");
}

Error transaction_canceled(std::vector<CancellationReason> reasons) {
  std::string message = "Transaction cancelled, please refer cancellation reasons for specific reasons [";
  for (std::size_t i = 0; i < reasons.size(); ++i) message += (i ? ", " : "") + reasons[i].code;
  Error error(ErrorCode::TransactionCanceledException, message + "]");
  error.cancellation_reasons = std::move(reasons);
  return error;
}
CancellationReason cancellation_reason(const Error& error) {
  std::string code;
  switch (error.code()) {
    case ErrorCode::ConditionalCheckFailedException:
      code = "ConditionalCheckFailed";
      break;
    case ErrorCode::TransactionConflictException:
      code = "TransactionConflict";
      break;
    case ErrorCode::ProvisionedThroughputExceededException:
      code = "ProvisionedThroughputExceeded";
      break;
    case ErrorCode::ItemCollectionSizeLimitExceededException:
      code = "ItemCollectionSizeLimitExceeded";
      break;
    default:
      code = "ValidationError";
      break;
  }
  return CancellationReason{code, error.message(), error.item};
}
Error condition_check_failed() {
  return Error(ErrorCode::ConditionalCheckFailedException, "The conditional request failed.");
}
Error transaction_same_item() {
  return validation("Transaction request cannot include multiple operations on one item");
}
Error transaction_item_multiple_actions() {
  return validation("TransactItems can only contain one of Check, Put, Update or Delete");
}
Error transaction_item_no_action() {
  return validation("Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
}
Error transaction_payload_too_large(std::size_t bytes) {
  return validation("Transaction payload size cannot exceed 4MB. Payload Size: " + std::to_string(bytes));
}
// DynamoDB Local sends no message; real DynamoDB's text was not captured.
Error idempotent_parameter_mismatch() {
  return Error(ErrorCode::IdempotentParameterMismatchException,
               "The request uses the same client token as a previous, but non-identical request.");
}
Error admin_invalid(const std::string& detail) { return validation("Invalid /_minnow call: " + detail); }
Error transaction_in_progress() {
  return Error(ErrorCode::TransactionInProgressException,
               "The transaction with the given request token is already in progress.");
}

// ---- Table actions -------------------------------------------------------------------------

namespace {
constexpr const char* kInvalid = "One or more parameter values were invalid: ";
std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s;
}
}  // namespace

Error throughput_with_pay_per_request() {
  return validation(
      std::string(kInvalid) +
      "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
}
Error throughput_required_for_provisioned() {
  return validation(std::string(kInvalid) +
                    "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
}
Error throughput_required_for_provisioned_update() {
  return validation(std::string(kInvalid) + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
}
Error throughput_out_of_bounds(const std::string& value, const std::string& member) {
  return validation("Given value " + value + " for " + member + " is out of bounds");
}
Error key_schema_attribute_without_definition() {
  return validation("Invalid KeySchema: Some index key attribute have no definition");
}
Error key_attributes_not_defined(const std::vector<std::string>& keys, const std::vector<std::string>& definitions) {
  return validation(std::string(kInvalid) +
                    "Some index key attributes are not defined in AttributeDefinitions. Keys: [" + join_names(keys) +
                    "], AttributeDefinitions: [" + join_names(definitions) + "]");
}
Error hash_and_range_same_name() {
  return validation("Both the Hash Key and the Range Key element in the KeySchema have the same name");
}
Error too_many_partition_keys() { return validation("Too many partition keys. GSI can have at most 4 partition keys"); }
Error too_many_sort_keys() { return validation("Too many sort keys. GSI can have at most 4 sort keys"); }
Error invalid_key_order() {
  return validation(
      "Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second");
}
Error duplicate_key_name() { return validation("Two keys can not have the same name"); }
Error first_key_not_hash() {
  return validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
}
Error second_key_not_range() {
  return validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
}
Error key_schema_attribute_count_mismatch() {
  return validation(std::string(kInvalid) +
                    "Number of attributes in KeySchema does not exactly match number of attributes defined in "
                    "AttributeDefinitions");
}
Error index_list_empty(const std::string& parameter) {
  return validation(std::string(kInvalid) + "List of " + parameter + " is empty");
}
Error table_without_range_key_for_lsi() {
  return validation(
      std::string(kInvalid) +
      "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex");
}
Error index_without_range_key(const std::string& index) {
  return validation(std::string(kInvalid) + "Index KeySchema does not have a range key for index: " + index);
}
Error lsi_hash_key_mismatch(const std::string& index, const std::string& index_hash, const std::string& table_hash) {
  return validation(std::string(kInvalid) +
                    "Index KeySchema does not have the same leading hash key as table KeySchema for index: " + index +
                    ". index hash key: " + index_hash + ", table hash key: " + table_hash);
}
Error projection_type_null() { return validation(std::string(kInvalid) + "Unknown ProjectionType: null"); }
Error include_without_non_key_attributes() {
  return validation(
      "If Projection type INCLUDE is specified, some non-key attributes to include in the projection must "
      "be specified as well");
}
Error too_many_projected_attributes() {
  return validation(
      "One or more parameter values were invalid: Number of projected attributes in all indexes exceeds "
      "limit of 100");
}
Error non_key_attributes_without_include(const std::string& projection_type) {
  return validation(std::string(kInvalid) + "ProjectionType is " + projection_type +
                    ", but NonKeyAttributes is specified");
}
Error duplicate_index_name(const std::string& index) {
  return validation(std::string(kInvalid) + "Duplicate index name: " + index);
}
Error too_many_local_indexes() {
  return validation(std::string(kInvalid) + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
}
Error index_throughput_with_pay_per_request(const std::string& index) {
  return validation(std::string(kInvalid) + "ProvisionedThroughput should not be specified for index: " + index +
                    " when BillingMode is PAY_PER_REQUEST");
}
Error index_throughput_required(const std::string& indexes) {
  return validation(std::string(kInvalid) + "ProvisionedThroughput must be specified for index: " + indexes);
}
Error too_many_global_indexes() {
  return validation(std::string(kInvalid) + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
}
Error duplicate_attribute_definition() { return validation("Cannot have two attributes with the same name"); }
Error attribute_definitions_unused(const std::vector<std::string>& definitions, const std::vector<std::string>& used) {
  return validation(std::string(kInvalid) + "Some AttributeDefinitions are not used. AttributeDefinitions: [" +
                    join_names(definitions) + "], keys used: [" + join_names(used) + "]");
}
Error stream_view_type_required() {
  return validation("Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.");
}
Error stream_view_type_without_stream() {
  return validation("Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.");
}
Error on_demand_throughput_out_of_range(const std::string& member) {
  return validation(std::string(kInvalid) + "Requested " + member +
                    " for OnDemandThroughput for table is outside of valid range");
}
Error nothing_to_update() {
  return validation(
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or "
      "SSESpecification or ReplicaUpdates is required");
}
Error throughput_unchanged(int64_t current_read, int64_t requested_read, int64_t current_write,
                           int64_t requested_write) {
  return validation(
      "The provisioned throughput for the table will not change. The requested value equals the current value. "
      "Current ReadCapacityUnits provisioned for the table: " +
      std::to_string(current_read) + ". Requested ReadCapacityUnits: " + std::to_string(requested_read) +
      ". Current WriteCapacityUnits provisioned for the table: " + std::to_string(current_write) +
      ". Requested WriteCapacityUnits: " + std::to_string(requested_write) +
      ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
}
Error index_update_action_required() {
  return validation(std::string(kInvalid) +
                    "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
                    "GlobalSecondaryIndexUpdate.Delete must not be null");
}
Error duplicate_index_update(const std::string& index) {
  return validation(std::string(kInvalid) +
                    "Only one global secondary index update per index is allowed simultaneously. Index: " + index);
}
Error too_many_index_updates() {
  return Error(ErrorCode::LimitExceededException,
               "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
}
Error index_update_blocked() {
  return validation(
      "This operation cannot be performed with given input values. Please contact DynamoDB service team for more "
      "info: Action Blocked: IndexUpdate");
}
Error index_already_exists() { return validation("Attempting to create an index which already exists"); }
Error no_attribute_schema() { return validation("No Attribute Schema Defined"); }
Error attribute_not_defined(const std::string& attribute) {
  return validation("Attribute " + attribute + " is not defined in AttributeDefinitions");
}
Error global_index_not_found() { return validation("Invalid global secondary index name"); }
Error attribute_type_redefined() {
  return validation("invalid attribute, SchemaElement redefined should be of same type as previously defined");
}
Error stream_already_enabled() { return validation("Table already has an enabled stream"); }
Error no_stream_to_disable() { return validation("Table has no stream to disable"); }
Error deletion_protected() {
  return validation(
      "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
}

// ---- Query and Scan ------------------------------------------------------------------------
Error key_conditions_required() {
  return validation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
}
Error key_conditions_length() { return validation("Conditions can be of length 1 or 2 only"); }
Error index_not_found(const std::string& index) {
  return validation("The table does not have the specified index: " + index);
}
Error consistent_read_on_global_index() {
  return validation("Consistent reads are not supported on global secondary indexes");
}
Error select_all_attributes_on_global_index(const std::string& index) {
  return validation(
      "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
      "secondary index " +
      index + " because its projection type is not ALL");
}
Error global_index_does_not_project(const std::string& index, const std::vector<std::string>& attributes) {
  std::string list;
  for (const auto& a : attributes) list += (list.empty() ? "" : ", ") + a;
  return validation("One or more parameter values were invalid: Global secondary index " + index +
                    " does not project [" + list + "]");
}
Error hash_attributes_need_equality(const std::string& attribute) {
  return validation("HASH key attributes " + attribute + " must have equality conditions specified in the query");
}
Error range_attributes_need_equality(const std::string& attribute, const std::string& conditioned) {
  return validation(
      "RANGE key attributes " + attribute +
      " must have equality conditions specified in the query because a condition is present on key attribute " +
      conditioned);
}
Error start_key_invalid() { return validation("The provided starting key is invalid"); }
Error start_key_invalid(const std::string& detail) {
  return validation("The provided starting key is invalid: " + detail);
}
Error start_key_wrong_segment(int64_t total_segments, int64_t segment) {
  return start_key_invalid(
      "Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: " +
      std::to_string(total_segments) + " Segment: " + std::to_string(segment));
}
Error start_key_outside_query() {
  return validation("The provided starting key is outside query boundaries based on provided conditions");
}
Error start_key_range_mismatch() {
  return validation("The provided starting key does not match the range key predicate");
}
Error start_key_single_row() { return validation("The query can return at most one row and cannot be restarted"); }
Error query_key_condition_not_supported() { return validation("Query key condition not supported"); }
Error query_missed_key_element(const std::string& attribute) {
  return validation("Query condition missed key schema element: " + attribute);
}
Error key_condition_not_indexable() {
  return validation("Attempted conditional constraint is not an indexable operation");
}
Error key_condition_type_mismatch() {
  return validation("One or more parameter values were invalid: Condition parameter type does not match schema type");
}
Error filter_on_key_attribute(const std::string& parameter, const std::string& attribute) {
  return validation(parameter + " can only contain non-primary key attributes: Primary key attribute: " + attribute);
}
Error conditional_operator_without_filter() {
  return validation("ConditionalOperator cannot be used without Filter or Expected");
}
Error select_specific_without_projection() {
  return validation(
      "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
}
Error select_with_projection(const std::string& parameter, const std::string& what) {
  return validation("Cannot specify the " + parameter + " when choosing to get " + what);
}
Error select_all_projected_without_index() {
  return validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
}
Error total_segments_required() {
  return validation(
      "The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
}
Error segment_required() {
  return validation(
      "The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
}
Error segment_not_less_than_total(int64_t segment, int64_t total_segments) {
  return validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: " +
                    std::to_string(segment) + " is not less than TotalSegments: " + std::to_string(total_segments));
}

}  // namespace minnow::model
