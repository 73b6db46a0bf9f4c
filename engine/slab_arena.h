// Memory for the many small immutable objects a table holds (engine::StoredItem), without the
// general allocator's per-object cost (issue 37: a million items of ~200 bytes in under 300 MB).
//
// glibc's malloc puts an 8-byte header before every block and rounds it up to 16 bytes: about 16
// bytes an item. Here objects of one size class (a multiple of 4 bytes, up to kMaxBytes; aligned
// to 4, as a StoredItem needs) share 64 KB slabs, aligned to their size, so an object's slab is
// its address rounded down and it needs no header; the caller says the size again when it frees
// (a StoredItem knows its own).
// Each class keeps the slabs that have room; a slab whose last object goes is given back to the
// system (madvise, MADV_DONTNEED) and kept for reuse, so resident memory falls after a
// DeleteTable as it does with malloc. Objects above kMaxBytes go to operator new.
//
// Thread-safe: a lock per size class, and one for the spare slabs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace minnow::engine {

class SlabArena {
 public:
  static constexpr std::size_t kSlabBytes = 64 * 1024;
  static constexpr std::size_t kGranularity = 4;
  static constexpr std::size_t kMaxBytes = 2048;

  SlabArena() = default;
  ~SlabArena();  // gives every slab back; objects still allocated must not be used after
  SlabArena(const SlabArena&) = delete;
  SlabArena& operator=(const SlabArena&) = delete;

  void* allocate(std::size_t bytes);
  // `bytes` as given to allocate.
  void deallocate(void* p, std::size_t bytes) noexcept;

  // Slabs holding at least one object, over every class (for tests and figures).
  std::size_t slabs_in_use() const;

 private:
  struct Slab {
    Slab* prev;  // in its class's list of slabs with room
    Slab* next;
    char* free;        // objects given back, each holding the next one's address (memcpy: 4-aligned)
    char* unused;      // the first never-used byte
    uint32_t live;
    bool listed;  // in the list of slabs with room
  };
  struct SizeClass {
    mutable std::mutex mu;
    Slab* with_room = nullptr;  // Protected by mu.
    std::size_t slabs = 0;      // Protected by mu.
  };
  static constexpr std::size_t kClasses = kMaxBytes / kGranularity;

  static std::size_t object_bytes(std::size_t size_class) { return (size_class + 1) * kGranularity; }
  static char* slab_end(Slab* slab) { return reinterpret_cast<char*>(slab) + kSlabBytes; }
  static void unlink(SizeClass& c, Slab* slab);
  static void link(SizeClass& c, Slab* slab);
  Slab* new_slab();
  void release_slab(Slab* slab) noexcept;

  std::array<SizeClass, kClasses> classes_;
  mutable std::mutex spare_mu_;
  std::vector<Slab*> spare_;           // given back to the system, ready for reuse. Protected by spare_mu_.
  std::vector<void*> regions_;         // the mappings slabs are carved from. Protected by spare_mu_.
  char* carve_next_ = nullptr;         // the next slab of the newest region. Protected by spare_mu_.
  char* carve_end_ = nullptr;
};

// The arena of the stored items of every table.
SlabArena& item_arena();

}  // namespace minnow::engine
