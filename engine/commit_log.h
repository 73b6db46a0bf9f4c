// The engine's one hook for persistence: every committed change, told at its commit point.
//
// A Database given a CommitLog (persist/ implements it) tells it each change in the critical
// section that makes the change, so the order of the calls is the order of the commits that can
// see each other: item changes under their table's exclusive lock (a transaction's under all of
// its tables' locks), catalog changes under the catalog's or the table's lock. What a request is
// acknowledged for has been told first. The engine itself does no file I/O.
//
// Tables and streams are named by their incarnation: a number the Database gives each Table and
// Stream object, never reused in its life (and kept across restarts by persist/). A write that
// reaches a table after it was deleted or replaced (/_minnow/reset, restore) names an
// incarnation that is gone, so replaying it changes nothing, exactly as in memory.
//
// Calls come from many threads at once; an implementation synchronises itself.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/recovery_log.h"
#include "engine/stream.h"
#include "engine/table_definition.h"

namespace minnow::engine {

struct Backup;
class Database;

struct ItemChange {
  uint64_t table = 0;  // incarnation
  std::string_view storage_key;
  std::optional<std::string_view> old_item;  // encoded; nullopt: there was none
  std::optional<std::string_view> new_item;  // encoded; nullopt: deleted
  bool by_ttl = false;
  const Stream* stream = nullptr;  // the stream that got a record of this change, if any
  const StreamAppend* record = nullptr;
  // The point-in-time recovery log's record of this change (its undo is old_item), if any.
  const RecoveryStamp* recovery = nullptr;
};

class CommitLog {
 public:
  virtual ~CommitLog() = default;

  // The item changes of one write, one batch element or one whole transaction, told between
  // begin_items() and end_items() on one thread: one record, all of it or none after a crash.
  // A write that changes nothing tells nothing between the two.
  virtual void begin_items() = 0;
  virtual void item_changed(const ItemChange& change) = 0;
  virtual void end_items() = 0;

  // A table created (CreateTable) or redefined (UpdateTable, UpdateTimeToLive, ...): its whole
  // definition after the change, and the stream the change opened, if it opened one.
  virtual void table_defined(uint64_t table, const TableDefinition& definition, const Stream* opened) = 0;
  virtual void table_deleted(uint64_t table) = 0;
  // Every table and stream dropped (/_minnow/reset).
  virtual void cleared() = 0;
  // The namespace's whole state replaced by `image` (persist/'s own form, opaque here), its
  // tables and streams numbered from `first_incarnation` on, in the image's order. Called by persist/ itself, which
  // makes images, while it holds the Restorer that installs it (engine/restore.h).
  virtual void restored(uint64_t first_incarnation, std::string_view image) = 0;
  // The namespace's whole state replaced by an in-memory image (engine/database_image.h's
  // install_image, a fork or a rewind), after the install: the log records the state now there.
  virtual void installed(Database& database) = 0;

  // A backup added to the catalog (CreateBackup, DeleteTable's SYSTEM backup) in two steps, as a
  // backup may hold a whole table: backup_record() builds its record (opaque here) outside any
  // lock; backup_added() appends it under the catalog's lock.
  virtual std::string backup_record(const Backup& backup) = 0;
  virtual void backup_added(std::string record) = 0;
  virtual void backup_removed(const std::string& arn) = 0;
};

// begin_items() on construction, end_items() on destruction; nothing without a log.
class ItemRecord {
 public:
  explicit ItemRecord(CommitLog* log) : log_(log) {
    if (log_) log_->begin_items();
  }
  ~ItemRecord() {
    if (log_) log_->end_items();
  }
  ItemRecord(const ItemRecord&) = delete;
  ItemRecord& operator=(const ItemRecord&) = delete;

 private:
  CommitLog* log_;
};

}  // namespace minnow::engine
