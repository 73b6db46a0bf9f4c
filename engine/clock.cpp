#include "engine/clock.h"

#include <chrono>

namespace minnow::engine {

namespace {
int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}
}  // namespace

int64_t AdjustableClock::now_ms() const { return system_ms() + offset_ms_.load(); }

void AdjustableClock::set_ms(int64_t epoch_ms) { offset_ms_.store(epoch_ms - system_ms()); }

}  // namespace minnow::engine
