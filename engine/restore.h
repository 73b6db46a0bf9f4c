// Putting a Database's state back from what persist/ saved: at start-up (the latest snapshot,
// then the log replayed over it) and for /_minnow/restore.
//
// A Restorer holds the catalog exclusively for its life, so no request finds, creates or deletes
// a table meanwhile; nothing it does is told to the CommitLog. Its changes are absolute, so that
// replaying the log over a snapshot taken while writes went on (persist/ takes one a chunk of a
// table at a time) ends in the state the log ends in:
//   - a definition replaces the table's (or creates the table), an item replaces the item;
//   - a table whose name belongs to another incarnation is ignored, with everything later said
//     of it: the log deletes it before that other table is created;
//   - a stream record the stream already has is ignored (Stream::restore_record), and so is a
//     point-in-time recovery record the table's recovery log has (RecoveryLog::restore_change);
//   - a backup replaces the backup of its ARN, a removal removes it if it is there;
//   - tables and their streams are tied together only at the end, by name and label: a stream is
//     open exactly while a table's definition enables it, so the log need not say when one closed.
// On destruction the streams no table enables are closed, and every table joins the Database's
// streams (its open stream, if its definition enables one) and its CommitLog.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/database.h"
#include "engine/stream.h"
#include "engine/table.h"
#include "engine/table_definition.h"

namespace minnow::engine {

class Restorer {
 public:
  explicit Restorer(Database& database);
  ~Restorer();
  Restorer(const Restorer&) = delete;
  Restorer& operator=(const Restorer&) = delete;

  // Every table, stream and backup dropped (as Database::clear).
  void clear();
  // The table of this incarnation created or redefined; null when it is ignored (above).
  Table* define(uint64_t incarnation, TableDefinition definition);
  void remove(uint64_t incarnation);
  Table* find(uint64_t incarnation) const;
  // A table's whole state put back from an image (engine/database_image.h).
  void put_image(Table& table, const TableImage& image);
  // An item of `table` replaced (`encoded` nullopt: deleted).
  void put(Table& table, std::string_view storage_key, std::optional<std::string_view> encoded);

  // A table's point-in-time recovery log (engine/recovery_log.h): its counters, and a record.
  void put_recovery_state(Table& table, const RecoveryState& state);
  void put_recovery_change(Table& table, RecoveryLog::Change change, bool from_snapshot);

  Stream* restore_stream(const StreamState& state);
  Stream* find_stream(uint64_t incarnation) const;

  void put_backup(Backup backup);
  void remove_backup(const std::string& arn);

  // What was saved has no recovery logs (files of an older format): on destruction each table
  // with point-in-time recovery starts its window afresh, at the clock's now.
  void recovery_logs_lost() { recovery_lost_ = true; }

  // Counters: what was given out before is never given out again.
  void raise_incarnation(uint64_t at_least);
  void raise_sequence(uint64_t at_least);
  // The first of `count` new incarnations, for an image numbered afresh (/_minnow/restore).
  uint64_t reserve_incarnations(uint64_t count);

 private:
  Database& database_;
  std::unique_lock<std::shared_mutex> lock_;
  std::unordered_map<uint64_t, std::shared_ptr<Table>> by_incarnation_;
  bool recovery_lost_ = false;
};

}  // namespace minnow::engine
