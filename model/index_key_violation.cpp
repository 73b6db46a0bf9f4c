#include "model/index_key_violation.h"

#include "model/vector_errors.h"

namespace minnow::model {

Error index_key_error(const IndexKeyViolation& v, bool in_update) {
  using Problem = IndexKeyViolation::Problem;
  switch (v.problem) {
    case Problem::WrongType:
      return index_key_type_mismatch(v.attribute, v.expected, v.actual, v.index);
    case Problem::EmptyValue:
      if (in_update && !v.vector_index) return index_key_update_empty_value(v.expected);
      return index_key_empty_value(v.index, v.attribute, v.expected);
    case Problem::PartitionKeyTooLarge:
      return Error(kPartitionKeyTooLarge);
    case Problem::SortKeyTooLarge:
      return Error(kSortKeyTooLarge);
    case Problem::VectorNotList:
      return vector_type_mismatch(v.attribute, v.actual, v.index);
    case Problem::VectorElementNotNumber:
      return vector_element_not_number(v.attribute, v.position, v.actual, v.index);
    case Problem::VectorDimensions:
      return vector_dimension_mismatch(v.attribute, v.count, v.dimensions, v.index);
    case Problem::VectorElementOutOfRange:
      return vector_element_out_of_range(v.attribute, v.position, v.index);
  }
  return index_key_type_mismatch(v.attribute, v.expected, v.actual, v.index);
}

}  // namespace minnow::model
