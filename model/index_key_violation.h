// Why a table refuses to store an item: an attribute one of its indexes keys on (a secondary
// index key, or a vector index's vector, HASH or filter attribute) is not what the index takes.
// A value, not an error: the engine reports it and writes nothing; the front end words it with
// index_key_error (the wording depends on the request: an UpdateItem's empty index key value has
// a message of its own).
#pragma once

#include <cstddef>
#include <string>

#include "model/attribute_value.h"
#include "model/errors.h"

namespace minnow::model {

struct IndexKeyViolation {
  enum class Problem {
    WrongType,               // `attribute` is `actual`, the index needs `expected`
    EmptyValue,              // an empty S or B key value (`expected` is its type)
    PartitionKeyTooLarge,    // a partition key value over 2048 bytes, as for a table's key
    SortKeyTooLarge,         // a sort key value over 1024 bytes
    VectorNotList,           // the vector attribute is `actual`, not L
    VectorElementNotNumber,  // element `position` (from 1) is `actual`, not N
    VectorDimensions,        // the vector has `count` elements, the index `dimensions`
    VectorElementOutOfRange  // element `position` does not fit in float32
  };
  Problem problem = Problem::WrongType;
  bool vector_index = false;  // the index is a vector index
  std::string index;
  std::string attribute;
  model::ValueType expected{};
  model::ValueType actual{};
  std::size_t position = 0;
  std::size_t count = 0;
  std::size_t dimensions = 0;
};

// DynamoDB's ValidationException for the violation; `in_update`: the item was made by an
// UpdateItem (or a transaction's Update).
Error index_key_error(const IndexKeyViolation& violation, bool in_update);

}  // namespace minnow::model
