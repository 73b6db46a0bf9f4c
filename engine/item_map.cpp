#include "engine/item_map.h"

#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>

namespace minnow::engine {

ItemRef StoredItem::make(std::string_view storage_key, std::string_view encoded) {
  constexpr std::size_t kMax = std::numeric_limits<uint32_t>::max();
  if (storage_key.size() > kMax || encoded.size() > kMax) throw std::length_error("StoredItem: too large");
  void* memory = ::operator new(sizeof(StoredItem) + storage_key.size() + encoded.size());
  auto* item = new (memory) StoredItem(static_cast<uint32_t>(storage_key.size()), static_cast<uint32_t>(encoded.size()));
  char* bytes = reinterpret_cast<char*>(item + 1);
  std::memcpy(bytes, storage_key.data(), storage_key.size());
  std::memcpy(bytes + storage_key.size(), encoded.data(), encoded.size());
  return ItemRef::adopt(item);
}

void StoredItem::destroy() const noexcept {
  this->~StoredItem();
  ::operator delete(const_cast<StoredItem*>(this));
}

}  // namespace minnow::engine
