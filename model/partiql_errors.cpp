#include "model/partiql_errors.h"

namespace minnow::model {

namespace {
Error v(std::string text) { return validation(std::move(text)); }
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}
}  // namespace

Error at_position(const Error& error, uint32_t line, uint32_t column, uint32_t length) {
  Error out(error.code(), error.message() + " at " + std::to_string(line) + ":" + std::to_string(column) + ":" +
                              std::to_string(length));
  return out;
}

Error pql_not_well_formed(std::string_view statement) {
  return v(cat({"Statement wasn't well formed, can't be processed: ", statement}));
}
Error pql_unsupported_clause(std::string_view clause) { return v(cat({"Unsupported clause: ", clause})); }
Error pql_unsupported_operation(std::string_view op) { return v(cat({"Unsupported operation: ", op})); }
Error pql_unsupported_token(std::string_view token) { return v(cat({"Unsupported token in expression: ", token})); }
Error pql_parameter_count() { return v("Number of parameters in request and statement don't match."); }

Error pql_select_multiple_from() { return v("Only select from a single table or index is supported."); }
Error pql_alias_unsupported() { return v("Aliasing is not supported"); }
Error pql_unexpected_from_source() { return v("Unexpected from source"); }
Error pql_from_path_too_long() { return v("A path may contain at most 2 components in the FROM clause"); }
Error pql_invalid_table_name() {
  return v("Table name should be within the length [3, 255] and only contain 'a-z', 'A-Z', '0-9', '-', '_', '.'.");
}
Error pql_dml_invalid_from() {
  return v("FROM clause may only contain a single table name in data manipulation statements");
}
Error pql_not_on_index() { return v("This operation is not supported on an index"); }

Error pql_unexpected_path_component() { return v("Unexpected path component"); }
Error pql_select_value_or_pivot() { return v("Select projection doesn't support value or pivot keywords"); }
Error pql_changing_hierarchy() { return v("Changing item's hierarchy while reading isn't supported"); }
Error pql_duplicate_select_names(std::string_view name) {
  return v(cat({"Duplicate identifiers in select clause: ", name}));
}
Error pql_order_by_without_where() { return v("Must have WHERE clause in the statement when using ORDER BY clause."); }
Error pql_order_by_without_hash_key() {
  return v("Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
}
Error pql_order_by_not_key(std::string_view name) {
  return v(cat({"Variable reference ", name, " in ORDER BY clause must be part of the primary key"}));
}
Error pql_order_by_not_path(std::string_view type) {
  return v(cat({"Argument to ORDER BY must be of type VariableReference. Type: ", type}));
}

Error pql_where_not_boolean() { return v("WHERE clause must contain an expression that resolves to a boolean"); }
Error pql_not_operand() { return v("The argument to NOT must be a Type or Expression"); }
Error pql_and_or_operand() { return v("The arguments to AND/OR must be Expressions"); }
Error pql_is_operand() { return v("The left hand side argument to IS must be a Variable Reference, Literal, or Path"); }
Error pql_is_type(std::string_view type) {
  return v(cat({"Unsupported data type for IS operator: ", type,
                ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]"}));
}
Error pql_missing_needs_is() { return v("MISSING must be compared using IS operator"); }
Error pql_in_operator() {
  return v(
      "IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with "
      "at least one member");
}
Error pql_unsupported_condition_operator(std::string_view op) {
  return v(cat({"Unsupported operator in Condition Expression. Operator: ", op}));
}
Error pql_unrecognized_function(std::string_view name) { return v(cat({"Unrecognized function: ", name})); }
Error pql_incomplete_key() { return v("Where clause does not contain a mandatory equality on all key attributes"); }
Error pql_hash_key_single_equality(std::string_view key) {
  return v(cat({"Only single equality condition should be present on hash key ", key}));
}
Error pql_multiple_key_conditions(std::string_view key) {
  return v(cat({"Multiple conditions on same key ", key, ". Only single item Update/Insert/Delete are supported"}));
}
Error pql_key_type_mismatch(std::string_view key) {
  return v(cat({"Key attribute's data type should match its data type in table's schema: Key ", key}));
}
Error pql_key_nested_path(std::string_view key) {
  return v(
      cat({"Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key ", key}));
}
Error pql_exists_outside_transaction() { return v("EXISTS can only be used in ExecuteTransaction write requests."); }

Error pql_empty_path_component() { return v("Path component cannot be an empty string"); }
Error pql_path_starts_with_index() { return v("A path cannot start with a list index"); }
Error pql_list_index_out_of_range(std::string_view index) {
  return v(cat({"List index is not within the allowable range; index: [", index, "]"}));
}
Error pql_unpivot_path() { return v("Unpivot path component like a.*.b are not supported"); }

Error pql_duplicate_tuple_key(std::string_view key, std::string_view under) {
  return v(cat({"Duplicate keys in tuple. Key: ", key, " under ", under}));
}
Error pql_tuple_key_type(std::string_view type, std::string_view under) {
  return v(cat({"Tuple keys must be of type String. Actual type: ", type, " under ", under}));
}
Error pql_unsupported_data_type(std::string_view type, std::string_view under) {
  return v(cat({"Unsupported data type: ", type, " under key ", under}));
}
Error pql_ion_literal(std::string_view type, std::string_view under) {
  return v(cat({"Ion Literals are not supported: ", type, " under key ", under}));
}
Error pql_empty_bag() { return v("Empty bags are not supported"); }
Error pql_bag_element_type() {
  return v("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
}
Error pql_negative_zero(std::string_view under) {
  return v(cat({"Negative zero decimal is not supported under key ", under}));
}

Error pql_insert_item_format() {
  return v(
      "Unsupported format in item expression. Please use struct format {...} to express item values for insert "
      "statement.");
}
Error pql_insert_multiple() {
  return v(
      "Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO "
      "tableName VALUE item\" instead");
}
Error pql_insert_from_where() { return v("Unsupported FROM ... WHERE ... clause in INSERT statement."); }
Error pql_insert_returning() { return v("RETURNING is not supported in INSERT"); }
Error pql_key_attribute_absent(std::string_view key) {
  return v(cat({"Key attribute should be present in the item: Key ", key}));
}
Error pql_duplicate_item() { return Error(ErrorCode::DuplicateItemException, "Duplicate primary key exists in table"); }
Error pql_unsupported_update_operator(std::string_view op) {
  return v(cat({"Unsupported operator in Update Expression. Operator: ", op}));
}
Error pql_is_in_update() { return v("IS operator is not supported in update expressions"); }
Error pql_set_function_arguments(std::string_view function) {
  return v(cat({function, " must have exactly two arguments"}));
}
Error pql_set_function_first_argument(std::string_view function) {
  return v(cat({"The first argument to ", function, " must equal the assignment value"}));
}
Error pql_set_function_second_argument(std::string_view function) {
  return v(cat({"The second argument to ", function, " must be a value with type SET"}));
}
Error pql_assignment_target(std::string_view target) { return v(cat({"Unrecognized assignment target: ", target})); }
Error pql_returning_multiple() { return v("Invalid syntax with multiple returning elements in RETURNING clause"); }
Error pql_returning_star() { return v("Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause"); }
Error pql_delete_returning(std::string_view returning) {
  return v(cat({"Invalid returning clause: RETURNING ", returning,
                ". Only RETURNING ALL OLD * is allowed in DELETE statements."}));
}

Error pql_invalid_next_token() { return v("Invalid NextToken"); }
Error pql_next_token_mismatch() { return v("NextToken does not match request"); }
Error pql_transaction_select_key() {
  return v("Select statements within ExecuteTransaction must specify the primary key in the where clause.");
}
Error pql_transaction_index() { return v("Reads on indices are not supported within transactions."); }
Error pql_transaction_exists_single() {
  return v("EXISTS() must contain a single item read with additional condition");
}
Error pql_transaction_exists_index() { return v("Operations on indices are not supported in transactions"); }
Error pql_transaction_unsupported() { return v("Unsupported operation in transaction."); }
Error pql_transaction_returning() { return v("RETURNING clause is not supported in ExecuteTransaction."); }
Error pql_batch_single_item() { return v("Only single item select is supported"); }
Error pql_batch_mixed() { return v("Read and write requests together in the same batch is not supported."); }
Error pql_batch_invalid_operation() {
  return v("Invalid operation. Only select, insert, update and delete operations are valid");
}
Error pql_transaction_mixed() {
  return v("ExecuteTransaction API does not support both read and write operations in the same request.");
}
Error pql_transaction_statement_invalid(std::size_t index, std::string_view message) {
  return v(cat({"Validation failed in TransactStatements[", std::to_string(index), "]: ", message}));
}
Error pql_transaction_incomplete_key() {
  return Error(ErrorCode::TransactionCanceledException, "ValidationError " + pql_incomplete_key().message());
}

}  // namespace minnow::model
