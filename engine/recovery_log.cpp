#include "engine/recovery_log.h"

#include <algorithm>

namespace minnow::engine {

namespace {
constexpr std::size_t kRecordOverheadBytes = 64;  // the deque slot, the strings' own size
}  // namespace

void RecoveryLog::enable(int64_t since_ms, int64_t period_days, std::size_t max_bytes) {
  disable();
  enabled_ = true;
  ++enablement_;
  since_ms_ = floor_ms_ = last_ms_ = since_ms;
  sequence_ = 0;
  max_bytes_ = max_bytes;
  set_period_days(period_days);
}

void RecoveryLog::disable() {
  enabled_ = false;
  changes_.clear();
  bytes_ = 0;
}

std::size_t RecoveryLog::size_of(const Change& change) {
  return kRecordOverheadBytes + change.storage_key.size() + (change.old_item ? change.old_item->size() : 0);
}

void RecoveryLog::record(int64_t now_ms, const std::string& storage_key, std::optional<std::string_view> old_item) {
  if (!enabled_) return;
  last_ms_ = std::max(last_ms_, now_ms);
  append(Change{sequence_ + 1, last_ms_, storage_key, old_item ? std::optional<std::string>(*old_item) : std::nullopt},
         now_ms);
}

void RecoveryLog::append(Change change, std::optional<int64_t> now_ms) {
  sequence_ = std::max(sequence_, change.sequence);
  bytes_ += size_of(change);
  changes_.push_back(std::move(change));
  if (now_ms) trim(*now_ms);
}

void RecoveryLog::restore_state(const RecoveryState& state) {
  if (!enabled_) return;
  floor_ms_ = state.floor_ms;
  last_ms_ = state.last_ms;
  sequence_ = state.sequence;
}

void RecoveryLog::restore_change(Change change, bool from_snapshot) {
  if (!enabled_ || (!from_snapshot && change.sequence <= sequence_)) return;
  last_ms_ = std::max(last_ms_, change.time_ms);
  // A snapshot's records are what the log held: none to trim. A logged one trims as it did then.
  const std::optional<int64_t> now_ms = from_snapshot ? std::nullopt : std::optional<int64_t>(change.time_ms);
  append(std::move(change), now_ms);
}

void RecoveryLog::trim(int64_t now_ms) {
  // A record at or before the window's start is never undone by a restore inside the window.
  const int64_t window_start = now_ms - period_ms_;
  while (!changes_.empty() && (changes_.front().time_ms <= window_start || bytes_ > max_bytes_)) {
    floor_ms_ = std::max(floor_ms_, changes_.front().time_ms);
    bytes_ -= size_of(changes_.front());
    changes_.pop_front();
  }
}

int64_t RecoveryLog::earliest_ms(int64_t now_ms) const { return std::max(floor_ms_, now_ms - period_ms_); }

void RecoveryLog::roll_back(StoredItems& items, int64_t at_ms) const {
  for (auto it = changes_.rbegin(); it != changes_.rend() && it->time_ms > at_ms; ++it) {
    if (it->old_item)
      items.insert_or_assign(it->storage_key, *it->old_item);
    else
      items.erase(it->storage_key);
  }
}

std::map<std::string, int64_t> RecoveryLog::changed_keys(int64_t from_ms, int64_t to_ms) const {
  std::map<std::string, int64_t> keys;
  for (const Change& change : changes_)
    if (change.time_ms >= from_ms && change.time_ms < to_ms) keys.insert_or_assign(change.storage_key, change.time_ms);
  return keys;
}

}  // namespace minnow::engine
