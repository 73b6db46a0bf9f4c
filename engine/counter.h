// Raising a shared counter to a floor, for state put back by persist/ (sequence numbers,
// incarnations): what was given out before a restart is never given out again.
#pragma once

#include <atomic>
#include <cstdint>

namespace minnow::engine {

inline void raise_to(std::atomic<uint64_t>& counter, uint64_t at_least) {
  for (uint64_t seen = counter.load(); seen < at_least && !counter.compare_exchange_weak(seen, at_least);) {
  }
}

}  // namespace minnow::engine
