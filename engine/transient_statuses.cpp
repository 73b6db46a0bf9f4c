#include "engine/transient_statuses.h"

#include <vector>

namespace minnow::engine {

namespace {

// GSIs (IndexDefinition) and vector indexes (VectorIndexDefinition) alike.
template <class Index>
void settle(std::vector<Index>& indexes, std::vector<Index>& deleting, int64_t now_ms) {
  for (auto& index : indexes) {
    if (!index.transient_until_ms) continue;
    if (now_ms >= index.transient_until_ms) {
      index.status = "ACTIVE";
      index.backfilling = false;
      index.backfill_from_ms = index.transient_until_ms = 0;
    } else {
      index.backfilling = now_ms >= index.backfill_from_ms;
    }
  }
  std::erase_if(deleting, [&](const auto& index) { return now_ms >= index.transient_until_ms; });
}

}  // namespace

void settle_transient_statuses(TableDefinition& def, int64_t now_ms) {
  settle(def.global_indexes, def.deleting_indexes, now_ms);
  settle(def.vector_indexes, def.deleting_vector_indexes, now_ms);
}

}  // namespace minnow::engine
