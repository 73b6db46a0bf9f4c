// A table's partitions in the byte order of their partition key values, for walks bounded by a
// key prefix (the data API's workspace scans, dataapi/).
//
// Items are stored in hash order (engine/query.h), which scatters the partitions whose keys
// share a prefix over the whole table: finding them would mean reading every item. This keeps
// one entry per partition (its storage-key prefix, model::partition_prefix) ordered by the key
// bytes inside it, so the partitions whose key starts with a prefix are one contiguous run,
// found with one logarithmic seek. A walk then reads each of those partitions as a Query does.
// Costs one string per partition and one ordered-set update when a partition appears or goes.
//
// Not thread-safe: Table guards it with its own lock (engine/table.h).
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace minnow::engine {

class PartitionOrder {
 public:
  // Records the partition of the item stored under `storage_key` (a no-op when known).
  void add(std::string_view storage_key);
  // Forgets the partition whose storage-key prefix is `partition_prefix`.
  void remove(std::string_view partition_prefix);
  void clear() { partitions_.clear(); }
  std::size_t size() const { return partitions_.size(); }

  // Orders partition prefixes by the key bytes after the hash and length; lookups by key bytes.
  struct ByKeyBytes {
    using is_transparent = void;
    static std::string_view key_bytes(std::string_view partition_prefix);
    bool operator()(const std::string& a, const std::string& b) const { return key_bytes(a) < key_bytes(b); }
    bool operator()(const std::string& a, std::string_view bytes) const { return key_bytes(a) < bytes; }
    bool operator()(std::string_view bytes, const std::string& b) const { return bytes < key_bytes(b); }
  };
  using Partitions = std::set<std::string, ByKeyBytes>;

  // The first partition whose key bytes are not below `key_bytes`.
  Partitions::const_iterator lower_bound(std::string_view key_bytes) const {
    return partitions_.lower_bound(key_bytes);
  }
  Partitions::const_iterator end() const { return partitions_.end(); }

 private:
  Partitions partitions_;
};

}  // namespace minnow::engine
