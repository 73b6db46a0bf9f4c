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
    : frozen_(mode == Mode::frozen), start_ms_(frozen_ ? system_ms() : 0), offset_ms_(start_ms_) {}

int64_t AdjustableClock::now_ms() const { return (frozen_ ? 0 : system_ms()) + offset_ms_.load(); }

void AdjustableClock::set_ms(int64_t epoch_ms) { offset_ms_.store(epoch_ms - (frozen_ ? 0 : system_ms())); }

}  // namespace minnow::engine
