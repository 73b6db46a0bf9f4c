// A table's recent states, kept while a consistency lag is on (--consistency-lag, issue 36): an
// eventually consistent read may see the table as it was at an instant up to the lag ago
// (docs/production-physics.md).
//
// A version is the table's items and secondary index entries as they were from `since_ms` until
// the next version began (or the live table, for the last). Each is a copy of persistent trees
// (engine/shared_tree.h): O(1) to take, sharing every node with the live table until a write
// path-copies its own. So the cost of a version is a few nodes per write after it, and nothing at
// all while the lag is off. At most one version per millisecond is kept: a read chooses a
// millisecond, and within one the latest state holds.
//
// Not thread-safe: Table keeps it under its own lock.
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "engine/index.h"
#include "engine/item_map.h"

namespace minnow::engine {

// Which state of a table a read sees: the latest, or (an eventually consistent read under a
// consistency lag: requests/consistency.h) the state at `as_of_ms`.
struct ReadPoint {
  static constexpr int64_t kLatest = std::numeric_limits<int64_t>::max();
  int64_t as_of_ms = kLatest;
};

struct TableVersion {
  int64_t since_ms = std::numeric_limits<int64_t>::min();
  ItemMap items;
  // Each secondary index's entries then, by the live index they belong to.
  std::vector<std::pair<const SecondaryIndex*, SecondaryIndex::Entries>> indexes;

  const SecondaryIndex::Entries* entries_of(const SecondaryIndex& index) const;
};

class TableVersions {
 public:
  // Before a change at `now_ms` to a table whose state is `items` and `indexes`: keeps that state
  // (unless the table already changed in this millisecond), then forgets the versions that ended
  // more than `lag_ms` (> 0) ago.
  void before_change(int64_t now_ms, int64_t lag_ms, const ItemMap& items,
                     const std::vector<std::unique_ptr<SecondaryIndex>>& indexes);
  // The state at `as_of_ms`, or null when it is the live table's (nothing changed since). An
  // instant before the oldest version kept gets the oldest.
  const TableVersion* at(int64_t as_of_ms) const;
  // Forgets every version: the indexes changed, or the table's state was replaced whole.
  void clear();
  // Forgets every version, and when the live state began: the lag was just turned on or off
  // (changes made while it was off were not followed), or the clock set back. Until the next
  // change every read sees the live state.
  void restart();

  std::size_t size() const { return versions_.size(); }

 private:
  std::deque<TableVersion> versions_;  // oldest first
  int64_t live_since_ms_ = std::numeric_limits<int64_t>::min();
};

}  // namespace minnow::engine
