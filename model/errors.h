// The one error type that leaves Minnow, and the factories that own DynamoDB's message texts.
//
// Parsers and validators throw model::Error; the engine returns expected outcomes as values.
// api/error_reply turns an Error into DynamoDB's wire form (HTTP status, __type with its
// namespace, message). Message texts are spelled here, not in handlers, so that one place
// says what Minnow answers.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace minnow::model {

class AttributeValue;
enum class ValueType : uint8_t;

#define MINNOW_ERROR_CODES(X)                                                          \
  X(ValidationException, "com.amazon.coral.validate", 400)                             \
  X(SerializationException, "com.amazon.coral.service", 400)                           \
  X(UnknownOperationException, "com.amazon.coral.service", 400)                        \
  X(MissingAuthenticationTokenException, "com.amazon.coral.service", 400)              \
  X(IncompleteSignatureException, "com.amazon.coral.service", 400)                     \
  X(InvalidSignatureException, "com.amazon.coral.service", 400)                        \
  X(UnrecognizedClientException, "com.amazon.coral.service", 400)                      \
  X(AccessDeniedException, "com.amazon.coral.service", 400)                            \
  X(ResourceNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                \
  X(ResourceInUseException, "com.amazonaws.dynamodb.v20120810", 400)                   \
  X(ConditionalCheckFailedException, "com.amazonaws.dynamodb.v20120810", 400)          \
  X(LimitExceededException, "com.amazonaws.dynamodb.v20120810", 400)                   \
  X(TransactionCanceledException, "com.amazonaws.dynamodb.v20120810", 400)             \
  X(TransactionConflictException, "com.amazonaws.dynamodb.v20120810", 400)             \
  X(ReplicatedWriteConflictException, "com.amazonaws.dynamodb.v20120810", 400)         \
  X(TransactionInProgressException, "com.amazonaws.dynamodb.v20120810", 400)           \
  X(IdempotentParameterMismatchException, "com.amazonaws.dynamodb.v20120810", 400)     \
  X(ItemCollectionSizeLimitExceededException, "com.amazonaws.dynamodb.v20120810", 400) \
  X(ProvisionedThroughputExceededException, "com.amazonaws.dynamodb.v20120810", 400)   \
  X(RequestLimitExceeded, "com.amazonaws.dynamodb.v20120810", 400)                     \
  X(DuplicateItemException, "com.amazonaws.dynamodb.v20120810", 400)                   \
  X(BackupNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                  \
  X(BackupInUseException, "com.amazonaws.dynamodb.v20120810", 400)                     \
  X(TableNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                   \
  X(TableAlreadyExistsException, "com.amazonaws.dynamodb.v20120810", 400)              \
  X(TableInUseException, "com.amazonaws.dynamodb.v20120810", 400)                      \
  X(GlobalTableNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)             \
  X(GlobalTableAlreadyExistsException, "com.amazonaws.dynamodb.v20120810", 400)        \
  X(ReplicaNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                 \
  X(ReplicaAlreadyExistsException, "com.amazonaws.dynamodb.v20120810", 400)            \
  X(ContinuousBackupsUnavailableException, "com.amazonaws.dynamodb.v20120810", 400)    \
  X(PointInTimeRecoveryUnavailableException, "com.amazonaws.dynamodb.v20120810", 400)  \
  X(InvalidRestoreTimeException, "com.amazonaws.dynamodb.v20120810", 400)              \
  X(PolicyNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                  \
  X(ExportNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                  \
  X(ExportConflictException, "com.amazonaws.dynamodb.v20120810", 400)                  \
  X(InvalidExportTimeException, "com.amazonaws.dynamodb.v20120810", 400)               \
  X(ImportNotFoundException, "com.amazonaws.dynamodb.v20120810", 400)                  \
  X(ImportConflictException, "com.amazonaws.dynamodb.v20120810", 400)                  \
  X(ExpiredIteratorException, "com.amazonaws.dynamodb.v20120810", 400)                 \
  X(TrimmedDataAccessException, "com.amazonaws.dynamodb.v20120810", 400)               \
  X(InternalServerError, "com.amazonaws.dynamodb.v20120810", 500)                      \
  X(ServiceUnavailable, "com.amazonaws.dynamodb.v20120810", 503)                       \
  X(ThrottlingException, "com.amazon.coral.availability", 400)

enum class ErrorCode {
#define MINNOW_ERROR_CODE_ENUM(name, space, status) name,
  MINNOW_ERROR_CODES(MINNOW_ERROR_CODE_ENUM)
#undef MINNOW_ERROR_CODE_ENUM
};

// The code's name as it appears after '#' in __type, its namespace (before '#'), its HTTP status.
const char* error_code_name(ErrorCode code);
const char* error_namespace(ErrorCode code);
int error_status(ErrorCode code);

// One entry of TransactionCanceledException.CancellationReasons. `item` is the attribute map
// returned with ReturnValuesOnConditionCheckFailure=ALL_OLD (a shared_ptr so that this header
// does not need the complete AttributeValue type).
struct CancellationReason {
  std::string code;  // "None", "ConditionalCheckFailed", "TransactionConflict", ...
  std::string message;
  std::shared_ptr<const AttributeValue> item;  // an M value, or null
};

// Why a request was throttled (AWS's ThrottlingReason): `reason` is ResourceType+OperationType+
// LimitType ("TableReadProvisionedThroughputExceeded"), `resource` the table's or index's ARN.
struct ThrottlingReason {
  std::string reason;
  std::string resource;
};

// An error whose message has no parameters: its code and text, as a constant (kResourceNotFound,
// ...). `throw Error(kResourceNotFound)`; functions exist only for texts with parameters.
// `dynamodb_local`: DynamoDB Local's text where it differs and suites pin it (--compat
// dynamodb-local answers with it); null where it has none of its own.
// What a value error is about, where DynamoDB words the two kinds differently: an
// ExclusiveStartKey's value errors get "The provided starting key is invalid: " before them,
// except those about a number's text or a set's members (dynalite's capture; the empty number
// set among them, the empty string and binary sets not).
// IncompleteKey: a PartiQL statement's WHERE does not name a whole primary key, which
// ExecuteTransaction words apart from its statements' other errors.
enum class ValueFault : uint8_t { None, NumberOrSetMembers, IncompleteKey };

struct FixedError {
  ErrorCode code;
  const char* message;
  const char* dynamodb_local = nullptr;
  ValueFault value_fault = ValueFault::None;
};

// The prefix DynamoDB gives many ValidationException texts.
#define MINNOW_INVALID_PARAMETERS "One or more parameter values were invalid: "

class Error : public std::exception {
 public:
  Error(ErrorCode code, std::string message, const char* dynamodb_local = nullptr)
      : code_(code), message_(std::move(message)), dynamodb_local_(dynamodb_local) {}
  explicit Error(const FixedError& fixed)
      : value_fault(fixed.value_fault),
        code_(fixed.code),
        message_(fixed.message),
        dynamodb_local_(fixed.dynamodb_local) {}

  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // DynamoDB Local's text (FixedError::dynamodb_local), or null.
  const char* dynamodb_local_message() const { return dynamodb_local_; }
  const char* what() const noexcept override { return message_.c_str(); }

  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD.
  std::shared_ptr<const AttributeValue> item;
  // TransactionCanceledException.
  std::vector<CancellationReason> cancellation_reasons;
  // ProvisionedThroughputExceededException and ThrottlingException from --capacity-model.
  std::vector<ThrottlingReason> throttling_reasons;
  // The body spells the key "Message", as Coral's own checks do (its deserializer's
  // SerializationException always; its authorization failure, not_authorized).
  bool coral_message_key = false;
  ValueFault value_fault = ValueFault::None;
  // An expression's error (expr_invalid): its text without "Invalid <Kind>Expression: ", which
  // PartiQL's statements word without. Empty for every other error.
  std::string expression_detail;

 private:
  ErrorCode code_;
  std::string message_;
  const char* dynamodb_local_;
};

// ---- Generic factories -------------------------------------------------------------------
Error validation(std::string message);
Error serialization(std::string message);
// The parts one after the other: how the message tables spell a message with values in it.
std::string concat(std::initializer_list<std::string_view> parts);
inline constexpr FixedError kInternalError{ErrorCode::InternalServerError, "Internal server error"};

// ---- Protocol ------------------------------------------------------------------------------
// DynamoDB (as dynalite recorded it) sends no message at all, which SDKs report as an empty or
// "UnknownError" message; DynamoDB Local's text says what happened.
inline constexpr FixedError kUnknownOperation{ErrorCode::UnknownOperationException,
                                              "An unknown operation was requested."};
inline constexpr FixedError kMissingAuthenticationToken{ErrorCode::MissingAuthenticationTokenException,
                                                        "Request is missing Authentication Token"};
// Answers outside the JSON error form: the health check's body (before the region and after),
// and the body of a request that is not a JSON POST (HTTP 404).
inline constexpr const char* kHealthyPrefix = "healthy: dynamodb.";
inline constexpr const char* kHealthySuffix = ".amazonaws.com ";
// DynamoDB Local's answer to a GET (any path), HTTP 400, byte for byte: with --compat
// dynamodb-local, the answer harnesses that wait for DynamoDB Local's image expect.
inline constexpr const char* kDynamoDBLocalGetBody =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken","Message":"Request must contain )"
    R"(either a valid (registered) AWS access key ID or X.509 certificate."})";
inline constexpr const char* kNotJsonPostBody = "<UnknownOperationException/>\n";
// A request nested deeper than any valid one (model::kMaxJsonDepth levels), and one with a string
// that is not UTF-8 (after unescaping). No reference covers either: DynamoDB's JSON front end
// rejects both as it rejects malformed JSON, with a SerializationException.
Error json_too_deep();
inline constexpr FixedError kJsonNotUtf8{ErrorCode::SerializationException, ""};

// ---- Tables --------------------------------------------------------------------------------
inline constexpr FixedError kResourceNotFound{ErrorCode::ResourceNotFoundException, "Requested resource not found"};
// A table a data operation names does not exist.
inline constexpr FixedError kTableNotFound{ErrorCode::ResourceNotFoundException, "Requested resource not found",
                                           "Cannot do operations on a non-existent table"};
Error table_not_found(const std::string& table);  // "Requested resource not found: Table: X not found"
Error table_in_use(const std::string& table);     // "Table already exists: X"

// ---- Values --------------------------------------------------------------------------------
inline constexpr FixedError kNumberNotNumeric{ErrorCode::ValidationException,
                                               "The parameter cannot be converted to a numeric value", nullptr,
                                               ValueFault::NumberOrSetMembers};  // empty number text
Error number_not_numeric(const std::string& text);
inline constexpr FixedError kNumberOverflow{
    ErrorCode::ValidationException,
    "Number overflow. Attempting to store a number with magnitude larger than supported range", nullptr,
    ValueFault::NumberOrSetMembers};
inline constexpr FixedError kNumberUnderflow{
    ErrorCode::ValidationException,
    "Number underflow. Attempting to store a number with magnitude smaller than supported range", nullptr,
    ValueFault::NumberOrSetMembers};
inline constexpr FixedError kNumberTooManyDigits{ErrorCode::ValidationException,
                                                 "Attempting to store more than 38 significant digits in a Number",
                                                 nullptr, ValueFault::NumberOrSetMembers};
// The result of + or - needs more than 38 digits (`1e50 + 1`): DynamoDB calls it an overflow.
inline constexpr FixedError kNumberArithmeticPrecision{
    ErrorCode::ValidationException, "Number overflow. Attempting to store a number with magnitude larger than supported range",
    "DynamoDB only supports precision up to 38 digits", ValueFault::NumberOrSetMembers};

// Attribute values, in the order DynamoDB checks them.
inline constexpr FixedError kAttributeValueEmpty{
    ErrorCode::ValidationException,
    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"};
inline constexpr FixedError kAttributeValueMultipleTypes{
    ErrorCode::ValidationException,
    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"};
inline constexpr FixedError kNullMustBeTrue{
    ErrorCode::ValidationException,
    "One or more parameter values were invalid: Null attribute value types must have the value of true"};
// The double space is DynamoDB's.
inline constexpr FixedError kEmptyStringSet{
    ErrorCode::ValidationException, "One or more parameter values were invalid: An string set  may not be empty"};
inline constexpr FixedError kEmptyNumberSet{
    ErrorCode::ValidationException, "One or more parameter values were invalid: An number set  may not be empty",
    nullptr, ValueFault::NumberOrSetMembers};
inline constexpr FixedError kEmptyBinarySet{
    ErrorCode::ValidationException, "One or more parameter values were invalid: Binary sets should not be empty"};
Error string_set_duplicates(const std::string& members);  // members as "[a, b]"
inline constexpr FixedError kNumberSetDuplicates{ErrorCode::ValidationException,
                                                 "Input collection contains duplicates", nullptr,
                                                 ValueFault::NumberOrSetMembers};
Error binary_set_duplicates(const std::string& members);  // base64 members as "[YQ==, YQ==]"
inline constexpr FixedError kNestingTooDeep{
    ErrorCode::ValidationException,
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported "
    "limit"};
// DynamoDB Local's full wording (dynalite has no nesting limit to compare with).
inline constexpr FixedError kEmptyAttributeName{
    ErrorCode::ValidationException, "Empty attribute name"};  // Local: an item, key or map with an attribute named ""
// A name over kMaxAttributeNameBytes in an item, key, AttributesToGet or AttributeUpdates
// (DynamoDB's text not captured; DynamoDB Local answers 500 there, and for ExpressionAttributeNames
// expr_names_value_too_large's text).
inline constexpr FixedError kAttributeNameTooLarge{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "Attribute name is too large, must be less than 65536 bytes"};

// ---- Serialization (JSON types against the request's shape) ---------------------------------
Error cannot_convert(const std::string& json_kind,
                     const std::string& type);  // "NUMBER_VALUE cannot be converted to String"
Error base64_length(std::size_t length);
inline constexpr FixedError kBase64Invalid{ErrorCode::SerializationException,
                                           "Invalid last non-pad Base64 character dectected"};

// ---- Keys ----------------------------------------------------------------------------------
inline constexpr FixedError kKeyDoesNotMatchSchema{ErrorCode::ValidationException,
                                                   "The provided key element does not match the schema"};
Error missing_key_in_item(const std::string& name);
Error key_type_mismatch(const std::string& name, ValueType expected, ValueType actual);
// An empty S or B key value in a Key parameter or an Item ("One or more parameter values are not
// valid. ..."), and in a Query's or Scan's ExclusiveStartKey or a SearchVectors condition, where
// DynamoDB keeps the older "One or more parameter values were invalid: ...".
Error key_empty_value(const std::string& name, ValueType type);
Error query_key_empty_value(const std::string& name, ValueType type);
// "of2048" is DynamoDB's spelling.
inline constexpr FixedError kPartitionKeyTooLarge{
    ErrorCode::ValidationException,
    "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"};
inline constexpr FixedError kSortKeyTooLarge{
    ErrorCode::ValidationException,
    "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of "
    "1024 bytes"};
// A secondary index key attribute of the wrong type in an item written (PutItem and the like) or
// set by UpdateItem, and an empty S or B index key value.
Error index_key_type_mismatch(const std::string& name, ValueType expected, ValueType actual, const std::string& index);
Error index_key_empty_value(const std::string& index, const std::string& name, ValueType type);
Error index_key_update_empty_value(ValueType type);

// ---- Expression parameters ---------------------------------------------------------------
Error mixed_expression_parameters(const std::vector<std::string>& non_expression,
                                  const std::vector<std::string>& expression);
inline constexpr FixedError kNamesWithoutExpressions{
    ErrorCode::ValidationException, "ExpressionAttributeNames can only be specified when using expressions"};
Error values_without_expressions(const std::vector<std::string>& value_expressions);
Error not_yet_supported(const std::string& feature);
// A value of ExpressionAttributeValues that fails the value checks, with that check's message.
Error invalid_expression_value(const std::string& message, const std::string& key);
inline constexpr FixedError kReturnValuesPutDelete{ErrorCode::ValidationException,
                                                   "ReturnValues can only be ALL_OLD or NONE"};
Error duplicate_attribute_to_get(const std::string& name);

// ---- Updates -------------------------------------------------------------------------------
Error key_path_not_scalar(const std::string& key);
Error index_key_path_not_scalar(const std::string& key);  // ... are not allowed: IndexKey: d
// An update that sets a secondary index key from an attribute of the item of another type (found
// when the update runs; a type known beforehand is index_key_type_mismatch).
inline constexpr FixedError kIndexKeyUpdateUnsupportedType{
    ErrorCode::ValidationException, "The update expression attempted to update the secondary index key to unsupported type"};
Error key_attribute_updated(const std::string& key);
inline constexpr FixedError kUpdateItemTooLarge{ErrorCode::ValidationException,
                                                "Item size to update has exceeded the maximum allowed size"};
inline constexpr FixedError kUpdateNestingTooDeep{
    ErrorCode::ValidationException,
    "Nesting Levels have exceeded supported limits"};  // Local: an update whose result nests deeper than 32 levels

// ---- Batches -------------------------------------------------------------------------------
inline constexpr FixedError kBatchDuplicateKeys{ErrorCode::ValidationException,
                                                "Provided list of item keys contains duplicates"};
inline constexpr FixedError kBatchGetTooManyKeys{ErrorCode::ValidationException,
                                                 "Too many items requested for the BatchGetItem call"};
inline constexpr FixedError kBatchWriteTooManyItems{
    ErrorCode::ValidationException,
    "Too many items requested for the BatchWriteItem call"};  // more than 25 requests over several tables

// ---- Items ---------------------------------------------------------------------------------
inline constexpr FixedError kItemTooLarge{ErrorCode::ValidationException,
                                          "Item size has exceeded the maximum allowed size"};
inline constexpr FixedError kConditionalCheckFailed{ErrorCode::ConditionalCheckFailedException,
                                                    "The conditional request failed"};
// An item held by an in-flight transaction (an injected conflict, engine/faults.h):
// TransactionConflictException "Transaction is ongoing for the item".
inline constexpr FixedError kTransactionConflict{ErrorCode::TransactionConflictException,
                                                 "Transaction is ongoing for the item"};

// ---- Transactions --------------------------------------------------------------------------
// TransactionCanceledException "Transaction cancelled, please refer cancellation reasons for
// specific reasons [None, ConditionalCheckFailed]" from one reason per action, in request order.
Error transaction_canceled(std::vector<CancellationReason> reasons);
// The reason an action's error gives: Code from the error's code (ConditionalCheckFailed,
// ValidationError, TransactionConflict), Message and Item from the error.
CancellationReason cancellation_reason(const Error& error);
inline constexpr FixedError kConditionCheckFailed{
    ErrorCode::ConditionalCheckFailedException,
    "The conditional request failed."};  // a ConditionCheck action's: "The conditional request failed."
inline constexpr FixedError kTransactionSameItem{ErrorCode::ValidationException,
                                                 "Transaction request cannot include multiple operations on one item"};
inline constexpr FixedError kTransactionItemMultipleActions{
    ErrorCode::ValidationException, "TransactItems can only contain one of Check, Put, Update or Delete"};
inline constexpr FixedError kTransactionItemNoAction{
    ErrorCode::ValidationException,
    "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request"};
Error transaction_payload_too_large(std::size_t bytes);  // "Transaction payload size cannot exceed 4MB. ..."
// DynamoDB Local sends no message; real DynamoDB's text was not captured.
inline constexpr FixedError kIdempotentParameterMismatch{
    ErrorCode::IdempotentParameterMismatchException,
    "The request uses the same client token as a previous, but non-identical request."};
inline constexpr FixedError kTransactionInProgress{
    ErrorCode::TransactionInProgressException, "The transaction with the given request token is already in progress."};

// (Minnow's /_minnow test controls: model/admin_errors.h.)

// ---- Table actions: CreateTable, UpdateTable, DeleteTable ------------------------------------
// dynalite's wording (captured from DynamoDB) where it has one; DynamoDB Local's where only it
// covers a newer parameter (marked "Local").
inline constexpr FixedError kThroughputWithPayPerRequest{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST"};
inline constexpr FixedError kThroughputRequiredForProvisioned{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
    "BillingMode is PROVISIONED"};  // CreateTable: ... must both be specified ...
inline constexpr FixedError kThroughputRequiredForProvisionedUpdate{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "ProvisionedThroughput must be specified when BillingMode is PROVISIONED"};  // UpdateTable: ProvisionedThroughput
                                                                                 // must be specified ...
Error throughput_out_of_bounds(const std::string& value, const std::string& member);
inline constexpr FixedError kKeySchemaAttributeWithoutDefinition{
    ErrorCode::ValidationException, "Invalid KeySchema: Some index key attribute have no definition"};
Error key_attributes_not_defined(const std::vector<std::string>& keys, const std::vector<std::string>& definitions);
inline constexpr FixedError kHashAndRangeSameName{
    ErrorCode::ValidationException, "Both the Hash Key and the Range Key element in the KeySchema have the same name"};
inline constexpr FixedError kFirstKeyNotHash{ErrorCode::ValidationException,
                                             "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"};
inline constexpr FixedError kSecondKeyNotRange{
    ErrorCode::ValidationException, "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"};
// Multi-attribute GSI keys (DynamoDB Local's wording, "specifed" included).
inline constexpr FixedError kTooManyPartitionKeys{ErrorCode::ValidationException,
                                                  "Too many partition keys. GSI can have at most 4 partition keys"};
inline constexpr FixedError kTooManySortKeys{ErrorCode::ValidationException,
                                             "Too many sort keys. GSI can have at most 4 sort keys"};
inline constexpr FixedError kInvalidKeyOrder{
    ErrorCode::ValidationException,
    "Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second"};
inline constexpr FixedError kDuplicateKeyName{ErrorCode::ValidationException, "Two keys can not have the same name"};
inline constexpr FixedError kKeySchemaAttributeCountMismatch{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Number of attributes in KeySchema does not exactly match number of attributes defined in "
    "AttributeDefinitions"};
Error index_list_empty(const std::string& parameter);  // "LocalSecondaryIndexes"
inline constexpr FixedError kTableWithoutRangeKeyForLsi{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"};
Error index_without_range_key(const std::string& index);
Error lsi_hash_key_mismatch(const std::string& index, const std::string& index_hash, const std::string& table_hash);
inline constexpr FixedError kProjectionTypeNull{ErrorCode::ValidationException,
                                                MINNOW_INVALID_PARAMETERS "Unknown ProjectionType: null"};
Error non_key_attributes_without_include(const std::string& projection_type);
inline constexpr FixedError kIncludeWithoutNonKeyAttributes{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "ProjectionType is INCLUDE, but NonKeyAttributes is not specified",
    "If Projection type INCLUDE is specified, some non-key attributes to include in the projection must "
    "be specified as well"};
inline constexpr FixedError kTooManyProjectedAttributes{
    ErrorCode::ValidationException,
    "One or more parameter values were invalid: Number of projected attributes in all indexes exceeds "
    "limit of 100"};  // more than 100 NonKeyAttributes over all indexes
Error duplicate_index_name(const std::string& index);
// A name listed twice in NonKeyAttributes (DynamoDB's text not captured; "Duplicate value in
// NonKeyAttributes: a", as AttributesToGet's; DynamoDB Local: "Cannot have two attributes with the
// same name").
Error duplicate_non_key_attribute(const std::string& name);
inline constexpr FixedError kTooManyLocalIndexes{ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
                                                 "Number of LocalSecondaryIndexes exceeds per-table limit of 5"};
Error index_throughput_with_pay_per_request(const std::string& index);
Error index_throughput_required(const std::string& indexes);  // names joined with ","
inline constexpr FixedError kTooManyGlobalIndexes{ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
                                                  "GlobalSecondaryIndex count exceeds the per-table limit of 20"};
Error duplicate_attribute_definition(const std::string& name);  // Attribute Name is duplicated: X
Error attribute_definitions_unused(const std::vector<std::string>& definitions, const std::vector<std::string>& used);
inline constexpr FixedError kStreamViewTypeRequired{
    ErrorCode::ValidationException,
    "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams."};  // Local
inline constexpr FixedError kStreamViewTypeWithoutStream{
    ErrorCode::ValidationException,
    "Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present."};  // Local
Error on_demand_throughput_out_of_range(const std::string& member);                               // Local
inline constexpr FixedError kNothingToUpdate{
    ErrorCode::ValidationException,
    "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or "
    "SSESpecification or ReplicaUpdates is required"};
Error throughput_unchanged(int64_t current_read, int64_t requested_read, int64_t current_write,
                           int64_t requested_write);
inline constexpr FixedError kIndexUpdateActionRequired{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
    "GlobalSecondaryIndexUpdate.Delete must not be null"};
// One GlobalSecondaryIndexUpdates element naming two actions (DynamoDB's text not captured).
inline constexpr FixedError kIndexUpdateOneAction{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Only one of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
    "GlobalSecondaryIndexUpdate.Delete may be specified"};
Error duplicate_index_update(const std::string& index);
inline constexpr FixedError kTooManyIndexUpdates{ErrorCode::LimitExceededException,
                                                 "Subscriber limit exceeded: Only 1 online index can be created or "
                                                 "deleted simultaneously per table"};  // LimitExceededException
inline constexpr FixedError kIndexUpdateBlocked{
    ErrorCode::ValidationException,
    "This operation cannot be performed with given input values. Please contact DynamoDB service team for more "
    "info: Action Blocked: IndexUpdate"};
inline constexpr FixedError kIndexAlreadyExists{ErrorCode::ValidationException,
                                                "Attempting to create an index which already exists"};  // Local
// DynamoDB Local's text for a GSI Create in a request without AttributeDefinitions (DynamoDB says
// attribute_not_defined's).
inline constexpr FixedError kNoAttributeSchema{ErrorCode::ValidationException, "No Attribute Schema Defined"};
Error attribute_not_defined(const std::string& attribute);           // Local
inline constexpr FixedError kGlobalIndexNotFound{
    ErrorCode::ValidationException, "Invalid global secondary index name"};  // Local, for an Update of an unknown index
inline constexpr FixedError kAttributeTypeRedefined{
    ErrorCode::ValidationException,
    "invalid attribute, SchemaElement redefined should be of same type as previously defined"};  // Local
inline constexpr FixedError kStreamAlreadyEnabled{ErrorCode::ValidationException,
                                                  "Table already has an enabled stream"};  // Local
inline constexpr FixedError kNoStreamToDisable{ErrorCode::ValidationException,
                                               "Table has no stream to disable"};  // Local
inline constexpr FixedError kDeletionProtected{
    ErrorCode::ValidationException,
    "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first."};

// ---- Query and Scan ------------------------------------------------------------------------
// dynalite's wording (captured from DynamoDB); DynamoDB Local's where only it has the check
// (marked "Local").
// ---- Query and Scan ------------------------------------------------------------------------
inline constexpr FixedError kKeyConditionsRequired{
    ErrorCode::ValidationException,
    "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."};
inline constexpr FixedError kKeyConditionsLength{ErrorCode::ValidationException,
                                                 "Conditions can be of length 1 or 2 only"};
// More key conditions than the queried table's or index's key has attributes (2026).
Error query_conditions_exceed_key(std::size_t conditions, std::size_t key_attributes);
Error index_not_found(const std::string& index);  // The table does not have the specified index: X
// A GSI still CREATING (-delayTransientStatuses). No reference has it: DynamoDB's words, as its
// answers to applications quote them.
Error index_backfilling(const std::string& index);  // Cannot read from backfilling global secondary index: X
inline constexpr FixedError kConsistentReadOnGlobalIndex{
    ErrorCode::ValidationException, "Consistent reads are not supported on global secondary indexes"};
Error select_all_attributes_on_global_index(const std::string& index);
Error global_index_does_not_project(const std::string& index, const std::vector<std::string>& attributes);  // Local
// Multi-attribute GSI keys (DynamoDB Local's wording).
Error hash_attributes_need_equality(const std::string& attribute);
Error range_attributes_need_equality(const std::string& attribute, const std::string& conditioned);
inline constexpr FixedError kStartKeyInvalid{ErrorCode::ValidationException, "The provided starting key is invalid"};
Error start_key_invalid(const std::string& detail);  // ... invalid: <detail>
Error start_key_wrong_segment(int64_t total_segments, int64_t segment);
inline constexpr FixedError kStartKeyOutsideQuery{
    ErrorCode::ValidationException,
    "The provided starting key is outside query boundaries based on provided conditions"};
inline constexpr FixedError kStartKeyRangeMismatch{ErrorCode::ValidationException,
                                                   "The provided starting key does not match the range key predicate"};
inline constexpr FixedError kStartKeySingleRow{ErrorCode::ValidationException,
                                               "The query can return at most one row and cannot be restarted"};
inline constexpr FixedError kQueryKeyConditionNotSupported{ErrorCode::ValidationException,
                                                           "Query key condition not supported"};
Error query_missed_key_element(const std::string& attribute);
inline constexpr FixedError kKeyConditionNotIndexable{ErrorCode::ValidationException,
                                                      "Attempted conditional constraint is not an indexable operation"};
inline constexpr FixedError kKeyConditionTypeMismatch{
    ErrorCode::ValidationException,
    "One or more parameter values were invalid: Condition parameter type does not match "
    "schema type"};  // Condition parameter type does not match schema type
// "Filter Expression" or "QueryFilter" + " can only contain non-primary key attributes: ..."
Error filter_on_key_attribute(const std::string& parameter, const std::string& attribute);
inline constexpr FixedError kConditionalOperatorWithoutFilter{
    ErrorCode::ValidationException, "ConditionalOperator cannot be used without Filter or Expected"};  // Local
inline constexpr FixedError kSelectSpecificWithoutProjection{
    ErrorCode::ValidationException,
    "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"};  // Local
// "Cannot specify the <parameter> when choosing to get <what>"; what: "ALL_ATTRIBUTES",
// "ALL_PROJECTED_ATTRIBUTES" or "only the Count". Local.
Error select_with_projection(const std::string& parameter, const std::string& what);
inline constexpr FixedError kSelectAllProjectedWithoutIndex{
    ErrorCode::ValidationException,
    "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"};  // Local
inline constexpr FixedError kTotalSegmentsRequired{
    ErrorCode::ValidationException,
    "The TotalSegments parameter is required but was not present in the request when Segment parameter is present"};
inline constexpr FixedError kSegmentRequired{
    ErrorCode::ValidationException,
    "The Segment parameter is required but was not present in the request when parameter TotalSegments is present"};
Error segment_not_less_than_total(int64_t segment, int64_t total_segments);

}  // namespace minnow::model
