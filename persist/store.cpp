#include "persist/store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "persist/bytes.h"
#include "persist/files.h"
#include "persist/frames.h"
#include "persist/image.h"
#include "persist/records.h"

namespace minnow::persist {

namespace {

constexpr std::string_view kSnapshotPrefix = "minnow-snapshot-";
constexpr std::string_view kLogPrefix = "minnow-log-";
constexpr std::string_view kTemporarySuffix = ".tmp";
constexpr const char* kLockFile = "minnow.lock";
constexpr auto kCompactionCheck = std::chrono::milliseconds(200);
// Restarts start a new log file each; this many call for a snapshot.
constexpr std::size_t kMaxLogFiles = 4;

std::string file_name(std::string_view prefix, uint64_t generation) {
  char digits[21];
  std::snprintf(digits, sizeof digits, "%020llu", static_cast<unsigned long long>(generation));
  return std::string(prefix) + digits;
}

// The generation in a data file's name, if it is one.
std::optional<uint64_t> generation_of(std::string_view name, std::string_view prefix) {
  if (!name.starts_with(prefix)) return std::nullopt;
  name.remove_prefix(prefix.size());
  uint64_t generation = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), generation);
  if (ec != std::errc() || end != name.data() + name.size() || name.size() != 20) return std::nullopt;
  return generation;
}

struct DataFiles {
  std::vector<uint64_t> snapshots, logs;  // ascending
  std::vector<std::string> temporary;
};

DataFiles scan(const std::string& directory) {
  DataFiles files;
  for (const std::string& name : list_directory(directory)) {
    if (auto g = generation_of(name, kSnapshotPrefix)) files.snapshots.push_back(*g);
    if (auto g = generation_of(name, kLogPrefix)) files.logs.push_back(*g);
    if (name.starts_with("minnow-") && name.ends_with(kTemporarySuffix)) files.temporary.push_back(name);
  }
  std::sort(files.snapshots.begin(), files.snapshots.end());
  std::sort(files.logs.begin(), files.logs.end());
  return files;
}

std::string formatted(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

}  // namespace

Store::Store(StoreOptions options) : options_(std::move(options)) {
  const std::string lock_path = path(kLockFile);
  lock_fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0)
    throw std::runtime_error("cannot use " + options_.directory + " as -dbPath: cannot create " + lock_path);
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd_);
    throw std::runtime_error(options_.directory + " is in use by another Minnow");
  }
  DataFiles files = scan(options_.directory);
  for (const std::string& name : files.temporary) ::unlink(path(name).c_str());  // an unfinished snapshot
  if (files.snapshots.empty()) {
    // Every first start writes a snapshot before it serves: logs without one are what an
    // interrupted first start (seeding, say) left.
    for (uint64_t g : files.logs) ::unlink(path(file_name(kLogPrefix, g)).c_str());
    files.logs.clear();
  }
  uint64_t last = 0;
  if (!files.snapshots.empty()) last = files.snapshots.back();
  if (!files.logs.empty()) last = std::max(last, files.logs.back());
  generation_ = last + 1;
  const std::string log_path = path(file_name(kLogPrefix, generation_));
  int fd = create_file(log_path, file_header(FileKind::Log, generation_));
  sync_directory(options_.directory);
  writer_ = std::make_unique<LogWriter>(options_.fsync, fd, kHeaderBytes);
}

Store::~Store() {
  stop();
  writer_.reset();
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void Store::stop() {
  bool started;
  {
    std::lock_guard lock(thread_mu_);
    started = std::exchange(started_, false);
    stopping_ = true;
  }
  wake_.notify_all();
  if (compactor_.joinable()) compactor_.join();
  if (started) {
    bool long_log;
    {
      std::lock_guard lock(compact_mu_);
      long_log = log_bytes() > std::max<uint64_t>(1u << 20, snapshot_bytes_ / 16);
    }
    try {
      if (long_log) compact();
    } catch (const std::exception& e) {
      std::cerr << "minnow: snapshot at shutdown failed (the log keeps everything): " << e.what() << std::endl;
    }
  }
  writer_->stop();
  writer_->sync();
}

uint64_t Store::log_bytes() const { return older_log_bytes_ + writer_->current_bytes() - kHeaderBytes; }

std::string Store::path(const std::string& file) const { return options_.directory + "/" + file; }

engine::CommitLog* Store::log_for(const std::string& name) {
  std::lock_guard lock(namespaces_mu_);
  auto& log = logs_[name];
  if (!log) log = std::make_unique<NamespaceLog>(name, *writer_);
  return log.get();
}

void Store::attach(const std::string& name, engine::Database& database) {
  std::lock_guard lock(namespaces_mu_);
  databases_[name] = &database;
}

LoadStats Store::load(const std::function<engine::Database&(const std::string&)>& database_for,
                      const std::function<void(const std::string&)>& warn) {
  const auto started = std::chrono::steady_clock::now();
  std::lock_guard lock(compact_mu_);
  LoadStats stats;
  DataFiles files = scan(options_.directory);
  stats.fresh = files.snapshots.empty();
  Loader loader(database_for);
  uint64_t first_log = 0;
  if (!stats.fresh) {
    const uint64_t generation = files.snapshots.back();
    const std::string snapshot = path(file_name(kSnapshotPrefix, generation));
    try {
      MappedFile file(snapshot);
      const FileHeader header = read_file_header(file.bytes());
      if (header.kind != FileKind::Snapshot || header.generation != generation)
        throw FormatError("the header does not match the file's name");
      loader.file_version(header.version);
      FrameReader frames(file.bytes());
      try {
        while (auto payload = frames.next()) loader.snapshot_record(*payload);
        if (frames.torn()) throw FormatError("a record fails its checksum or is cut short");
        loader.snapshot_done();
      } catch (const FormatError& e) {
        throw FormatError(std::string(e.what()) + " (at byte " + std::to_string(frames.offset()) + ")");
      }
      snapshot_bytes_ = file.bytes().size();
    } catch (const FormatError& e) {
      throw std::runtime_error("corrupt snapshot " + snapshot + ": " + e.what());
    }
    first_log = generation;
  }
  for (std::size_t i = 0; i < files.logs.size(); ++i) {
    const uint64_t generation = files.logs[i];
    const std::string log = path(file_name(kLogPrefix, generation));
    if (generation < first_log || generation == generation_) {  // older than the snapshot; or ours
      if (generation < first_log) ::unlink(log.c_str());
      continue;
    }
    MappedFile file(log);
    std::size_t good = 0;
    bool torn = false;
    try {
      if (file.bytes().size() < kHeaderBytes) {
        torn = true;  // created, but its header never fully written
      } else {
        const FileHeader header = read_file_header(file.bytes());
        if (header.kind != FileKind::Log || header.generation != generation)
          throw FormatError("the header does not match the file's name");
        loader.file_version(header.version);
        FrameReader frames(file.bytes());
        good = frames.offset();
        while (auto payload = frames.next()) {
          loader.log_record(*payload);
          good = frames.offset();
        }
        torn = frames.torn();
      }
    } catch (const FormatError& e) {
      throw std::runtime_error("corrupt log " + log + " (after byte " + std::to_string(good) + "): " + e.what());
    }
    if (!torn && good == kHeaderBytes) {  // a start that wrote nothing: nothing to keep
      ::unlink(log.c_str());
      continue;
    }
    ++stats.log_files;
    older_log_bytes_ += good;
    if (!torn) continue;
    warn("log " + log + ": the last " + formatted(file.bytes().size() - good) + " bytes (from byte " +
         std::to_string(good) + ") are a record cut short or failing its checksum, written when the process " +
         "stopped; cut off");
    if (good < kHeaderBytes) {
      ::unlink(log.c_str());
    } else {
      truncate_file(log, good);
    }
    // Later logs followed a record now lost: replaying them would skip it. Keep them aside.
    for (std::size_t j = i + 1; j < files.logs.size(); ++j) {
      if (files.logs[j] == generation_) continue;
      const std::string later = path(file_name(kLogPrefix, files.logs[j]));
      if (file_size(later) <= kHeaderBytes) {  // nothing in it
        ::unlink(later.c_str());
        continue;
      }
      const std::string aside = later + ".discarded";
      ::rename(later.c_str(), aside.c_str());
      warn("log " + later + " follows the cut and is not replayed; kept as " + aside);
    }
    break;
  }
  sync_directory(options_.directory);
  stats.namespaces = loader.namespaces();
  stats.old_format = loader.old_format();
  loader.finish();
  stats.tables = loader.snapshot_totals().tables;
  stats.items = loader.snapshot_totals().items;
  stats.stream_records = loader.snapshot_totals().records;
  stats.log_records = loader.log_records();
  log_files_ = stats.log_files;
  stats.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return stats;
}

void Store::start() {
  writer_->start();
  std::lock_guard lock(thread_mu_);
  started_ = true;
  if (!compactor_.joinable()) compactor_ = std::thread([this] { compaction_loop(); });
}

bool Store::defer_reply(std::function<void()> resume) { return writer_->defer(std::move(resume)); }

void Store::sync() { writer_->sync(); }

uint64_t Store::compact() {
  std::lock_guard lock(compact_mu_);
  const uint64_t generation = generation_ + 1;
  const std::string log = path(file_name(kLogPrefix, generation));
  writer_->rotate(create_file(log, file_header(FileKind::Log, generation)), kHeaderBytes);
  generation_ = generation;
  older_log_bytes_ = 0;
  log_files_ = 0;

  const std::string snapshot = path(file_name(kSnapshotPrefix, generation));
  const std::string temporary = snapshot + std::string(kTemporarySuffix);
  int fd = create_file(temporary, "");
  uint64_t bytes = 0;
  try {
    std::string out = file_header(FileKind::Snapshot, generation);
    auto flush = [&](std::string& b) {
      write_all(fd, b, temporary);
      bytes += b.size();
      b.clear();
    };
    std::map<std::string, engine::Database*> databases;
    {
      std::lock_guard ns_lock(namespaces_mu_);
      databases = databases_;
    }
    for (const auto& [name, database] : databases) write_namespace(name, *database, out, flush);
    const std::size_t start = begin_frame(out);
    ByteWriter w(out);
    w.u8(static_cast<uint8_t>(RecordKind::SnapshotEnd));
    w.varint(databases.size());
    end_frame(out, start);
    flush(out);
    sync_file(fd, temporary);
    ::close(fd);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  writer_->sync();  // what the snapshot holds is in the log too, durably
  if (::rename(temporary.c_str(), snapshot.c_str()) != 0)
    throw std::runtime_error("cannot rename " + temporary + " to " + snapshot);
  sync_directory(options_.directory);
  DataFiles files = scan(options_.directory);
  for (uint64_t g : files.snapshots)
    if (g < generation) ::unlink(path(file_name(kSnapshotPrefix, g)).c_str());
  for (uint64_t g : files.logs)
    if (g < generation) ::unlink(path(file_name(kLogPrefix, g)).c_str());
  sync_directory(options_.directory);
  snapshot_bytes_ = bytes;
  return bytes;
}

void Store::compaction_loop() {
  std::unique_lock lock(thread_mu_);
  while (!stopping_) {
    wake_.wait_for(lock, kCompactionCheck, [&] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    bool due;
    {
      std::lock_guard compact_lock(compact_mu_);
      due = log_files_ > kMaxLogFiles || log_bytes() > std::max(options_.compact_min_bytes, snapshot_bytes_ / 5);
    }
    if (due) {
      try {
        compact();
      } catch (const std::exception& e) {
        std::cerr << "minnow: snapshot failed (the log keeps everything; trying again later): " << e.what()
                  << std::endl;
      }
    }
    lock.lock();
  }
}

uint64_t Store::disk_bytes() const {
  uint64_t total = 0;
  for (const std::string& name : list_directory(options_.directory)) {
    if (generation_of(name, kSnapshotPrefix) || generation_of(name, kLogPrefix)) total += file_size(path(name));
  }
  return total;
}

}  // namespace minnow::persist
