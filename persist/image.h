// A namespace's state as snapshot records (persist/records.h): written by compaction one chunk
// of a table at a time while writes go on, or all at once for /_minnow/snapshot; read back
// through an engine::Restorer, at start-up or for /_minnow/restore. The log's records are
// applied through the same Restorer (engine/restore.h says why replaying them over a snapshot
// taken while writes went on ends in the right state).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/database.h"
#include "engine/function_ref.h"
#include "engine/restore.h"
#include "engine/table.h"
#include "model/key.h"

namespace minnow::persist {

struct ImageTotals {
  uint64_t tables = 0;
  uint64_t items = 0;
  uint64_t streams = 0;
  uint64_t records = 0;  // stream records
  // Format 2.
  uint64_t recovery_records = 0;
  uint64_t backups = 0;
  uint64_t backup_items = 0;
};

// Writes namespace `name` of `database` as framed snapshot records (Namespace .. End) into
// `out`, calling `flush(out)` whenever it holds about a megabyte (flush empties it). Each table
// (its items, then its point-in-time recovery log) is read a chunk at a time under its shared
// lock, so writers wait for one chunk at most; backups are immutable and read with no lock.
ImageTotals write_namespace(const std::string& name, engine::Database& database, std::string& out,
                            engine::FunctionRef<void(std::string&)> flush);

// The image of a namespace at one instant (every table locked shared while it is copied), for
// /_minnow/snapshot: framed records, Namespace .. End.
std::string capture(engine::Database& database);

// Replaces the state of `database` with `image` (from capture), its tables and streams numbered
// afresh, and logs that (CommitLog::restored). Throws FormatError for a bad image.
void restore(engine::Database& database, std::string_view image);

// Applies snapshot and log records to the namespaces' Databases at start-up, each through its
// own Restorer, kept until finish() (or destruction), which ties the tables to their streams
// and logs again.
class ImageReader;

// The storage keys a file holds as the engine keys items today: files of format 2 and before
// were written with another partition hash (format 3: DynamoDB's, model::partition_hash).
struct KeyReader {
  bool rehash = false;
  std::string key(std::string_view stored, const engine::Table& table) const {
    return rehash ? model::rehashed_storage_key(stored, table.key_schema().hash.type) : std::string(stored);
  }
  std::string key(std::string_view stored, const engine::TableDefinition& table) const {
    return rehash ? model::rehashed_storage_key(stored, table.key_schema.hash.type) : std::string(stored);
  }
};

class Loader {
 public:
  // `database_for(name)` gives the Database of a namespace (making it if need be).
  explicit Loader(std::function<engine::Database&(const std::string&)> database_for);
  ~Loader();

  // Files of a format older than 2 have no recovery logs: tables with point-in-time recovery
  // start their window at finish(); older than 3, another partition hash in their storage keys
  // (KeyReader). Called for each file before its records.
  void file_version(uint32_t version);
  bool old_format() const { return old_format_; }
  // A snapshot file's records, in order; throws FormatError for a bad one. snapshot_done()
  // after the last: throws when the file is incomplete.
  void snapshot_record(std::string_view payload);
  void snapshot_done();
  // One log record; throws FormatError for a bad one.
  void log_record(std::string_view payload);
  void finish();

  const ImageTotals& snapshot_totals() const { return snapshot_totals_; }
  // The namespaces the records spoke of (before finish()).
  std::vector<std::string> namespaces() const;
  uint64_t log_records() const { return log_records_; }

 private:
  engine::Restorer& restorer(const std::string& name);

  std::function<engine::Database&(const std::string&)> database_for_;
  std::map<std::string, std::unique_ptr<engine::Restorer>> restorers_;
  std::unique_ptr<ImageReader> image_;  // the snapshot namespace being read
  uint64_t namespaces_ = 0;
  bool snapshot_ended_ = false;
  ImageTotals snapshot_totals_;
  uint64_t log_records_ = 0;
  bool old_format_ = false;
  KeyReader keys_;  // the file being read's
};

}  // namespace minnow::persist
