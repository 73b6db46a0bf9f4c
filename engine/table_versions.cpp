#include "engine/table_versions.h"

#include <algorithm>

namespace minnow::engine {

const SecondaryIndex::Entries* TableVersion::entries_of(const SecondaryIndex& index) const {
  for (const auto& [owner, entries] : indexes)
    if (owner == &index) return &entries;
  return nullptr;
}

void TableVersions::before_change(int64_t now_ms, int64_t lag_ms, const ItemMap& items,
                                  const std::vector<std::unique_ptr<SecondaryIndex>>& indexes) {
  if (now_ms < live_since_ms_) restart();  // the clock was set back: the versions' times mean nothing
  if (now_ms == live_since_ms_) return;  // the state being replaced held for no whole millisecond
  TableVersion& version = versions_.emplace_back();
  version.since_ms = live_since_ms_;
  version.items = items;
  version.indexes.reserve(indexes.size());
  for (const auto& index : indexes) version.indexes.emplace_back(index.get(), index->entries());
  live_since_ms_ = now_ms;
  // A version no read can choose any more: the next one began at or before now - lag.
  while (versions_.size() >= 2 && versions_[1].since_ms <= now_ms - lag_ms) versions_.pop_front();
}

const TableVersion* TableVersions::at(int64_t as_of_ms) const {
  if (as_of_ms >= live_since_ms_ || versions_.empty()) return nullptr;
  // The last version that began at or before as_of_ms; the oldest when none did.
  auto after = std::upper_bound(versions_.begin(), versions_.end(), as_of_ms,
                                [](int64_t at, const TableVersion& v) { return at < v.since_ms; });
  return after == versions_.begin() ? &versions_.front() : &*std::prev(after);
}

void TableVersions::clear() { versions_.clear(); }

void TableVersions::restart() {
  versions_.clear();
  live_since_ms_ = std::numeric_limits<int64_t>::min();
}

}  // namespace minnow::engine
