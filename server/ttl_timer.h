// Runs the TTL sweeper (engine/ttl.h) every `interval` on an asio steady_timer, on a thread of
// its own, with the Database clock's time: expired items disappear within one interval (plus
// the sweep), through the normal delete path (indexes, streams).
// No Boost in this header. The Database must outlive the timer; the destructor stops it and
// waits for a sweep in progress.
#pragma once

#include <chrono>
#include <memory>

namespace minnow::engine {
class Database;
}

namespace minnow::server {

class TtlTimer {
 public:
  TtlTimer(engine::Database& database, std::chrono::milliseconds interval);
  ~TtlTimer();
  TtlTimer(const TtlTimer&) = delete;
  TtlTimer& operator=(const TtlTimer&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace minnow::server
