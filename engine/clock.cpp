#include "engine/clock.h"

#include <chrono>

namespace minnow::engine {

namespace {
int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}
}  // namespace

AdjustableClock::AdjustableClock(Mode mode)
    : made_frozen_(mode == Mode::frozen),
      start_ms_(system_ms()),
      frozen_at_ms_(made_frozen_ ? start_ms_ : kNotFrozen) {}

int64_t AdjustableClock::now_ms() const {
  const int64_t frozen_at = frozen_at_ms_.load();
  return frozen_at != kNotFrozen ? frozen_at : system_ms() + offset_ms_.load();
}

void AdjustableClock::advance_ms(int64_t delta) {
  if (frozen())
    frozen_at_ms_.fetch_add(delta);
  else
    offset_ms_.fetch_add(delta);
}

void AdjustableClock::set_ms(int64_t epoch_ms) {
  if (frozen())
    frozen_at_ms_.store(epoch_ms);
  else
    offset_ms_.store(epoch_ms - system_ms());
}

// Readers see the frozen time until the offset that continues it is in place.
void AdjustableClock::set_frozen(bool frozen) {
  const int64_t now = now_ms();
  if (frozen) {
    frozen_at_ms_.store(now);
  } else if (this->frozen()) {
    offset_ms_.store(now - system_ms());
    frozen_at_ms_.store(kNotFrozen);
  }
}

void AdjustableClock::reset() {
  offset_ms_.store(0);
  frozen_at_ms_.store(made_frozen_ ? start_ms_ : kNotFrozen);
}

}  // namespace minnow::engine
