// The catalog of tables.
//
// Thread-safe: the catalog is protected by mu_ (shared for lookups, exclusive for create and
// delete); each Table has its own lock (see engine/table.h). Tables are handed out as
// shared_ptr, so a request keeps its table alive even if it is deleted meanwhile.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "engine/clock.h"
#include "engine/idempotency.h"
#include "engine/item_holds.h"
#include "engine/stream.h"

namespace minnow::engine {

class Table;
struct TableDefinition;

struct DatabaseOptions {
  // DynamoDB Local's -delayTransientStatuses: a GSI created by UpdateTable shows CREATING, then
  // CREATING with Backfilling, each for kTransientPhaseMs, before ACTIVE; a deleted GSI shows
  // DELETING for kTransientPhaseMs. Tables themselves are ACTIVE at once, as in DynamoDB Local
  // 3.3.1 with the flag. Without it every change is visible at once.
  bool delay_transient_statuses = false;
  // --transaction-window: each TransactWriteItems holds its items this long (engine/item_holds.h);
  // 0: transactions hold nothing beyond their own instant.
  int64_t transaction_window_ms = 0;
};

// The length of each transient phase, as measured on DynamoDB Local 3.3.1 with
// -delayTransientStatuses (GSI CREATING ~15 s, then Backfilling ~15 s; DELETING ~15 s).
inline constexpr int64_t kTransientPhaseMs = 15000;

class Database {
 public:
  Database(const Clock& clock, DatabaseOptions options);
  ~Database();

  const Clock& clock() const { return clock_; }
  const DatabaseOptions& options() const { return options_; }

  // Null when absent.
  std::shared_ptr<Table> find(const std::string& name) const;
  // Null when a table of that name already exists.
  std::shared_ptr<Table> create(TableDefinition definition);
  // Removes and returns the table; null when absent.
  std::shared_ptr<Table> remove(const std::string& name);
  // Names in ascending order, starting after `exclusive_start` (when given), at most `limit`.
  std::vector<std::string> list(const std::optional<std::string>& exclusive_start, std::size_t limit) const;
  // Drops every table and stream (the /_minnow/reset admin call).
  void clear();

  // Every table's streams, also those of deleted tables (DynamoDB Streams API). Thread-safe.
  StreamRegistry& streams() { return streams_; }

  // TransactWriteItems' tokens, and the items transactions hold (--transaction-window); both
  // thread-safe themselves.
  IdempotencyCache& idempotency() { return idempotency_; }
  ItemHolds& holds() { return holds_; }

 private:
  const Clock& clock_;
  const DatabaseOptions options_;
  mutable std::shared_mutex mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;  // Protected by mu_.
  StreamRegistry streams_;
  IdempotencyCache idempotency_;
  ItemHolds holds_;
};

}  // namespace minnow::engine
