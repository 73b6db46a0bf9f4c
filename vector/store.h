// The data of one vector index, and its exact k-nearest-neighbour search.
//
// Each indexed item is one slot: its vector as packed float32 (padded to kLanes floats, one
// contiguous array per partition), its norm, an opaque handle naming the item, and one id per
// INLINE_FILTER attribute (its value's bytes interned; 0: absent). Slots are grouped by
// partition (the HASH attribute's value; one partition when the index has none), so a search,
// which always names its partition, reads only that partition's vectors. Removing an item
// moves the partition's last slot into its place.
//
// A search is exact. The scan computes float32 sums (vector/kernels.h) and, from a bound on
// their rounding error, an interval that surely holds each vector's exact score (vector/
// distance.h); it keeps every vector whose interval reaches the k-th best upper end, then
// scores those exactly in double and sorts them by score, ties by tie_key (the item's primary
// key). Large partitions are scanned by several threads, each keeping its own candidates.
//
// Not thread-safe for writers: the owner (engine::VectorIndex, under its table's lock) calls
// put/erase exclusively; search() may run concurrently with other searches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "vector/distance.h"

namespace minnow::vector {

// Cache-line aligned storage, so that rows (a multiple of 64 bytes) never straddle lines.
template <class T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};
  AlignedAllocator() = default;
  template <class U>
  AlignedAllocator(const AlignedAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlignment)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kAlignment); }
  bool operator==(const AlignedAllocator&) const = default;
};

class Store {
 public:
  using Handle = const void*;

  Store(Distance distance, std::size_t dims, std::size_t filter_count);
  // A copy holds the same handles and vectors (O(vectors): a fork of a table's vector index).
  Store(const Store& other);
  Store& operator=(const Store&) = delete;
  ~Store();

  Distance distance() const { return distance_; }
  std::size_t dims() const { return dims_; }

  // Adds the vector of `handle`, or replaces what it had: `vector` has dims() floats, all finite;
  // `partition` is the HASH value's bytes ("" without a HASH element); filters[i] the i-th
  // INLINE_FILTER attribute's value bytes, nullopt when the item lacks it.
  void put(Handle handle, std::string_view partition, const float* vector,
           const std::vector<std::optional<std::string>>& filters);
  // Removes the handle's vector; nothing when it has none.
  void erase(Handle handle);
  // The vector of `from` is now `to`'s, which has none; nothing when `from` has none either.
  void rehandle(Handle from, Handle to);
  void clear();

  std::size_t size() const { return locations_.size(); }
  // Bytes of vectors, norms, handles and filter ids held (what the index costs per item).
  std::size_t data_bytes() const;

  struct Query {
    const float* vector = nullptr;  // dims() floats, all finite
    std::size_t top_k = 1;
    std::string_view partition;
    // Equality conditions: (filter position, value bytes); a vector matches when all hold.
    std::vector<std::pair<std::size_t, std::string>> filters;
    std::size_t threads = 0;  // at most this many scanning threads; 0: one per hardware thread
  };
  struct Hit {
    Handle handle;
    double score;  // the exact score (vector/distance.h)
  };
  struct Result {
    std::vector<Hit> hits;     // best first, at most top_k
    std::size_t compared = 0;  // vectors scored (the partition's, less those filtered out)
    std::size_t rescored = 0;  // vectors scored exactly (candidates)
  };
  // tie_key(handle): bytes whose order ranks equal scores (called only for candidates).
  Result search(const Query& query, const std::function<std::string(Handle)>& tie_key) const;

 private:
  struct Partition {
    std::vector<float, AlignedAllocator<float>> vectors;  // slot * stride_ floats
    std::vector<float> norms;                             // sqrt of the sum of squares
    std::vector<Handle> handles;
    std::vector<uint32_t> filter_ids;  // slot * filter_count_
    const std::string* key = nullptr;  // its key in partitions_
    std::size_t size() const { return handles.size(); }
  };
  struct Location {
    Partition* partition;
    uint32_t slot;
  };
  struct Interned {
    uint32_t id;
    uint32_t references;
  };
  struct Chunk;

  uint32_t intern(std::size_t filter, const std::optional<std::string>& value);
  void release(std::size_t filter, uint32_t id);
  void write_slot(Partition& p, uint32_t slot, Handle handle, const float* vector,
                  const std::vector<std::optional<std::string>>& filters);
  void scan(const Partition& p, const Query& query, const float* q, double q_norm,
            const std::vector<uint32_t>& filter_ids, std::size_t begin, std::size_t end, Chunk& chunk) const;

  const Distance distance_;
  const std::size_t dims_;
  const std::size_t stride_;  // padded_dims(dims_)
  const std::size_t filter_count_;
  std::unordered_map<std::string, Partition> partitions_;  // by partition bytes; nodes stay put
  std::unordered_map<Handle, Location> locations_;
  // Per INLINE_FILTER attribute: value bytes -> id (from 1) and the slots using it.
  std::vector<std::unordered_map<std::string, Interned>> interned_;
  std::vector<std::vector<std::pair<const std::string, Interned>*>> by_id_;  // per filter: id -> entry
  std::vector<std::vector<uint32_t>> free_ids_;                              // per filter: ids to reuse
};

}  // namespace minnow::vector
