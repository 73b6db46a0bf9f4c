#include "engine/item_holds.h"

#include <algorithm>

namespace minnow::engine {

std::string ItemHolds::item(const std::string& table, const std::string& storage_key) {
  std::string id;
  id.reserve(table.size() + 1 + storage_key.size());
  id.append(table).append(1, '\0').append(storage_key);
  return id;
}

std::vector<bool> ItemHolds::held_locked(std::span<const std::string> items, int64_t now_ms) const {
  std::vector<bool> hits(items.size(), false);
  bool any = false;
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto it = until_ms_.find(items[i]);
    hits[i] = it != until_ms_.end() && it->second > now_ms;
    any = any || hits[i];
  }
  if (!any) hits.clear();
  return hits;
}

std::vector<bool> ItemHolds::held(std::span<const std::string> items, int64_t now_ms) {
  std::lock_guard lock(mu_);
  if (until_ms_.empty()) return {};
  return held_locked(items, now_ms);
}

std::vector<bool> ItemHolds::try_hold(std::span<const std::string> items, int64_t now_ms, int64_t until_ms) {
  std::lock_guard lock(mu_);
  // Holds whose time is up go first: the map only ever has the items of the last window.
  std::erase_if(until_ms_, [&](const auto& entry) { return entry.second <= now_ms; });
  std::vector<bool> hits = held_locked(items, now_ms);
  if (!hits.empty()) return hits;
  for (const std::string& item : items) until_ms_[item] = until_ms;
  return {};
}

void ItemHolds::clear() {
  std::lock_guard lock(mu_);
  until_ms_.clear();
}

}  // namespace minnow::engine
