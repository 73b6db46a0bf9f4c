#include "model/vector_errors.h"

#include "model/attribute_value.h"

namespace minnow::model {

Error vector_search_schema_two_hashes(const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector index " + index +
                    " has more than one HASH element in its SearchSchema");
}
Error vector_search_schema_duplicate(const std::string& index, const std::string& attribute) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector index " + index + " has attribute " + attribute +
                    " more than once in its SearchSchema");
}
Error vector_attribute_is_key(const std::string& attribute, const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector attribute " + attribute + " of vector index " + index +
                    " cannot be a key attribute or a search schema attribute");
}
Error vector_dimensions_differ(const std::string& attribute, const std::string& index, std::size_t dimensions,
                               const std::string& other, std::size_t other_dimensions) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector indexes on attribute " + attribute +
                    " must have the same Dimensions: " + index + " has " + std::to_string(dimensions) + ", " + other +
                    " has " + std::to_string(other_dimensions));
}

Error vector_type_mismatch(const std::string& attribute, ValueType actual, const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Type mismatch for Vector attribute " + attribute +
                    " Expected: L Actual: " + value_type_name(actual) + " IndexName: " + index);
}
Error vector_element_not_number(const std::string& attribute, std::size_t position, ValueType actual,
                                const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector attribute " + attribute + " element " + std::to_string(position) +
                    " Expected: N Actual: " + value_type_name(actual) + " IndexName: " + index);
}
Error vector_dimension_mismatch(const std::string& attribute, std::size_t actual, std::size_t expected,
                                const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector attribute " + attribute + " has " + std::to_string(actual) +
                    " dimensions, the index has " + std::to_string(expected) + " IndexName: " + index);
}
Error vector_element_out_of_range(const std::string& attribute, std::size_t position, const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS "Vector attribute " + attribute + " element " + std::to_string(position) +
                    " does not fit in a 32-bit floating point number IndexName: " + index);
}

Error vector_index_not_found(const std::string& index) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Vector index: " + index + " not found");
}
Error vector_index_not_active(const std::string& index) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Vector index: " + index + " is not ACTIVE");
}

Error top_k_out_of_range(const std::string& value) {
  return validation("Provided TopK value '" + value +
                    "' is out of valid range. The value must be between 1 and 100 inclusive");
}
Error search_vector_dimension_mismatch(std::size_t actual, std::size_t expected) {
  return validation("Input search vector dimension " + std::to_string(actual) +
                    " does not match vector index dimension " + std::to_string(expected));
}
Error search_condition_invalid_operator(const std::string& op) {
  return validation("Invalid operator used in SearchConditionExpression: " + op);
}
Error search_condition_not_in_schema(const std::string& attribute) {
  return validation("SearchConditionExpression must not contain any attributes that is not in SearchSchema. "
                    "Invalid attribute: " + attribute);
}
Error search_condition_missed_hash(const std::string& attribute, const std::string& index) {
  return validation(MINNOW_INVALID_PARAMETERS
                    "SearchConditionExpression must have an equality condition on the HASH "
                    "attribute " +
                    attribute + " of vector index " + index);
}
Error vector_index_does_not_project(const std::string& index, const std::vector<std::string>& attributes) {
  std::string list;
  for (const auto& a : attributes) list += (list.empty() ? "" : ", ") + a;
  return validation(MINNOW_INVALID_PARAMETERS "Vector index " + index + " does not project [" + list + "]");
}

}  // namespace minnow::model
