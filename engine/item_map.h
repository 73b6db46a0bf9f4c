// A table's items as a persistent map (engine/shared_tree.h): storage key (model/key.h) ->
// encoded item (model/item_codec.h), each item one immutable allocation that every copy of the
// map holding it shares. Copying an ItemMap is O(1); see docs/plans/fork-and-rewind.md.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "engine/shared_tree.h"

namespace minnow::engine {

// One stored item: its storage key and its encoded form, in one allocation that never changes
// (from engine/slab_arena.h). Its header is 8 bytes: the reference count, and both sizes packed in
// one word (a key below 4 KB, an item below 512 KB: every item but some of many tiny attributes);
// an item that does not fit says so in the word's top bit and keeps its sizes in 8 bytes more.
class StoredItem {
 public:
  static Shared<const StoredItem> make(std::string_view storage_key, std::string_view encoded);

  std::string_view key() const { return {bytes(), key_size()}; }
  std::string_view encoded() const { return {bytes() + key_size(), encoded_size()}; }

  void retain() const noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() const noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) destroy();
  }

 private:
  static constexpr uint32_t kWide = 0x8000'0000u;
  static constexpr int kEncodedBits = 19;
  static constexpr uint32_t kEncodedMask = (1u << kEncodedBits) - 1;
  static constexpr uint32_t kMaxNarrowKey = (kWide >> kEncodedBits) - 1;

  explicit StoredItem(uint32_t sizes) : sizes_(sizes) {}
  bool wide() const { return sizes_ & kWide; }
  // A wide item's sizes, after the header: key size, then encoded size.
  uint32_t wide_size(int which) const {
    uint32_t size;
    std::memcpy(&size, reinterpret_cast<const char*>(this + 1) + which * sizeof(uint32_t), sizeof size);
    return size;
  }
  uint32_t key_size() const { return wide() ? wide_size(0) : sizes_ >> kEncodedBits; }
  uint32_t encoded_size() const { return wide() ? wide_size(1) : sizes_ & kEncodedMask; }
  const char* bytes() const { return reinterpret_cast<const char*>(this + 1) + (wide() ? 2 * sizeof(uint32_t) : 0); }
  std::size_t allocated_bytes() const;
  void destroy() const noexcept;

  mutable std::atomic<uint32_t> refs_{1};
  const uint32_t sizes_;
};
static_assert(sizeof(StoredItem) == 8);

using ItemRef = Shared<const StoredItem>;
using ItemMap = SharedTree<StoredItem>;

}  // namespace minnow::engine
