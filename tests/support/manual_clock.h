// A clock that stands still until a test moves it (engine/clock.h's AdjustableClock follows the
// system clock; these tests need exact times).
#pragma once

#include <cstdint>

#include "engine/clock.h"

namespace minnow::test {

class ManualClock : public engine::Clock {
 public:
  ManualClock() = default;
  explicit ManualClock(int64_t ms) : now(ms) {}
  int64_t now_ms() const override { return now; }
  void advance(int64_t ms) { now += ms; }

  int64_t now = 1'800'000'000'000;  // 1800000000 s
};

}  // namespace minnow::test
