// A table's items as a persistent map (engine/shared_tree.h): storage key (model/key.h) ->
// encoded item (model/item_codec.h), each item one immutable allocation that every copy of the
// map holding it shares. Copying an ItemMap is O(1); see docs/plans/fork-and-rewind.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

#include "engine/shared_tree.h"

namespace minnow::engine {

// One stored item: its storage key and its encoded form, in one allocation that never changes.
class StoredItem {
 public:
  static Shared<const StoredItem> make(std::string_view storage_key, std::string_view encoded);

  std::string_view key() const { return {bytes(), key_size_}; }
  std::string_view encoded() const { return {bytes() + key_size_, encoded_size_}; }

  void retain() const noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() const noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) destroy();
  }

 private:
  StoredItem(uint32_t key_size, uint32_t encoded_size) : key_size_(key_size), encoded_size_(encoded_size) {}
  const char* bytes() const { return reinterpret_cast<const char*>(this + 1); }
  void destroy() const noexcept;

  mutable std::atomic<uint32_t> refs_{1};
  const uint32_t key_size_;
  const uint32_t encoded_size_;
};

using ItemRef = Shared<const StoredItem>;
using ItemMap = SharedTree<StoredItem>;

}  // namespace minnow::engine
