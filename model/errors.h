// The one error type that leaves Minnow, and the factories that own DynamoDB's message texts.
//
// Parsers and validators throw model::Error; the engine returns expected outcomes as values.
// api/error_reply turns an Error into DynamoDB's wire form (HTTP status, __type with its
// namespace, message). Message texts are spelled here, not in handlers, so that one place
// says what Minnow answers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace minnow::model {

class AttributeValue;
enum class ValueType : uint8_t;

enum class ErrorCode {
  // com.amazon.coral.validate
  ValidationException,
  // com.amazon.coral.service
  SerializationException,
  UnknownOperationException,
  MissingAuthenticationTokenException,
  IncompleteSignatureException,
  InvalidSignatureException,
  UnrecognizedClientException,
  AccessDeniedException,
  // com.amazonaws.dynamodb.v20120810
  ResourceNotFoundException,
  ResourceInUseException,
  ConditionalCheckFailedException,
  LimitExceededException,
  TransactionCanceledException,
  TransactionConflictException,
  TransactionInProgressException,
  IdempotentParameterMismatchException,
  ItemCollectionSizeLimitExceededException,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  DuplicateItemException,
  BackupNotFoundException,
  BackupInUseException,
  TableNotFoundException,
  TableAlreadyExistsException,
  TableInUseException,
  ContinuousBackupsUnavailableException,
  PointInTimeRecoveryUnavailableException,
  PolicyNotFoundException,
  ExpiredIteratorException,
  TrimmedDataAccessException,
  InternalServerError,
  ServiceUnavailable,  // HTTP 503
  // com.amazon.coral.availability
  ThrottlingException,
};

// Name of the code as it appears after '#' in __type.
const char* error_code_name(ErrorCode code);

// One entry of TransactionCanceledException.CancellationReasons. `item` is the attribute map
// returned with ReturnValuesOnConditionCheckFailure=ALL_OLD (a shared_ptr so that this header
// does not need the complete AttributeValue type).
struct CancellationReason {
  std::string code;  // "None", "ConditionalCheckFailed", "TransactionConflict", ...
  std::string message;
  std::shared_ptr<const AttributeValue> item;  // an M value, or null
};

class Error : public std::exception {
 public:
  Error(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  const char* what() const noexcept override { return message_.c_str(); }

  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD.
  std::shared_ptr<const AttributeValue> item;
  // TransactionCanceledException.
  std::vector<CancellationReason> cancellation_reasons;

 private:
  ErrorCode code_;
  std::string message_;
};

// ---- Generic factories -------------------------------------------------------------------
Error validation(std::string message);
Error serialization(std::string message);
Error internal_error();

// ---- Protocol ------------------------------------------------------------------------------
Error unknown_operation();
Error missing_authentication_token();
Error malformed_json();
// A request nested deeper than any valid one (model::kMaxJsonDepth levels), and one with a string
// that is not UTF-8 (after unescaping). No reference covers either: DynamoDB's JSON front end
// rejects both as it rejects malformed JSON, with a SerializationException.
Error json_too_deep();
Error json_not_utf8();

// ---- Tables --------------------------------------------------------------------------------
Error resource_not_found();                       // "Requested resource not found"
Error table_not_found(const std::string& table);  // "Requested resource not found: Table: X not found"
Error table_in_use(const std::string& table);     // "Table already exists: X"

// ---- Values --------------------------------------------------------------------------------
Error number_not_numeric();  // empty number text
Error number_not_numeric(const std::string& text);
Error number_overflow();
Error number_underflow();
Error number_too_many_digits();
Error number_arithmetic_overflow();   // result of + or - out of range
Error number_arithmetic_precision();  // result of + or - needs more than 38 digits (Local's text)

// Attribute values, in the order DynamoDB checks them.
Error attribute_value_empty();
Error attribute_value_multiple_types();
Error null_must_be_true();
Error empty_string_set();
Error empty_number_set();
Error empty_binary_set();
Error string_set_duplicates(const std::string& members);  // members as "[a, b]"
Error number_set_duplicates();
Error binary_set_duplicates(const std::string& members);  // base64 members as "[YQ==, YQ==]"
Error nesting_too_deep();
Error empty_attribute_name();  // Local: an item, key or map with an attribute named ""

// ---- Serialization (JSON types against the request's shape) ---------------------------------
Error cannot_convert(const std::string& json_kind,
                     const std::string& type);  // "NUMBER_VALUE cannot be converted to String"
Error base64_length(std::size_t length);
Error base64_invalid();

// ---- Keys ----------------------------------------------------------------------------------
Error key_does_not_match_schema();
Error missing_key_in_item(const std::string& name);
Error key_type_mismatch(const std::string& name, ValueType expected, ValueType actual);
// DynamoDB words this differently for a Key parameter and for the key inside an Item.
Error key_empty_value(const std::string& name, ValueType type, bool in_item);
Error partition_key_too_large();
Error sort_key_too_large();
// A secondary index key attribute of the wrong type in an item written (PutItem and the like) or
// set by UpdateItem, and an empty S or B index key value.
Error index_key_type_mismatch(const std::string& name, ValueType expected, ValueType actual, const std::string& index);
Error index_key_empty_value(const std::string& index, const std::string& name, ValueType type);
Error index_key_update_empty_value(ValueType type);

// ---- Expression parameters ---------------------------------------------------------------
Error mixed_expression_parameters(const std::vector<std::string>& non_expression,
                                  const std::vector<std::string>& expression);
Error names_without_expressions();
Error values_without_expressions(const std::vector<std::string>& value_expressions);
Error not_yet_supported(const std::string& feature);
// A value of ExpressionAttributeValues that fails the value checks, with that check's message.
Error invalid_expression_value(const std::string& message, const std::string& key);
Error return_values_put_delete();  // "ReturnValues can only be ALL_OLD or NONE"
Error duplicate_attribute_to_get(const std::string& name);

// ---- Updates -------------------------------------------------------------------------------
Error key_path_not_scalar(const std::string& key);
Error key_attribute_updated(const std::string& key);
Error update_item_too_large();
Error update_nesting_too_deep();  // Local: an update whose result nests deeper than 32 levels

// ---- Batches -------------------------------------------------------------------------------
Error batch_duplicate_keys();
Error batch_get_too_many_keys();
Error batch_write_too_many_items();  // more than 25 requests over several tables

// ---- Items ---------------------------------------------------------------------------------
Error item_too_large();
Error conditional_check_failed();
// An item held by an in-flight transaction (an injected conflict, engine/faults.h):
// TransactionConflictException "Transaction is ongoing for the item".
Error transaction_conflict();

// ---- Transactions --------------------------------------------------------------------------
// TransactionCanceledException "Transaction cancelled, please refer cancellation reasons for
// specific reasons [None, ConditionalCheckFailed]" from one reason per action, in request order.
Error transaction_canceled(std::vector<CancellationReason> reasons);
// The reason an action's error gives: Code from the error's code (ConditionalCheckFailed,
// ValidationError, TransactionConflict), Message and Item from the error.
CancellationReason cancellation_reason(const Error& error);
Error condition_check_failed();             // a ConditionCheck action's: "The conditional request failed."
Error transaction_same_item();              // "Transaction request cannot include multiple operations on one item"
Error transaction_item_multiple_actions();  // "TransactItems can only contain one of Check, Put, Update or Delete"
Error transaction_item_no_action();         // "Invalid Request: TransactWriteRequest should contain ..."
Error transaction_payload_too_large(std::size_t bytes);  // "Transaction payload size cannot exceed 4MB. ..."
Error idempotent_parameter_mismatch();
Error transaction_in_progress();

// ---- Minnow's /_minnow admin calls (docs/admin-api.md) ---------------------------------------
Error admin_invalid(const std::string& detail);  // "Invalid /_minnow call: <detail>"

// ---- Table actions: CreateTable, UpdateTable, DeleteTable ------------------------------------
// dynalite's wording (captured from DynamoDB) where it has one; DynamoDB Local's where only it
// covers a newer parameter (marked "Local").
Error throughput_with_pay_per_request();             // Neither ReadCapacityUnits nor WriteCapacityUnits ...
Error throughput_required_for_provisioned();         // CreateTable: ... must both be specified ...
Error throughput_required_for_provisioned_update();  // UpdateTable: ProvisionedThroughput must be specified ...
Error throughput_out_of_bounds(const std::string& value, const std::string& member);
Error key_schema_attribute_without_definition();
Error key_attributes_not_defined(const std::vector<std::string>& keys, const std::vector<std::string>& definitions);
Error hash_and_range_same_name();
Error first_key_not_hash();
Error second_key_not_range();
// Multi-attribute GSI keys (DynamoDB Local's wording, "specifed" included).
Error too_many_partition_keys();  // Too many partition keys. GSI can have at most 4 partition keys
Error too_many_sort_keys();       // Too many sort keys. GSI can have at most 4 sort keys
Error invalid_key_order();        // Invalid key order. Hash Key must be specified first ...
Error duplicate_key_name();       // Two keys can not have the same name
Error key_schema_attribute_count_mismatch();
Error index_list_empty(const std::string& parameter);  // "LocalSecondaryIndexes"
Error table_without_range_key_for_lsi();
Error index_without_range_key(const std::string& index);
Error lsi_hash_key_mismatch(const std::string& index, const std::string& index_hash, const std::string& table_hash);
Error projection_type_null();
Error non_key_attributes_without_include(const std::string& projection_type);
Error include_without_non_key_attributes();  // Local
Error too_many_projected_attributes();       // more than 100 NonKeyAttributes over all indexes
Error duplicate_index_name(const std::string& index);
Error too_many_local_indexes();
Error index_throughput_with_pay_per_request(const std::string& index);
Error index_throughput_required(const std::string& indexes);  // names joined with ","
Error too_many_global_indexes();
Error duplicate_attribute_definition();  // Local
Error attribute_definitions_unused(const std::vector<std::string>& definitions, const std::vector<std::string>& used);
Error stream_view_type_required();                                   // Local
Error stream_view_type_without_stream();                             // Local
Error on_demand_throughput_out_of_range(const std::string& member);  // Local
Error nothing_to_update();
Error throughput_unchanged(int64_t current_read, int64_t requested_read, int64_t current_write,
                           int64_t requested_write);
Error index_update_action_required();
Error duplicate_index_update(const std::string& index);
Error too_many_index_updates();  // LimitExceededException
Error index_update_blocked();
Error index_already_exists();                               // Local
Error no_attribute_schema();                                // Local: a GSI Create without AttributeDefinitions
Error attribute_not_defined(const std::string& attribute);  // Local
Error global_index_not_found();                             // Local, for an Update of an unknown index
Error attribute_type_redefined();                           // Local
Error stream_already_enabled();                             // Local
Error no_stream_to_disable();                               // Local
Error deletion_protected();

// ---- Query and Scan ------------------------------------------------------------------------
// dynalite's wording (captured from DynamoDB); DynamoDB Local's where only it has the check
// (marked "Local").
Error key_conditions_required();                  // Either the KeyConditions or KeyConditionExpression ...
Error key_conditions_length();                    // Conditions can be of length 1 or 2 only
Error index_not_found(const std::string& index);  // The table does not have the specified index: X
Error consistent_read_on_global_index();
Error select_all_attributes_on_global_index(const std::string& index);
Error global_index_does_not_project(const std::string& index, const std::vector<std::string>& attributes);  // Local
// Multi-attribute GSI keys (DynamoDB Local's wording).
Error hash_attributes_need_equality(const std::string& attribute);
Error range_attributes_need_equality(const std::string& attribute, const std::string& conditioned);
Error start_key_invalid();                           // The provided starting key is invalid
Error start_key_invalid(const std::string& detail);  // ... invalid: <detail>
Error start_key_wrong_segment(int64_t total_segments, int64_t segment);
Error start_key_outside_query();   // ... outside query boundaries based on provided conditions
Error start_key_range_mismatch();  // ... does not match the range key predicate
Error start_key_single_row();      // The query can return at most one row and cannot be restarted
Error query_key_condition_not_supported();
Error query_missed_key_element(const std::string& attribute);
Error key_condition_not_indexable();  // Attempted conditional constraint is not an indexable operation
Error key_condition_type_mismatch();  // Condition parameter type does not match schema type
// "Filter Expression" or "QueryFilter" + " can only contain non-primary key attributes: ..."
Error filter_on_key_attribute(const std::string& parameter, const std::string& attribute);
Error conditional_operator_without_filter();  // Local
Error select_specific_without_projection();   // Local
// "Cannot specify the <parameter> when choosing to get <what>"; what: "ALL_ATTRIBUTES",
// "ALL_PROJECTED_ATTRIBUTES" or "only the Count". Local.
Error select_with_projection(const std::string& parameter, const std::string& what);
Error select_all_projected_without_index();  // Local
Error total_segments_required();
Error segment_required();
Error segment_not_less_than_total(int64_t segment, int64_t total_segments);

}  // namespace minnow::model
