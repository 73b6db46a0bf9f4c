// Point-in-time recovery's change log: what reconstructs a table's items as they were at any
// instant since recovery was enabled, within its recovery period.
//
// It is an undo log kept at the table's commit point (Table::commit): for every committed
// change, the time and the item as it was before (or its absence). The table's items now, with
// the records newer than T undone newest first, are exactly the items as they were at T: every
// change committed at or before T, none after. No periodic snapshot is needed, so the memory
// kept is that of the changes made inside the window, and it is bounded: past `max_bytes` the
// oldest records go, and the earliest restorable time moves up to the time of the newest record
// dropped (before it, the table can no longer be reconstructed).
//
// Times come from the engine's Clock; a clock set back is treated as standing still (each
// record is stamped no earlier than the one before), so the log stays ordered.
//
// Each record of one enablement has a sequence number (1, 2, ... from enable()), which persist/
// logs with the change: replaying the log over a snapshot that holds some of those records
// appends only the newer ones (restore_change), so nothing is recorded twice.
// Not thread-safe: a Table owns its log and protects it with its own mutex.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>

namespace minnow::engine {

// A table's items: storage key (model/key.h) -> encoded item (model/item_codec.h).
using StoredItems = std::map<std::string, std::string>;

// The default bound of one table's log.
inline constexpr std::size_t kMaxRecoveryLogBytes = 64u << 20;

inline constexpr int64_t kMillisPerDay = 24LL * 3600 * 1000;

// What record() stamped a change with.
struct RecoveryStamp {
  uint64_t sequence = 0;
  int64_t time_ms = 0;
};

// A log's counters, as persist/ saves them.
struct RecoveryState {
  int64_t floor_ms = 0;
  int64_t last_ms = 0;
  uint64_t sequence = 0;
};

class RecoveryLog {
 public:
  struct Change {
    uint64_t sequence;
    int64_t time_ms;
    std::string storage_key;
    std::optional<std::string> old_item;
  };

  bool enabled() const { return enabled_; }
  // When the current enablement began (enable's since_ms); which one it is (a number that
  // changes with every enable(), in memory only).
  int64_t since_ms() const { return since_ms_; }
  uint64_t enablement() const { return enablement_; }
  // Starts recording afresh (sequence numbers from 1); the table can be restored to any instant
  // from `since_ms` on.
  void enable(int64_t since_ms, int64_t period_days, std::size_t max_bytes = kMaxRecoveryLogBytes);
  // Forgets every record: nothing before the next enable() can be restored.
  void disable();
  void set_period_days(int64_t period_days) { period_ms_ = period_days * kMillisPerDay; }

  // A change committed at `now_ms` to the item at `storage_key`; `old_item` is its encoded form
  // before the change, nullopt when it did not exist.
  void record(int64_t now_ms, const std::string& storage_key, std::optional<std::string_view> old_item);
  // The stamp of the latest record().
  RecoveryStamp last_stamp() const { return {sequence_, last_ms_}; }

  // persist/'s: the counters put back, then changes appended as saved, all only while enabled.
  // A snapshot's changes (`from_snapshot`) are all appended, in order; a logged change whose
  // sequence number the log has passed is ignored (the snapshot had it, or had dropped it).
  RecoveryState state() const { return {floor_ms_, last_ms_, sequence_}; }
  void restore_state(const RecoveryState& state);
  void restore_change(Change change, bool from_snapshot);
  // The records numbered after `after`, oldest first, until `visit` returns false; returns how
  // many it visited.
  template <class Visit>
  std::size_t visit_after(uint64_t after, Visit visit) const {
    auto it = std::partition_point(changes_.begin(), changes_.end(),
                                   [&](const Change& c) { return c.sequence <= after; });
    std::size_t visited = 0;
    for (; it < changes_.end(); ++it) {
      ++visited;
      if (!visit(*it)) break;
    }
    return visited;
  }

  // The earliest instant the table can be restored to at `now_ms` (the latest is `now_ms`).
  int64_t earliest_ms(int64_t now_ms) const;
  // Turns `items` (the table's items now) into the items as they were at `at_ms`.
  void roll_back(StoredItems& items, int64_t at_ms) const;

  // The time of the last change to each item changed at or after `from_ms` and before `to_ms`
  // (an incremental export's window), by storage key.
  std::map<std::string, int64_t> changed_keys(int64_t from_ms, int64_t to_ms) const;

  std::size_t bytes() const { return bytes_; }
  std::size_t records() const { return changes_.size(); }

 private:
  static std::size_t size_of(const Change& change);
  // Drops the records no restore inside the window needs, and the oldest beyond max_bytes_.
  void trim(int64_t now_ms);

  void append(Change change, std::optional<int64_t> trim_at_ms);

  bool enabled_ = false;
  int64_t since_ms_ = 0;
  uint64_t enablement_ = 0;
  uint64_t sequence_ = 0;  // of the newest record (or the saved counter put back)
  int64_t period_ms_ = 35 * kMillisPerDay;
  std::size_t max_bytes_ = kMaxRecoveryLogBytes;
  int64_t floor_ms_ = 0;        // no restore before this: when enabled, or the newest record dropped
  int64_t last_ms_ = 0;         // the newest record's time
  std::deque<Change> changes_;  // oldest first
  std::size_t bytes_ = 0;
};

}  // namespace minnow::engine
