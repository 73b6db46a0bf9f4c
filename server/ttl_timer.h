// Runs the TTL sweeper (engine/ttl.h) over every namespace every `interval` on an asio
// steady_timer, on a thread of its own, with the namespaces' clock: expired items disappear
// within one interval (plus the sweep), through the normal delete path (indexes, streams).
// No Boost in this header. The Namespaces must outlive the timer; the destructor stops it and
// waits for a sweep in progress.
#pragma once

#include <chrono>
#include <memory>

namespace minnow::engine {
class Namespaces;
}

namespace minnow::server {

class TtlTimer {
 public:
  TtlTimer(engine::Namespaces& namespaces, std::chrono::milliseconds interval);
  ~TtlTimer();
  TtlTimer(const TtlTimer&) = delete;
  TtlTimer& operator=(const TtlTimer&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace minnow::server
