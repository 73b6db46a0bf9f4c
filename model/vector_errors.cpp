#include "model/vector_errors.h"

#include "model/attribute_value.h"

namespace minnow::model {

namespace {}

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

}  // namespace minnow::model
