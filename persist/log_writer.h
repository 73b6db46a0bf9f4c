// The log's writer: records appended by any thread (under the engine's locks, so in commit
// order), written to the current log file in batches, synced as the fsync policy says.
//
//   always    a request's reply waits until its records are fsynced; one thread writes and
//             fsyncs for everyone, so the writers that arrive during an fsync share the next
//             one (group commit). Nothing acknowledged is lost, even by the machine crashing.
//   interval  (default) the request's thread writes its records (and those of everyone before
//             it, in one write) before the reply goes out; fsync once a second. A killed
//             process loses nothing acknowledged; a machine crash up to a second.
//   never     as interval, without fsync: the operating system writes when it wants.
//
// A record is numbered (its LSN) when appended. Thread-safe. Lock order: write_mu_, then
// append_mu_; sync_mu_ before write_mu_; waiters_mu_ alone.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "persist/fsync_policy.h"

namespace minnow::persist {

class LogWriter {
 public:
  // `fd`: the current log file, open for appending, `bytes` long already.
  LogWriter(FsyncPolicy policy, int fd, uint64_t bytes);
  // Writes and syncs everything, then releases every waiting reply.
  ~LogWriter();
  LogWriter(const LogWriter&) = delete;
  LogWriter& operator=(const LogWriter&) = delete;

  FsyncPolicy policy() const { return policy_; }

  // Appends one framed record; remembers it as this thread's latest. A large record (a backup, a
  // restored table) is better moved in: it is written from where it is, not copied under the
  // lock every writer takes.
  void append(std::string_view frame);
  void append(std::string&& frame);

  // Called after a request was handled on this thread: false when its reply may go out now
  // (it logged nothing, or its records are written as the policy wants); true when `resume`
  // will be called, from the writer's thread, once they are durable.
  bool defer(std::function<void()> resume);

  // Writes every record appended so far, and fsyncs the files (every policy): for snapshots
  // and shutdown.
  void sync();

  // Records appended from now on go to `fd` (already `bytes` long); the previous file is
  // written out, and closed once synced.
  void rotate(int fd, uint64_t bytes);
  // Bytes in the current file, written or still to write.
  uint64_t current_bytes() const { return current_bytes_.load(); }
  // How many times the files were fsynced.
  uint64_t syncs() const { return syncs_.load(); }

  // Runs the background thread (always: group commits; interval: fsync every second; never:
  // writes every second). Until then and after stop(), nothing happens in the background.
  void start();
  void stop();

 private:
  struct Waiter {
    uint64_t lsn;
    std::function<void()> resume;
  };

  void write_out();         // everything appended so far, to the current file
  void write_out_locked();  // the same; requires write_mu_
  void write_batch(int fd);  // batch_'s segments; requires write_mu_
  void run();               // the background thread
  void release_waiters();   // resumes those whose records are durable

  const FsyncPolicy policy_;

  std::mutex append_mu_;
  void appended(std::size_t bytes);  // requires append_mu_

  // Framed records not yet written, in order: the last segment takes small records, a large one
  // is a segment of its own. Never empty. Protected by append_mu_.
  std::vector<std::string> pending_{1};
  uint64_t appended_lsn_ = 0;  // Protected by append_mu_.
  std::atomic<uint64_t> current_bytes_;

  std::mutex write_mu_;
  int fd_;                    // the current file. Protected by write_mu_.
  std::vector<int> retired_;  // earlier files, to sync and close. Protected by write_mu_.
  std::vector<std::string> batch_{1};  // being written (pending_'s segments). Protected by write_mu_.
  std::atomic<uint64_t> written_lsn_{0};

  std::mutex sync_mu_;  // one sync at a time, so durable_lsn_ never runs ahead of the files
  std::atomic<uint64_t> durable_lsn_{0};
  std::atomic<uint64_t> syncs_{0};

  std::mutex waiters_mu_;
  std::condition_variable wake_;
  std::vector<Waiter> waiters_;  // Protected by waiters_mu_.
  bool running_ = false;         // the thread serves waiters. Protected by waiters_mu_.
  bool stopping_ = false;        // Protected by waiters_mu_.
  std::thread thread_;
};

}  // namespace minnow::persist
