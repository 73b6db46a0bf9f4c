// The catalog of tables.
//
// With a CommitLog (engine/commit_log.h), every committed change is told to it; engine/restore.h
// puts a saved catalog back.
//
// Thread-safe: the catalog is protected by mu_ (shared for lookups, exclusive for create and
// delete); each Table has its own lock (see engine/table.h). Tables are handed out as
// shared_ptr, so a request keeps its table alive even if it is deleted meanwhile.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "engine/backups.h"
#include "engine/clock.h"
#include "engine/replica_feed.h"
#include "engine/commit_log.h"
#include "engine/function_ref.h"
#include "engine/idempotency.h"
#include "engine/item_holds.h"
#include "engine/stale_reads.h"
#include "engine/stream.h"
#include "engine/transfers.h"

namespace minnow::engine {

class Table;
struct TableDefinition;

struct DatabaseOptions {
  // DynamoDB Local's -delayTransientStatuses: a GSI created by UpdateTable shows CREATING, then
  // CREATING with Backfilling, each for kTransientPhaseMs (the backfill longer for a large index,
  // engine/transient_statuses.h), before ACTIVE, and cannot be read meanwhile; a deleted GSI shows
  // DELETING for kTransientPhaseMs. Tables themselves are ACTIVE at once, as in DynamoDB Local
  // 3.3.1 with the flag. Without it every change is visible at once.
  bool delay_transient_statuses = false;
  // --transaction-window: each TransactWriteItems holds its items this long (engine/item_holds.h);
  // 0: transactions hold nothing beyond their own instant.
  int64_t transaction_window_ms = 0;
  // --capacity-model: provisioned tables and their global secondary indexes throttle requests
  // beyond their throughput (engine/throughput_buckets.h, requests/throttling.h).
  bool capacity_model = false;
  // --consistency-lag, --consistency-worst-case, --consistency-seed: what eventually consistent
  // reads see (engine/stale_reads.h); every table lags this much unless told otherwise.
  ConsistencyOptions consistency = {};
};

// The length of each transient phase, as measured on DynamoDB Local 3.3.1 with
// -delayTransientStatuses (GSI CREATING ~15 s, then Backfilling ~15 s; DELETING ~15 s).
inline constexpr int64_t kTransientPhaseMs = 15000;

class Database {
 public:
  // `log`, when given, hears of every committed change and must outlive the Database; so must
  // `feed`, which hears of every change to a global table (engine/replica_feed.h).
  Database(const Clock& clock, DatabaseOptions options, CommitLog* log = nullptr, ReplicaFeed* feed = nullptr);
  ~Database();

  const Clock& clock() const { return clock_; }
  const DatabaseOptions& options() const { return options_; }

  // Null when absent.
  std::shared_ptr<Table> find(const std::string& name) const;
  // Null when a table of that name already exists. With `items` (a restore's: a snapshot of a
  // table with the same key schema, and no stream), the table holds them before it is visible
  // (loaded under the catalog's lock).
  std::shared_ptr<Table> create(TableDefinition definition, const StoredItems* items = nullptr);
  // Removes and returns the table; null when absent.
  std::shared_ptr<Table> remove(const std::string& name);
  // Names in ascending order, starting after `exclusive_start` (when given), at most `limit`.
  std::vector<std::string> list(const std::optional<std::string>& exclusive_start, std::size_t limit) const;
  // Drops every table, stream, backup and transfer record (the /_minnow/reset admin call).
  void clear();

  CommitLog* commit_log() const { return log_; }
  // Every table, in name order, as they are now.
  std::vector<std::shared_ptr<Table>> tables() const;
  // Calls `visit` with every table, in name order, while none can change (the catalog and every
  // table locked shared): a consistent view, read through the tables' *_locked members.
  void freeze(FunctionRef<void(const std::vector<std::shared_ptr<Table>>&)> visit) const;
  // The last incarnation given to a table or stream (engine/commit_log.h).
  uint64_t incarnation() const { return incarnations_.load(); }

  // Every table's streams, also those of deleted tables (DynamoDB Streams API). Thread-safe.
  StreamRegistry& streams() { return streams_; }

  // TransactWriteItems' tokens, and the items transactions hold (--transaction-window); both
  // thread-safe themselves.
  IdempotencyCache& idempotency() { return idempotency_; }
  ItemHolds& holds() { return holds_; }

  // The on-demand backups of this database's tables, also of deleted ones. Thread-safe itself.
  Backups& backups() { return backups_; }
  // The exports, imports and bulk operations of this database (engine/transfers.h).
  Transfers& transfers() { return transfers_; }
  // The instants eventually consistent reads see (engine/stale_reads.h). Thread-safe itself.
  StaleReads& stale_reads() { return stale_reads_; }

 private:
  friend class Restorer;  // engine/restore.h

  const Clock& clock_;
  const DatabaseOptions options_;
  CommitLog* const log_;
  ReplicaFeed* const feed_;
  std::atomic<uint64_t> incarnations_{0};  // tables' and streams'
  mutable std::shared_mutex mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;  // Protected by mu_.
  StreamRegistry streams_;
  IdempotencyCache idempotency_;
  ItemHolds holds_;
  Backups backups_;
  Transfers transfers_;
  StaleReads stale_reads_;
};

}  // namespace minnow::engine
