// DynamoDB's messages for PartiQL (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction).
//
// The texts are those of AWS's PartiQL front end for DynamoDB, which DynamoDB Local runs
// (DynamoDBPartiQLShared's ValidationExceptionMessages); conformance/test/partiql*.test.mjs pin
// them against DynamoDB Local. All are ValidationExceptions unless noted. Messages about one
// node of the statement end with its position, " at LINE:COLUMN:LENGTH" (at_position()).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/errors.h"

namespace minnow::model {

// Appends " at 1:42:1" to the error's message.
Error at_position(const Error& error, uint32_t line, uint32_t column, uint32_t length);

// ---- The statement as a whole ------------------------------------------------------------------
Error pql_not_well_formed(std::string_view statement);  // any syntax error: the statement quoted
Error pql_unsupported_clause(std::string_view clause);  // "Unsupported clause: LIMIT"
Error pql_unsupported_operation(std::string_view op);   // "Unsupported operation: InsertOp"
Error pql_unsupported_token(std::string_view token);    // "Unsupported token in expression: CASE"
Error pql_parameter_count();                            // fewer Parameters than '?'

// ---- FROM ---------------------------------------------------------------------------------------
Error pql_select_multiple_from();
Error pql_alias_unsupported();
Error pql_unexpected_from_source();
Error pql_from_path_too_long();  // "A path may contain at most 2 components in the FROM clause"
Error pql_invalid_table_name();
Error pql_dml_invalid_from();  // an index in INSERT/UPDATE/DELETE's target
Error pql_not_on_index();      // "This operation is not supported on an index"

// ---- SELECT ------------------------------------------------------------------------------------
Error pql_unexpected_path_component();
Error pql_select_value_or_pivot();
Error pql_changing_hierarchy();  // m.*
Error pql_duplicate_select_names(std::string_view name);
Error pql_order_by_without_where();
Error pql_order_by_without_hash_key();
Error pql_order_by_not_key(std::string_view name);
Error pql_order_by_not_path(std::string_view type);

// ---- WHERE --------------------------------------------------------------------------------------
Error pql_where_not_boolean();
Error pql_not_operand();
Error pql_and_or_operand();
Error pql_is_operand();
Error pql_is_type(std::string_view type);  // "Unsupported data type for IS operator: INTEGER. ..."
Error pql_missing_needs_is();
Error pql_in_operator();
Error pql_unsupported_condition_operator(std::string_view op);
Error pql_unrecognized_function(std::string_view name);
Error pql_incomplete_key();  // "Where clause does not contain a mandatory equality on all key attributes"
Error pql_hash_key_single_equality(std::string_view key);
Error pql_multiple_key_conditions(std::string_view key);  // UPDATE/DELETE: the key twice
Error pql_key_type_mismatch(std::string_view key);
Error pql_key_nested_path(std::string_view key);
Error pql_exists_outside_transaction();

// ---- Paths ---------------------------------------------------------------------------------
Error pql_empty_path_component();
Error pql_path_starts_with_index();
Error pql_list_index_out_of_range(std::string_view index);
Error pql_unpivot_path();

// ---- Literals and parameters ------------------------------------------------------------------
// `under` is where the value sits, as DynamoDB names it: "root", "root.a.5".
Error pql_duplicate_tuple_key(std::string_view key, std::string_view under);
Error pql_tuple_key_type(std::string_view type, std::string_view under);
Error pql_unsupported_data_type(std::string_view type, std::string_view under);
Error pql_ion_literal(std::string_view type, std::string_view under);
Error pql_empty_bag();
Error pql_bag_element_type();
Error pql_negative_zero(std::string_view under);

// ---- INSERT, UPDATE, DELETE -----------------------------------------------------------------
Error pql_insert_item_format();
Error pql_insert_multiple();  // "Unsupported operation: Inserting multiple items ..."
Error pql_insert_from_where();
Error pql_insert_returning();  // "RETURNING is not supported in INSERT"
Error pql_key_attribute_absent(std::string_view key);
Error pql_duplicate_item();  // DuplicateItemException
Error pql_unsupported_update_operator(std::string_view op);
Error pql_is_in_update();
Error pql_set_function_arguments(std::string_view function);  // SET_ADD / SET_DELETE
Error pql_set_function_first_argument(std::string_view function);
Error pql_set_function_second_argument(std::string_view function);
Error pql_assignment_target(std::string_view target);
Error pql_returning_multiple();
Error pql_returning_star();
Error pql_delete_returning(std::string_view returning);  // "ALL NEW *"

// ---- Requests -------------------------------------------------------------------------------
Error pql_invalid_next_token();
Error pql_next_token_mismatch();        // "NextToken does not match request"
Error pql_transaction_select_key();     // a SELECT without the full key in ExecuteTransaction
Error pql_transaction_index();          // "Reads on indices are not supported within transactions."
Error pql_transaction_exists_single();  // "EXISTS() must contain a single item read ..."
Error pql_transaction_exists_index();   // "Operations on indices are not supported in transactions"
Error pql_transaction_unsupported();    // "Unsupported operation in transaction."
Error pql_transaction_returning();      // "RETURNING clause is not supported in ExecuteTransaction."
Error pql_batch_single_item();
Error pql_batch_mixed();              // "Read and write requests together in the same batch is not supported."
Error pql_batch_invalid_operation();  // a batch statement that is no SELECT, INSERT, UPDATE or DELETE
Error pql_transaction_mixed();        // "ExecuteTransaction API does not support both read and write ..."
// "Validation failed in TransactStatements[i]: <message>"
Error pql_transaction_statement_invalid(std::size_t index, std::string_view message);
// TransactionCanceledException "ValidationError Where clause does not contain ..." (no reasons).
Error pql_transaction_incomplete_key();  // a SELECT in a batch that is not one item by its key

}  // namespace minnow::model
