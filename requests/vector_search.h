// SearchVectors as a typed request. The front end checks everything first (the vector's
// elements, the index exists and is ACTIVE, the dimension count, the condition against the search
// schema, the projection within the index's); execute() runs the exact search under the table's
// shared lock, handing each result to the caller as it is found, and counts
// VectorSearchRequestBytes (requests/capacity.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/function_ref.h"
#include "engine/table.h"
#include "engine/vector_index.h"
#include "expressions/ast.h"
#include "requests/capacity.h"
#include "requests/context.h"

namespace minnow::requests {

struct SearchVectorsRequest {
  std::shared_ptr<engine::Table> table;
  std::string index_name;
  uint32_t dimensions = 0;  // the index's
  engine::VectorSearchSpec spec;
  // ProjectionExpression, or the index's attributes when it does not project ALL; none: the whole
  // item.
  std::optional<expressions::Projection> projection;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::None;
};

struct SearchVectorsResult {
  uint64_t search_request_bytes = 0;  // VectorSearchRequestBytes
};

// `hit(encoded, score)` gets each result, best first, in the item's stored form, under the table's
// shared lock (write it out or copy it; do not touch the table).
SearchVectorsResult execute(const Context& context, const SearchVectorsRequest& request,
                            engine::FunctionRef<void(std::string_view encoded, double score)> hit);

}  // namespace minnow::requests
