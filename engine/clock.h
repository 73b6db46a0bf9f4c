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

// The system clock, plus an offset that tests may set or advance; or, frozen, a time that moves
// only when a test moves it.
class AdjustableClock : public Clock {
 public:
  // What a test chooses at construction: follow the system clock, or stand still at the time of
  // construction and move only by advance_ms and set_ms (so that no assertion about time depends
  // on how fast the machine runs the test).
  enum class Mode { follow_system, frozen };

  explicit AdjustableClock(Mode mode = Mode::follow_system);
  int64_t now_ms() const override;
  void advance_ms(int64_t delta);
  void set_ms(int64_t epoch_ms);
  // Stands still at now (frozen) or follows the system clock again from now (not frozen).
  void set_frozen(bool frozen);
  bool frozen() const { return frozen_at_ms_.load() != kNotFrozen; }
  // Back to the mode of construction: the system clock, or for a clock made frozen, where it
  // started.
  void reset();

 private:
  static constexpr int64_t kNotFrozen = INT64_MIN;
  const bool made_frozen_;
  const int64_t start_ms_;
  // The time while frozen (kNotFrozen otherwise), so that freezing is one store; and what is
  // added to the system clock while not.
  std::atomic<int64_t> frozen_at_ms_;
  std::atomic<int64_t> offset_ms_{0};
};

}  // namespace minnow::engine
