// DynamoDB's messages for vector indexes: items written to a table with one, and SearchVectors.
//
// AWS documents which writes are rejected with a ValidationException (the vector attribute must
// be a list of numbers with the index's dimension count, each fitting in float32; search schema
// attributes must have their defined types) and that SearchVectors answers
// ResourceNotFoundException for an index that does not exist or is not ACTIVE, but not the texts:
// no reference emulator has vector indexes. These texts follow the wording of DynamoDB's
// messages for secondary index keys ("One or more parameter values were invalid: ...
// IndexName: X"), so a client that matches on the prefix treats them alike.
#pragma once

#include <cstddef>
#include <string>

#include "model/errors.h"

namespace minnow::model {

// ---- Items written (ValidationException) ----------------------------------------------------
// The vector attribute is not a list: "... Type mismatch for Vector attribute A Expected: L Actual: S IndexName: X".
Error vector_type_mismatch(const std::string& attribute, ValueType actual, const std::string& index);
// An element that is not a number: "... Vector attribute A element 3 Expected: N Actual: S IndexName: X" (from 1).
Error vector_element_not_number(const std::string& attribute, std::size_t position, ValueType actual,
                                const std::string& index);
// "... Vector attribute A has 3 dimensions, the index has 4 IndexName: X".
Error vector_dimension_mismatch(const std::string& attribute, std::size_t actual, std::size_t expected,
                                const std::string& index);
// "... Vector attribute A element 3 does not fit in a 32-bit floating point number IndexName: X".
Error vector_element_out_of_range(const std::string& attribute, std::size_t position, const std::string& index);

// ---- SearchVectors (ResourceNotFoundException) ----------------------------------------------
Error vector_index_not_found(const std::string& index);   // "Requested resource not found: Vector index: X not found"
Error vector_index_not_active(const std::string& index);  // "... Vector index: X is not ACTIVE"

}  // namespace minnow::model
