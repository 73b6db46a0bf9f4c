#include "engine/partition_order.h"

#include "model/key.h"

namespace minnow::engine {

std::string_view PartitionOrder::ByKeyBytes::key_bytes(std::string_view partition_prefix) {
  return model::partition_key_bytes(partition_prefix);
}

void PartitionOrder::add(std::string_view storage_key) {
  const std::string_view prefix = model::partition_prefix_of(storage_key);
  auto it = partitions_.lower_bound(model::partition_key_bytes(prefix));
  if (it == partitions_.end() || *it != prefix) partitions_.emplace_hint(it, prefix);
}

void PartitionOrder::remove(std::string_view partition_prefix) {
  auto it = partitions_.find(model::partition_key_bytes(partition_prefix));
  if (it != partitions_.end()) partitions_.erase(it);
}

}  // namespace minnow::engine
