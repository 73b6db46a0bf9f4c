// Where a global table's changes go: replication/ hands them to the table's replicas in the
// other regions' namespaces (TableDefinition::replicas, UpdateTable's ReplicaUpdates).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>

namespace minnow::engine {

struct TableDefinition;

// One sequence, for the whole process, orders every change to a global table in every namespace:
// of two changes to an item, the later is the one with the higher order. Replicas apply a change
// only over an older one: last writer wins, as DynamoDB resolves writes made in two regions.
inline uint64_t next_replication_order() {
  static std::atomic<uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

class ReplicaFeed {
 public:
  virtual ~ReplicaFeed() = default;
  // A change to `table`'s item `storage_key` (new_item null: deleted), with its order. Called
  // under the table's exclusive lock, in commit order: it only takes note.
  virtual void committed(const TableDefinition& table, std::string_view storage_key,
                         std::optional<std::string_view> new_item, uint64_t order) = 0;
  // Whether a change to `table`'s item `storage_key` made in another region of strong consistency
  // is not yet in every replica (its write not yet answered): a write here now would conflict.
  virtual bool changing_elsewhere(const TableDefinition& table, std::string_view storage_key) = 0;
};

}  // namespace minnow::engine
