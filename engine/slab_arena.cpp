#include "engine/slab_arena.h"

#include <sys/mman.h>

#include <cstring>
#include <new>

namespace minnow::engine {

namespace slab_arena {

// Slabs are carved from mappings of this many slabs.
constexpr std::size_t kRegionSlabs = 64;

}  // namespace slab_arena

SlabArena::~SlabArena() {
  for (void* region : regions_) munmap(region, (slab_arena::kRegionSlabs + 1) * kSlabBytes);
}

void SlabArena::unlink(SizeClass& c, Slab* slab) {
  if (slab->prev) slab->prev->next = slab->next;
  else c.with_room = slab->next;
  if (slab->next) slab->next->prev = slab->prev;
  slab->prev = slab->next = nullptr;
  slab->listed = false;
}

void SlabArena::link(SizeClass& c, Slab* slab) {
  slab->prev = nullptr;
  slab->next = c.with_room;
  if (c.with_room) c.with_room->prev = slab;
  c.with_room = slab;
  slab->listed = true;
}

SlabArena::Slab* SlabArena::new_slab() {
  std::lock_guard lock(spare_mu_);
  if (!spare_.empty()) {
    Slab* slab = spare_.back();
    spare_.pop_back();
    return slab;
  }
  if (carve_next_ == carve_end_) {
    // One slab more than the region, so that the region can start on a slab boundary.
    const std::size_t bytes = (slab_arena::kRegionSlabs + 1) * kSlabBytes;
    void* region = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) throw std::bad_alloc();
    regions_.push_back(region);
    const auto start = (reinterpret_cast<uintptr_t>(region) + kSlabBytes - 1) & ~(uintptr_t{kSlabBytes} - 1);
    carve_next_ = reinterpret_cast<char*>(start);
    carve_end_ = carve_next_ + slab_arena::kRegionSlabs * kSlabBytes;
  }
  Slab* slab = reinterpret_cast<Slab*>(carve_next_);
  carve_next_ += kSlabBytes;
  return slab;
}

void SlabArena::release_slab(Slab* slab) noexcept {
  // The pages go back to the system; the address range stays ours, for the next slab.
  madvise(slab, kSlabBytes, MADV_DONTNEED);
  std::lock_guard lock(spare_mu_);
  try {
    spare_.push_back(slab);
  } catch (...) {
    // No room to remember it: the range stays mapped, unused, until the arena goes.
  }
}

void* SlabArena::allocate(std::size_t bytes) {
  if (bytes < sizeof(char*)) bytes = sizeof(char*);  // room for the free list's link
  if (bytes > kMaxBytes) return ::operator new(bytes);
  const std::size_t size_class = (bytes - 1) / kGranularity;
  const std::size_t size = object_bytes(size_class);
  SizeClass& c = classes_[size_class];
  std::lock_guard lock(c.mu);
  Slab* slab = c.with_room;
  if (!slab) {
    slab = new_slab();
    slab->prev = slab->next = nullptr;
    slab->free = nullptr;
    slab->unused = reinterpret_cast<char*>(slab + 1);
    slab->live = 0;
    link(c, slab);
    ++c.slabs;
  }
  void* object;
  if (slab->free) {
    object = slab->free;
    std::memcpy(&slab->free, object, sizeof(char*));
  } else {
    object = slab->unused;
    slab->unused += size;
  }
  ++slab->live;
  if (!slab->free && slab->unused + size > slab_end(slab)) unlink(c, slab);  // full
  return object;
}

void SlabArena::deallocate(void* p, std::size_t bytes) noexcept {
  if (bytes < sizeof(char*)) bytes = sizeof(char*);
  if (bytes > kMaxBytes) return ::operator delete(p);
  const std::size_t size_class = (bytes - 1) / kGranularity;
  SizeClass& c = classes_[size_class];
  Slab* slab = reinterpret_cast<Slab*>(reinterpret_cast<uintptr_t>(p) & ~(uintptr_t{kSlabBytes} - 1));
  {
    std::lock_guard lock(c.mu);
    std::memcpy(p, &slab->free, sizeof(char*));
    slab->free = static_cast<char*>(p);
    if (--slab->live > 0 || c.slabs == 1) {
      if (!slab->listed) link(c, slab);
      return;
    }
    // Empty, and not the class's only slab: given back.
    if (slab->listed) unlink(c, slab);
    --c.slabs;
  }
  release_slab(slab);
}

std::size_t SlabArena::slabs_in_use() const {
  std::size_t n = 0;
  for (const SizeClass& c : classes_) {
    std::lock_guard lock(c.mu);
    n += c.slabs;
  }
  return n;
}

SlabArena& item_arena() {
  // Never destroyed: items may outlive every other static (a table held by a static object).
  static SlabArena* arena = new SlabArena;
  return *arena;
}

}  // namespace minnow::engine
