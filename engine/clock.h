// Time for the engine. Engine code never reads the system clock directly: it asks a Clock,
// so that tests (and the /_minnow/clock admin call) can move time deterministically.
// Thread-safe.
#pragma once

#include <atomic>
#include <cstdint>

namespace minnow::engine {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch.
  virtual int64_t now_ms() const = 0;
};

// The system clock, plus an offset that tests may set or advance.
class AdjustableClock : public Clock {
 public:
  int64_t now_ms() const override;
  void advance_ms(int64_t delta) { offset_ms_.fetch_add(delta); }
  void set_ms(int64_t epoch_ms);
  void reset() { offset_ms_.store(0); }

 private:
  std::atomic<int64_t> offset_ms_{0};
};

}  // namespace minnow::engine
