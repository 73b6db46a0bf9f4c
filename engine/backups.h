// On-demand backups (CreateBackup, and the SYSTEM backup DeleteTable makes of a table with
// point-in-time recovery): each is a table's definition and items at one instant. A Database
// owns its catalog of backups; a backup outlives the table it was made of.
//
// Thread-safe: mu_ protects the catalog. Backups are handed out as copies; the items are shared
// (immutable), so a copy is cheap and a restore can read them while the backup is deleted.
// With a CommitLog, every backup added or removed is told to it (engine/commit_log.h): a
// backup's record is built before mu_ is taken, and appended under it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/recovery_log.h"
#include "engine/table_definition.h"

namespace minnow::engine {

struct Backup {
  std::string arn;
  std::string name;
  std::string type;  // USER or SYSTEM
  int64_t creation_ms = 0;
  // CREATING until then (-delayTransientStatuses), AVAILABLE after.
  int64_t available_ms = 0;
  int64_t expiry_ms = 0;  // SYSTEM backups expire; 0: never
  std::string table_arn;
  TableDefinition table;  // the source table's definition at creation_ms
  std::shared_ptr<const StoredItems> items;
  uint64_t size_bytes = 0;
  uint64_t item_count = 0;
};

class CommitLog;

class Backups {
 public:
  explicit Backups(CommitLog* log = nullptr) : log_(log) {}

  // False when a backup with that ARN exists already.
  bool add(Backup backup);
  // Null when absent, or expired at `now_ms`.
  std::optional<Backup> find(const std::string& arn, int64_t now_ms) const;
  // Removes and returns the backup; null when absent or expired.
  std::optional<Backup> remove(const std::string& arn, int64_t now_ms);
  // Every backup not expired at `now_ms`, oldest first (ties by ARN); the items are not shared.
  std::vector<Backup> list(int64_t now_ms) const;
  // Every backup, expired ones too, items shared: what persist/ saves.
  std::vector<Backup> all() const;
  void clear();

 private:
  friend class Restorer;  // engine/restore.h: puts backups back (and takes them out) untold
  void restore(Backup backup);
  void restore_removal(const std::string& arn);

  CommitLog* const log_;
  mutable std::mutex mu_;
  std::map<std::string, Backup> backups_;  // by ARN. Protected by mu_.
};

}  // namespace minnow::engine
