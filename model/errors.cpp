#include "model/errors.h"

#include "model/attribute_value.h"
#include "model/limits.h"

namespace minnow::model {

namespace {
struct CodeEntry {
  const char* name;
  const char* space;
  int status;
};
constexpr CodeEntry kCodes[] = {
#define MINNOW_ERROR_CODE_ENTRY(name, space, status) {#name, space, status},
    MINNOW_ERROR_CODES(MINNOW_ERROR_CODE_ENTRY)
#undef MINNOW_ERROR_CODE_ENTRY
};
const CodeEntry& entry(ErrorCode code) { return kCodes[static_cast<std::size_t>(code)]; }
}  // namespace

const char* error_code_name(ErrorCode code) { return entry(code).name; }
const char* error_namespace(ErrorCode code) { return entry(code).space; }
int error_status(ErrorCode code) { return entry(code).status; }

Error validation(std::string message) { return Error(ErrorCode::ValidationException, std::move(message)); }
Error serialization(std::string message) { return Error(ErrorCode::SerializationException, std::move(message)); }
std::string concat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

Error json_too_deep() {
  return serialization("Request JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
}

Error table_not_found(const std::string& table) {
  return Error(ErrorCode::ResourceNotFoundException, "Requested resource not found: Table: " + table + " not found",
               kTableNotFound.dynamodb_local);
}
Error table_in_use(const std::string& table) {
  return Error(ErrorCode::ResourceInUseException, "Table already exists: " + table, "Cannot create preexisting table");
}

namespace {
Error number_or_set_members(std::string message) {
  Error e = validation(std::move(message));
  e.value_fault = ValueFault::NumberOrSetMembers;
  return e;
}
}  // namespace

Error number_not_numeric(const std::string& text) {
  return number_or_set_members("The parameter cannot be converted to a numeric value: " + text);
}

Error string_set_duplicates(const std::string& members) {
  return number_or_set_members("One or more parameter values were invalid: Input collection " + members +
                               " contains duplicates.");
}
Error binary_set_duplicates(const std::string& members) {
  return number_or_set_members("One or more parameter values were invalid: Input collection " + members +
                               "of type BS contains duplicates.");
}

Error cannot_convert(const std::string& json_kind, const std::string& type) {
  return serialization(json_kind + " cannot be converted to " + type);
}
Error base64_length(std::size_t length) {
  return serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " + std::to_string(length));
}

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
namespace {
std::string empty_key_value_text(const std::string& name, ValueType type) {
  return std::string("The AttributeValue for a key attribute cannot contain an empty ") +
         (type == ValueType::S ? "string" : "binary") + " value. Key: " + name;
}
}  // namespace
Error key_empty_value(const std::string& name, ValueType type) {
  return validation("One or more parameter values are not valid. " + empty_key_value_text(name, type));
}
Error query_key_empty_value(const std::string& name, ValueType type) {
  return validation(MINNOW_INVALID_PARAMETERS + empty_key_value_text(name, type));
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
Error index_key_path_not_scalar(const std::string& key) {
  return validation(
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: " + key);
}
Error key_attribute_updated(const std::string& key) {
  return validation("One or more parameter values were invalid: Cannot update attribute " + key +
                    ". This attribute is part of the key");
}
Error duplicate_attribute_to_get(const std::string& name) {
  return validation("One or more parameter values were invalid: Duplicate value in attribute name: " + name);
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
    case ErrorCode::ThrottlingException:
      code = "ThrottlingError";
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
Error transaction_payload_too_large(std::size_t bytes) {
  return validation("Transaction payload size cannot exceed 4MB. Payload Size: " + std::to_string(bytes));
}

// ---- Table actions -------------------------------------------------------------------------

namespace {
std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s;
}
}  // namespace

Error throughput_out_of_bounds(const std::string& value, const std::string& member) {
  return validation("Given value " + value + " for " + member + " is out of bounds");
}
Error key_attributes_not_defined(const std::vector<std::string>& keys, const std::vector<std::string>& definitions) {
  return validation(MINNOW_INVALID_PARAMETERS
                    "Some index key attributes are not defined in AttributeDefinitions. Keys: [" +
                    join_names(keys) + "], AttributeDefinitions: [" + join_names(definitions) + "]");
}
Error index_list_empty(const std::string& parameter) {
  return validation(MINNOW_INVALID_PARAMETERS "List of " + parameter + " is empty");
}
Error index_without_range_key(const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Index KeySchema does not have a range key for index: " + index);
}
Error lsi_hash_key_mismatch(const std::string& index, const std::string& index_hash, const std::string& table_hash) {
  return validation(MINNOW_INVALID_PARAMETERS
                    "Index KeySchema does not have the same leading hash key as table KeySchema for index: " +
                    index + ". index hash key: " + index_hash + ", table hash key: " + table_hash);
}
Error non_key_attributes_without_include(const std::string& projection_type) {
  return validation(MINNOW_INVALID_PARAMETERS "ProjectionType is " + projection_type +
                    ", but NonKeyAttributes is specified");
}
Error duplicate_attribute_definition(const std::string& name) {
  return Error(ErrorCode::ValidationException, "Attribute Name is duplicated: " + name,
               "Cannot have two attributes with the same name");
}
Error duplicate_non_key_attribute(const std::string& name) {
  return Error(ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "Duplicate value in NonKeyAttributes: " + name,
               "Cannot have two attributes with the same name");
}
Error duplicate_index_name(const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Duplicate index name: " + index);
}
Error index_throughput_with_pay_per_request(const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "ProvisionedThroughput should not be specified for index: " + index +
                    " when BillingMode is PAY_PER_REQUEST");
}
Error index_throughput_required(const std::string& indexes) {
  return validation(MINNOW_INVALID_PARAMETERS "ProvisionedThroughput must be specified for index: " + indexes);
}
Error attribute_definitions_unused(const std::vector<std::string>& definitions, const std::vector<std::string>& used) {
  return validation(MINNOW_INVALID_PARAMETERS "Some AttributeDefinitions are not used. AttributeDefinitions: [" +
                    join_names(definitions) + "], keys used: [" + join_names(used) + "]");
}
Error on_demand_throughput_out_of_range(const std::string& member) {
  return validation(MINNOW_INVALID_PARAMETERS "Requested " + member +
                    " for OnDemandThroughput for table is outside of valid range");
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
Error duplicate_index_update(const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS
                    "Only one global secondary index update per index is allowed simultaneously. Index: " +
                    index);
}
Error attribute_not_defined(const std::string& attribute) {
  return validation("Attribute " + attribute + " is not defined in AttributeDefinitions");
}

Error query_conditions_exceed_key(std::size_t conditions, std::size_t key_attributes) {
  return validation("The number of query conditions (" + std::to_string(conditions) +
                    ") exceeds the number of key attributes defined in the schema (" + std::to_string(key_attributes) +
                    ")");
}
Error index_not_found(const std::string& index) {
  return validation("The table does not have the specified index: " + index);
}
Error index_backfilling(const std::string& index) {
  return validation("Cannot read from backfilling global secondary index: " + index);
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
Error start_key_invalid(const std::string& detail) {
  return validation("The provided starting key is invalid: " + detail);
}
Error start_key_wrong_segment(int64_t total_segments, int64_t segment) {
  return start_key_invalid(
      "Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: " +
      std::to_string(total_segments) + " Segment: " + std::to_string(segment));
}
Error query_missed_key_element(const std::string& attribute) {
  return validation("Query condition missed key schema element: " + attribute);
}
Error filter_on_key_attribute(const std::string& parameter, const std::string& attribute) {
  return validation(parameter + " can only contain non-primary key attributes: Primary key attribute: " + attribute);
}
Error select_with_projection(const std::string& parameter, const std::string& what) {
  return validation("Cannot specify the " + parameter + " when choosing to get " + what);
}
Error segment_not_less_than_total(int64_t segment, int64_t total_segments) {
  return validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: " +
                    std::to_string(segment) + " is not less than TotalSegments: " + std::to_string(total_segments));
}

}  // namespace minnow::model
