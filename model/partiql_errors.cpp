#include "model/partiql_errors.h"

namespace minnow::model {

namespace {
Error v(std::string text) { return validation(std::move(text)); }
}  // namespace

Error at_position(const Error& error, uint32_t line, uint32_t column, uint32_t length) {
  Error out(error.code(), error.message() + " at " + std::to_string(line) + ":" + std::to_string(column) + ":" +
                              std::to_string(length));
  return out;
}

Error pql_not_well_formed(std::string_view reason) {
  return v(concat({"Statement wasn't well formed, can't be processed: ", reason}));
}
Error pql_unsupported_clause(std::string_view clause) { return v(concat({"Unsupported clause: ", clause})); }
Error pql_unsupported_operation(std::string_view op) { return v(concat({"Unsupported operation: ", op})); }
Error pql_unsupported_token(std::string_view token) { return v(concat({"Unsupported token in expression: ", token})); }

Error pql_duplicate_select_names(std::string_view name) {
  return v(concat({"Duplicate identifiers in select clause: ", name}));
}
Error pql_order_by_not_key(std::string_view name) {
  return v(concat({"Variable reference ", name, " in ORDER BY clause must be part of the primary key"}));
}
Error pql_order_by_not_path(std::string_view type) {
  return v(concat({"Argument to ORDER BY must be of type VariableReference. Type: ", type}));
}

Error pql_is_type(std::string_view type) {
  return v(concat({"Unsupported data type for IS operator: ", type,
                ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]"}));
}
Error pql_unsupported_condition_operator(std::string_view op) {
  return v(concat({"Unsupported operator in Condition Expression. Operator: ", op}));
}
Error pql_unrecognized_function(std::string_view name) { return v(concat({"Unrecognized function: ", name})); }
Error pql_hash_key_single_equality(std::string_view key) {
  return v(concat({"Only single equality condition should be present on hash key ", key}));
}
Error pql_multiple_key_conditions(std::string_view key) {
  return v(concat({"Multiple conditions on same key ", key, ". Only single item Update/Insert/Delete are supported"}));
}
Error pql_key_type_mismatch(std::string_view key) {
  return v(concat({"Key attribute's data type should match its data type in table's schema: Key ", key}));
}
Error pql_key_nested_path(std::string_view key) {
  return v(
      concat({"Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key ", key}));
}

Error pql_list_index_out_of_range(std::string_view index) {
  return v(concat({"List index is not within the allowable range; index: [", index, "]"}));
}

Error pql_duplicate_tuple_key(std::string_view key, std::string_view under) {
  return v(concat({"Duplicate keys in tuple. Key: ", key, " under ", under}));
}
Error pql_tuple_key_type(std::string_view type, std::string_view under) {
  return v(concat({"Tuple keys must be of type String. Actual type: ", type, " under ", under}));
}
Error pql_unsupported_data_type(std::string_view type, std::string_view under) {
  return v(concat({"Unsupported data type: ", type, " under key ", under}));
}
Error pql_ion_literal(std::string_view type, std::string_view under) {
  return v(concat({"Ion Literals are not supported: ", type, " under key ", under}));
}
Error pql_negative_zero(std::string_view under) {
  return v(concat({"Negative zero decimal is not supported under key ", under}));
}

Error pql_key_attribute_absent(std::string_view key) {
  return v(concat({"Key attribute should be present in the item: Key ", key}));
}
Error pql_unsupported_update_operator(std::string_view op) {
  return v(concat({"Unsupported operator in Update Expression. Operator: ", op}));
}
Error pql_set_function_arguments(std::string_view function) {
  return v(concat({function, " must have exactly two arguments"}));
}
Error pql_set_function_first_argument(std::string_view function) {
  return v(concat({"The first argument to ", function, " must equal the assignment value"}));
}
Error pql_set_function_second_argument(std::string_view function) {
  return v(concat({"The second argument to ", function, " must be a value with type SET"}));
}
Error pql_assignment_target(std::string_view target) { return v(concat({"Unrecognized assignment target: ", target})); }
Error pql_delete_returning(std::string_view returning) {
  return v(concat({"Invalid returning clause: RETURNING ", returning,
                ". Only RETURNING ALL OLD * is allowed in DELETE statements."}));
}

Error pql_transaction_statement_invalid(std::size_t index, std::string_view message) {
  return v(concat({"Validation failed in TransactStatements[", std::to_string(index), "]: ", message}));
}

}  // namespace minnow::model
