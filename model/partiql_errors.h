// DynamoDB's messages for PartiQL (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction).
//
// The texts are those of AWS's PartiQL front end for DynamoDB, which DynamoDB Local runs
// (DynamoDBPartiQLShared's ValidationExceptionMessages); conformance/test/partiql*.test.mjs pin
// them against DynamoDB Local. All are ValidationExceptions unless noted. Fixed texts are
// model::FixedError constants (`throw Error(kPqlBatchMixed)`); functions only for texts with
// parameters. Messages about one node of the statement end with its position, " at LINE:COLUMN:LENGTH" (at_position()).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/errors.h"

namespace minnow::model {

#define MINNOW_PQL_INCOMPLETE_KEY "Where clause does not contain a mandatory equality on all key attributes"

// Appends " at 1:42:1" to the error's message.
Error at_position(const Error& error, uint32_t line, uint32_t column, uint32_t length);

// ---- The statement as a whole ------------------------------------------------------------------
// Any syntax error, with the parser's reason ("Unexpected term"; empty for the lexer's), never the
// statement (DynamoDB Local quotes the statement there).
Error pql_not_well_formed(std::string_view reason);
Error pql_unsupported_clause(std::string_view clause);  // "Unsupported clause: LIMIT"
Error pql_unsupported_operation(std::string_view op);   // "Unsupported operation: InsertOp"
Error pql_unsupported_token(std::string_view token);    // "Unsupported token in expression: CASE"
inline constexpr FixedError kPqlParameterCount{
    ErrorCode::ValidationException,
    "Number of parameters in request and statement don't match."};  // fewer Parameters than '?'

// ---- FROM ---------------------------------------------------------------------------------------
inline constexpr FixedError kPqlSelectMultipleFrom{ErrorCode::ValidationException,
                                                   "Only select from a single table or index is supported."};
inline constexpr FixedError kPqlAliasUnsupported{ErrorCode::ValidationException, "Aliasing is not supported"};
inline constexpr FixedError kPqlUnexpectedFromSource{ErrorCode::ValidationException, "Unexpected from source"};
inline constexpr FixedError kPqlFromPathTooLong{ErrorCode::ValidationException,
                                                "A path may contain at most 2 components in the FROM clause"};
inline constexpr FixedError kPqlInvalidTableName{
    ErrorCode::ValidationException,
    "Table name should be within the length [3, 255] and only contain 'a-z', 'A-Z', '0-9', '-', '_', '.'."};
inline constexpr FixedError kPqlDmlInvalidFrom{
    ErrorCode::ValidationException,
    "FROM clause may only contain a single table name in data manipulation statements"};  // an index in
                                                                                          // INSERT/UPDATE/DELETE's
                                                                                          // target
inline constexpr FixedError kPqlNotOnIndex{ErrorCode::ValidationException,
                                           "This operation is not supported on an index"};

// ---- SELECT ------------------------------------------------------------------------------------
inline constexpr FixedError kPqlUnexpectedPathComponent{ErrorCode::ValidationException, "Unexpected path component"};
inline constexpr FixedError kPqlSelectValueOrPivot{ErrorCode::ValidationException,
                                                   "Select projection doesn't support value or pivot keywords"};
inline constexpr FixedError kPqlChangingHierarchy{ErrorCode::ValidationException,
                                                  "Changing item's hierarchy while reading isn't supported"};  // m.*
Error pql_duplicate_select_names(std::string_view name);
inline constexpr FixedError kPqlOrderByWithoutWhere{
    ErrorCode::ValidationException, "Must have WHERE clause in the statement when using ORDER BY clause."};
inline constexpr FixedError kPqlOrderByWithoutHashKey{
    ErrorCode::ValidationException,
    "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause."};
Error pql_order_by_not_key(std::string_view name);
Error pql_order_by_not_path(std::string_view type);

// ---- WHERE --------------------------------------------------------------------------------------
inline constexpr FixedError kPqlWhereNotBoolean{ErrorCode::ValidationException,
                                                "WHERE clause must contain an expression that resolves to a boolean"};
inline constexpr FixedError kPqlNotOperand{ErrorCode::ValidationException,
                                           "The argument to NOT must be a Type or Expression"};
inline constexpr FixedError kPqlAndOrOperand{ErrorCode::ValidationException,
                                             "The arguments to AND/OR must be Expressions"};
inline constexpr FixedError kPqlIsOperand{
    ErrorCode::ValidationException, "The left hand side argument to IS must be a Variable Reference, Literal, or Path"};
Error pql_is_type(std::string_view type);  // "Unsupported data type for IS operator: INTEGER. ..."
inline constexpr FixedError kPqlMissingNeedsIs{ErrorCode::ValidationException,
                                               "MISSING must be compared using IS operator"};
inline constexpr FixedError kPqlInOperator{
    ErrorCode::ValidationException,
    "IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with "
    "at least one member"};
Error pql_unsupported_condition_operator(std::string_view op);
Error pql_unrecognized_function(std::string_view name);
inline constexpr FixedError kPqlIncompleteKey{ErrorCode::ValidationException, MINNOW_PQL_INCOMPLETE_KEY, nullptr,
                                             ValueFault::IncompleteKey};
Error pql_hash_key_single_equality(std::string_view key);
Error pql_multiple_key_conditions(std::string_view key);  // UPDATE/DELETE: the key twice
Error pql_key_type_mismatch(std::string_view key);
Error pql_key_nested_path(std::string_view key);
inline constexpr FixedError kPqlExistsOutsideTransaction{
    ErrorCode::ValidationException, "EXISTS can only be used in ExecuteTransaction write requests."};

// ---- Paths ---------------------------------------------------------------------------------
inline constexpr FixedError kPqlEmptyPathComponent{ErrorCode::ValidationException,
                                                   "Path component cannot be an empty string"};
inline constexpr FixedError kPqlPathStartsWithIndex{ErrorCode::ValidationException,
                                                    "A path cannot start with a list index"};
Error pql_list_index_out_of_range(std::string_view index);
inline constexpr FixedError kPqlUnpivotPath{ErrorCode::ValidationException,
                                            "Unpivot path component like a.*.b are not supported"};

// ---- Literals and parameters ------------------------------------------------------------------
// `under` is where the value sits, as DynamoDB names it: "root", "root.a.5".
Error pql_duplicate_tuple_key(std::string_view key, std::string_view under);
Error pql_tuple_key_type(std::string_view type, std::string_view under);
Error pql_unsupported_data_type(std::string_view type, std::string_view under);
Error pql_ion_literal(std::string_view type, std::string_view under);
inline constexpr FixedError kPqlEmptyBag{ErrorCode::ValidationException, "Empty bags are not supported"};
inline constexpr FixedError kPqlBagElementType{
    ErrorCode::ValidationException,
    "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags"};
Error pql_negative_zero(std::string_view under);

// ---- INSERT, UPDATE, DELETE -----------------------------------------------------------------
inline constexpr FixedError kPqlInsertItemFormat{
    ErrorCode::ValidationException,
    "Unsupported format in item expression. Please use struct format {...} to express item values for insert "
    "statement."};
inline constexpr FixedError kPqlInsertMultiple{
    ErrorCode::ValidationException,
    "Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO "
    "tableName VALUE item\" instead"};
inline constexpr FixedError kPqlInsertFromWhere{ErrorCode::ValidationException,
                                                "Unsupported FROM ... WHERE ... clause in INSERT statement."};
inline constexpr FixedError kPqlInsertAt{ErrorCode::ValidationException, "AT is not supported in insert statements."};
inline constexpr FixedError kPqlInsertReturning{ErrorCode::ValidationException, "RETURNING is not supported in INSERT"};
Error pql_key_attribute_absent(std::string_view key);
inline constexpr FixedError kPqlDuplicateItem{ErrorCode::DuplicateItemException,
                                              "Duplicate primary key exists in table"};  // DuplicateItemException
Error pql_unsupported_update_operator(std::string_view op);
inline constexpr FixedError kPqlIsInUpdate{ErrorCode::ValidationException,
                                           "IS operator is not supported in update expressions"};
Error pql_set_function_arguments(std::string_view function);  // SET_ADD / SET_DELETE
Error pql_set_function_first_argument(std::string_view function);
Error pql_set_function_second_argument(std::string_view function);
Error pql_assignment_target(std::string_view target);
inline constexpr FixedError kPqlReturningMultiple{
    ErrorCode::ValidationException, "Invalid syntax with multiple returning elements in RETURNING clause"};
inline constexpr FixedError kPqlReturningStar{
    ErrorCode::ValidationException, "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause"};
Error pql_delete_returning(std::string_view returning);  // "ALL NEW *"

// ---- Requests -------------------------------------------------------------------------------
inline constexpr FixedError kPqlInvalidNextToken{ErrorCode::ValidationException, "Invalid NextToken"};
inline constexpr FixedError kPqlNextTokenMismatch{ErrorCode::ValidationException, "NextToken does not match request"};
inline constexpr FixedError kPqlTransactionSelectKey{
    ErrorCode::ValidationException,
    "Select statements within ExecuteTransaction must specify the primary key in the where "
    "clause."};  // a SELECT without the full key in ExecuteTransaction
inline constexpr FixedError kPqlTransactionIndex{ErrorCode::ValidationException,
                                                 "Reads on indices are not supported within transactions."};
inline constexpr FixedError kPqlTransactionExistsSingle{
    ErrorCode::ValidationException, "EXISTS() must contain a single item read with additional condition"};
inline constexpr FixedError kPqlTransactionExistsIndex{ErrorCode::ValidationException,
                                                       "Operations on indices are not supported in transactions"};
inline constexpr FixedError kPqlTransactionUnsupported{ErrorCode::ValidationException,
                                                       "Unsupported operation in transaction."};
inline constexpr FixedError kPqlTransactionReturning{ErrorCode::ValidationException,
                                                     "RETURNING clause is not supported in ExecuteTransaction."};
// DynamoDB's (2026); "Only single item select is supported" is DynamoDB Local's.
inline constexpr FixedError kPqlBatchSingleItem{
    ErrorCode::ValidationException,
    "Select statements within BatchExecuteStatement must specify the primary key in the where clause.",
    "Only single item select is supported"};
// Index reads through PartiQL (ExecuteStatement's SELECT ... FROM "table"."index").
inline constexpr FixedError kPqlConsistentReadOnGlobalIndex{
    ErrorCode::ValidationException, "Strongly consistent read is not supported on Global Secondary Indexes"};
inline constexpr FixedError kPqlIndexNotFound{ErrorCode::ValidationException,
                                              "The table does not have the specified index"};
inline constexpr FixedError kPqlMultiAttributeKey{
    ErrorCode::ValidationException,
    "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys."};
inline constexpr FixedError kPqlBatchMixed{ErrorCode::ValidationException,
                                           "Read and write requests together in the same batch is not supported."};
inline constexpr FixedError kPqlBatchInvalidOperation{
    ErrorCode::ValidationException,
    "Invalid operation. Only select, insert, update and delete operations are valid"};  // a batch statement that is no
                                                                                        // SELECT, INSERT, UPDATE or
                                                                                        // DELETE
inline constexpr FixedError kPqlTransactionMixed{
    ErrorCode::ValidationException,
    "ExecuteTransaction API does not support both read and write operations in the same request."};
// "Validation failed in TransactStatements[i]: <message>"
Error pql_transaction_statement_invalid(std::size_t index, std::string_view message);
// TransactionCanceledException "ValidationError Where clause does not contain ..." (no reasons).
inline constexpr FixedError kPqlTransactionIncompleteKey{
    ErrorCode::TransactionCanceledException,
    "ValidationError " MINNOW_PQL_INCOMPLETE_KEY};  // a SELECT in a batch that is not one item by its key

}  // namespace minnow::model
