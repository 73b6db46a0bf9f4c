#include "persist/log_writer.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <utility>

#include "persist/files.h"

namespace minnow::persist {

namespace {

constexpr auto kTick = std::chrono::seconds(1);
constexpr std::size_t kKeptBufferBytes = 4u << 20;
constexpr std::size_t kLargeRecordBytes = 256u << 10;

// The latest record appended by this thread, and to which writer.
thread_local const LogWriter* tl_writer = nullptr;
thread_local uint64_t tl_lsn = 0;

// Without its log a persistent Minnow cannot acknowledge anything: stop, loudly. What was
// acknowledged before is in the file.
template <class Action>
void or_exit(Action action) {
  try {
    action();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "minnow: %s; stopping\n", e.what());
    std::fflush(stderr);
    std::_Exit(1);
  }
}

void write_all(int fd, const std::string& data) {
  or_exit([&] { persist::write_all(fd, data, "the log file"); });
}
void sync_fd(int fd) {
  or_exit([&] { sync_file(fd, "the log file"); });
}

}  // namespace

LogWriter::LogWriter(FsyncPolicy policy, int fd, uint64_t bytes) : policy_(policy), current_bytes_(bytes), fd_(fd) {}

LogWriter::~LogWriter() {
  stop();
  sync();
  release_waiters();
  ::close(fd_);
}

void LogWriter::append(std::string_view frame) {
  std::lock_guard lock(append_mu_);
  pending_.back().append(frame);
  appended(frame.size());
}

void LogWriter::append(std::string&& frame) {
  if (frame.size() < kLargeRecordBytes) return append(std::string_view(frame));
  const std::size_t bytes = frame.size();
  std::lock_guard lock(append_mu_);
  pending_.push_back(std::move(frame));
  pending_.emplace_back();
  appended(bytes);
}

void LogWriter::appended(std::size_t bytes) {
  tl_lsn = ++appended_lsn_;
  tl_writer = this;
  current_bytes_.fetch_add(bytes, std::memory_order_relaxed);
}

void LogWriter::write_batch(int fd) {
  for (const std::string& segment : batch_)
    if (!segment.empty()) write_all(fd, segment);
  // Keep the first segment's buffer (small records) for the next batch, unless it grew large.
  batch_.resize(1);
  batch_[0].clear();
  if (batch_[0].capacity() > kKeptBufferBytes) batch_[0].shrink_to_fit();
}

bool LogWriter::defer(std::function<void()> resume) {
  if (tl_writer != this || tl_lsn == 0) return false;
  const uint64_t lsn = std::exchange(tl_lsn, 0);
  if (policy_ != FsyncPolicy::Always) {
    if (written_lsn_.load() < lsn) write_out();
    return false;
  }
  if (durable_lsn_.load() >= lsn) return false;
  {
    std::lock_guard lock(waiters_mu_);
    if (running_) {
      waiters_.push_back(Waiter{lsn, std::move(resume)});
      wake_.notify_one();
      return true;
    }
  }
  sync();  // no background thread (start-up, shutdown): sync on this one
  return false;
}

void LogWriter::write_out() {
  std::lock_guard lock(write_mu_);
  write_out_locked();
}

void LogWriter::write_out_locked() {
  uint64_t upto;
  {
    std::lock_guard lock(append_mu_);
    batch_.swap(pending_);
    upto = appended_lsn_;
  }
  write_batch(fd_);
  written_lsn_.store(upto);
}

void LogWriter::sync() {
  std::lock_guard sync_lock(sync_mu_);
  std::vector<int> files;
  uint64_t target;
  {
    std::lock_guard lock(write_mu_);
    write_out_locked();
    target = written_lsn_.load();
    files = std::move(retired_);
    retired_.clear();
    files.push_back(fd_);  // closed by the destructor only
  }
  if (target > durable_lsn_.load()) {  // else every file is synced already
    for (int fd : files) sync_fd(fd);
    syncs_.fetch_add(1);
  }
  files.pop_back();
  for (int fd : files) ::close(fd);
  if (durable_lsn_.load() < target) durable_lsn_.store(target);
}

void LogWriter::rotate(int fd, uint64_t bytes) {
  std::lock_guard lock(write_mu_);
  uint64_t upto;
  {
    std::lock_guard append_lock(append_mu_);
    batch_.swap(pending_);
    upto = appended_lsn_;
    current_bytes_.store(bytes);
  }
  write_batch(fd_);
  written_lsn_.store(upto);
  retired_.push_back(fd_);
  fd_ = fd;
}

void LogWriter::start() {
  std::lock_guard lock(waiters_mu_);
  if (running_) return;
  running_ = true;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void LogWriter::stop() {
  {
    std::lock_guard lock(waiters_mu_);
    if (!running_) return;
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
  std::lock_guard lock(waiters_mu_);
  running_ = false;
}

void LogWriter::run() {
  std::unique_lock lock(waiters_mu_);
  while (!stopping_) {
    if (policy_ == FsyncPolicy::Always) {
      wake_.wait_for(lock, kTick, [&] { return stopping_ || !waiters_.empty(); });
    } else {
      wake_.wait_for(lock, kTick, [&] { return stopping_; });
    }
    if (stopping_) break;
    lock.unlock();
    if (policy_ == FsyncPolicy::Never) {
      write_out();
    } else {
      sync();
    }
    release_waiters();
    lock.lock();
  }
}

void LogWriter::release_waiters() {
  std::vector<Waiter> ready;
  {
    std::lock_guard lock(waiters_mu_);
    const uint64_t durable = durable_lsn_.load();
    auto waiting = std::partition(waiters_.begin(), waiters_.end(), [&](const Waiter& w) { return w.lsn > durable; });
    std::move(waiting, waiters_.end(), std::back_inserter(ready));
    waiters_.erase(waiting, waiters_.end());
  }
  for (Waiter& w : ready) w.resume();
}

}  // namespace minnow::persist
