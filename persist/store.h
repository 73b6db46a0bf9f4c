// A data directory (-dbPath): the latest snapshot plus the log of every change committed since,
// for every namespace (docs/persistence.md has the files and their format).
//
// Start-up: Store (locks the directory), log_for() and attach() for each namespace's Database,
// load() (the snapshot, then the logs replayed), start() (background log writer and compaction).
// Compaction writes a new snapshot when the log has grown past a fifth of the last snapshot
// (and at least compact_min_bytes), a chunk of a table at a time while writes go on, then
// deletes the files it replaces; stop() writes one too when the log holds more than a
// sixteenth of the snapshot, so that the next start has (almost) nothing to replay.
// Thread-safe after start().
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/commit_log.h"
#include "engine/database.h"
#include "persist/log_writer.h"
#include "persist/namespace_log.h"

namespace minnow::persist {

struct StoreOptions {
  std::string directory;
  FsyncPolicy fsync = FsyncPolicy::Interval;
  // A snapshot is written when the log holds more than this, and more than a fifth of the last
  // snapshot: writes then cost about a microsecond more (a snapshot of 100,000 items takes
  // about 50 ms of CPU), and the files stay within 1.5 times the items' size.
  uint64_t compact_min_bytes = 32u << 20;
};

struct LoadStats {
  bool fresh = false;                                  // the directory held no data yet
  bool old_format = false;  // files of an older format were read: write a snapshot before serving
  std::vector<std::string> namespaces;                 // those the directory held
  uint64_t tables = 0, items = 0, stream_records = 0;  // in the snapshot
  uint64_t log_files = 0, log_records = 0;
  double milliseconds = 0;
};

class Store {
 public:
  // Opens (and locks) the directory, which must exist. Throws std::runtime_error naming it.
  explicit Store(StoreOptions options);
  // Stops the background work, writes and syncs the log.
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // The CommitLog for namespace `name`'s Database; the Store owns it.
  engine::CommitLog* log_for(const std::string& name);
  // The Database of namespace `name`, whose CommitLog is log_for(name): compaction saves it.
  void attach(const std::string& name, engine::Database& database);

  // Loads the latest snapshot and replays the logs, namespace by namespace into
  // `database_for(name)` (which must attach what it returns). A torn log tail is cut off, with a
  // line to `warn`. Throws std::runtime_error naming the file for a corrupt snapshot or log.
  LoadStats load(const std::function<engine::Database&(const std::string&)>& database_for,
                 const std::function<void(const std::string&)>& warn);

  // Background work: the log writer's thread and compaction. stop() ends it (the destructor
  // too), writes a snapshot if the log is long, and syncs the log: call it before the
  // Databases go.
  void start();
  void stop();
  // See LogWriter::defer.
  bool defer_reply(std::function<void()> resume);
  // Writes a snapshot now and deletes the files it replaces; returns its size in bytes.
  uint64_t compact();
  // Everything logged is written and synced; waiting replies are released.
  void sync();
  // Bytes of the data files (snapshot and logs) right now.
  uint64_t disk_bytes() const;
  // How many times the log was fsynced.
  uint64_t log_syncs() const { return writer_->syncs(); }

 private:
  std::string path(const std::string& file) const;
  void compaction_loop();
  uint64_t log_bytes() const;  // since the last snapshot. Requires compact_mu_.

  const StoreOptions options_;
  int lock_fd_ = -1;
  uint64_t generation_ = 1;       // of the current log file. Protected by compact_mu_.
  uint64_t snapshot_bytes_ = 0;   // of the latest snapshot. Protected by compact_mu_.
  uint64_t older_log_bytes_ = 0;  // of the logs before the current one. Protected by compact_mu_.
  uint64_t log_files_ = 0;        // how many of those. Protected by compact_mu_.
  std::unique_ptr<LogWriter> writer_;

  std::mutex namespaces_mu_;
  std::map<std::string, std::unique_ptr<NamespaceLog>> logs_;  // Protected by namespaces_mu_.
  std::map<std::string, engine::Database*> databases_;         // Protected by namespaces_mu_.

  std::mutex compact_mu_;  // one compaction at a time
  std::mutex thread_mu_;
  std::condition_variable wake_;
  bool stopping_ = false;  // Protected by thread_mu_.
  bool started_ = false;   // Protected by thread_mu_.
  std::thread compactor_;
};

}  // namespace minnow::persist
