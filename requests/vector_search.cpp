#include "requests/vector_search.h"

namespace minnow::requests {

SearchVectorsResult execute(const Context& context, const SearchVectorsRequest& request,
                            engine::FunctionRef<void(std::string_view encoded, double score)> hit) {
  engine::VectorSearchStats stats =
      request.table->search_vectors(request.index_name, request.spec, context.now_ms, hit);
  return {vector_request_bytes(stats.compared, request.dimensions)};
}

}  // namespace minnow::requests
