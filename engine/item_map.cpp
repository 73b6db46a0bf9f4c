#include "engine/item_map.h"

#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>

#include "engine/slab_arena.h"

namespace minnow::engine {

namespace item_map {

// Stored items live in the slab arena (engine/slab_arena.h), but under AddressSanitizer, which
// sees use after free and overflows only in memory it allocates itself.
#if defined(__SANITIZE_ADDRESS__)
#define MINNOW_ITEMS_IN_ARENA 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MINNOW_ITEMS_IN_ARENA 0
#endif
#endif
#ifndef MINNOW_ITEMS_IN_ARENA
#define MINNOW_ITEMS_IN_ARENA 1
#endif

void* allocate(std::size_t bytes) {
  if constexpr (MINNOW_ITEMS_IN_ARENA) return item_arena().allocate(bytes);
  return ::operator new(bytes);
}

void deallocate(void* p, std::size_t bytes) noexcept {
  if constexpr (MINNOW_ITEMS_IN_ARENA) return item_arena().deallocate(p, bytes);
  ::operator delete(p);
}

}  // namespace item_map

ItemRef StoredItem::make(std::string_view storage_key, std::string_view encoded) {
  constexpr std::size_t kMax = std::numeric_limits<uint32_t>::max();
  if (storage_key.size() > kMax || encoded.size() > kMax) throw std::length_error("StoredItem: too large");
  const auto key_size = static_cast<uint32_t>(storage_key.size());
  const auto encoded_size = static_cast<uint32_t>(encoded.size());
  const bool wide = key_size > kMaxNarrowKey || encoded_size > kEncodedMask;
  const std::size_t sizes_bytes = wide ? 2 * sizeof(uint32_t) : 0;
  void* memory = item_map::allocate(sizeof(StoredItem) + sizes_bytes + key_size + encoded_size);
  auto* item = new (memory) StoredItem(wide ? kWide : (key_size << kEncodedBits) | encoded_size);
  char* bytes = reinterpret_cast<char*>(item + 1);
  if (wide) {
    std::memcpy(bytes, &key_size, sizeof key_size);
    std::memcpy(bytes + sizeof key_size, &encoded_size, sizeof encoded_size);
    bytes += sizes_bytes;
  }
  std::memcpy(bytes, storage_key.data(), key_size);
  std::memcpy(bytes + key_size, encoded.data(), encoded_size);
  return ItemRef::adopt(item);
}

std::size_t StoredItem::allocated_bytes() const {
  return sizeof(StoredItem) + (wide() ? 2 * sizeof(uint32_t) : 0) + key_size() + encoded_size();
}

void StoredItem::destroy() const noexcept {
  const std::size_t bytes = allocated_bytes();
  this->~StoredItem();
  item_map::deallocate(const_cast<StoredItem*>(this), bytes);
}

}  // namespace minnow::engine
