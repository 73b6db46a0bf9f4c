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
  // What a test chooses at construction: follow the system clock, or stand still at the time of
  // construction and move only by advance_ms and set_ms (so that no assertion about time depends
  // on how fast the machine runs the test).
  enum class Mode { follow_system, frozen };

  explicit AdjustableClock(Mode mode = Mode::follow_system);
  int64_t now_ms() const override;
  void advance_ms(int64_t delta) { offset_ms_.fetch_add(delta); }
  void set_ms(int64_t epoch_ms);
  // Back to the system clock, or for a frozen clock to where it started.
  void reset() { offset_ms_.store(start_ms_); }

 private:
  const bool frozen_;
  // Frozen: the time itself. Otherwise: what is added to the system clock.
  const int64_t start_ms_;
  std::atomic<int64_t> offset_ms_;
};

}  // namespace minnow::engine
