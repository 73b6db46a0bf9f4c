#include "engine/transient_statuses.h"

#include <algorithm>
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
  for (ReplicaDefinition& replica : def.replicas) {
    if (replica.transient_until_ms && now_ms >= replica.transient_until_ms) {
      replica.status = "ACTIVE";
      replica.transient_until_ms = 0;
    }
  }
}

uint64_t entry_write_units(uint64_t entry_bytes) { return std::max<uint64_t>(1, (entry_bytes + 1023) / 1024); }

int64_t backfill_ms(uint64_t write_units, int64_t write_units_per_second) {
  const auto rate = static_cast<uint64_t>(std::max<int64_t>(write_units_per_second, 1));
  return static_cast<int64_t>((write_units * 1000 + rate - 1) / rate);
}

void time_backfill(IndexDefinition& index, BillingMode billing, uint64_t write_units) {
  if (index.status != "CREATING" || !index.backfill_from_ms) return;
  const int64_t rate = billing == BillingMode::Provisioned && index.throughput
                           ? index.throughput->write_capacity_units
                           : warm_throughput(index.warm_throughput, nullptr).write_units_per_second;
  index.transient_until_ms =
      std::max(index.transient_until_ms, index.backfill_from_ms + backfill_ms(write_units, rate));
}

}  // namespace minnow::engine
