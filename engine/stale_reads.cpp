#include "engine/stale_reads.h"

#include <random>

namespace minnow::engine {

namespace stale_reads {

// SplitMix64's output function: consecutive inputs give independent-looking outputs.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t seed_of(const ConsistencyOptions& options) {
  if (options.seed) return *options.seed;
  std::random_device device;
  return (uint64_t{device()} << 32) | device();
}

}  // namespace stale_reads

StaleReads::StaleReads(const ConsistencyOptions& options)
    : worst_case_(options.worst_case), seed_(stale_reads::seed_of(options)) {}

ReadPoint StaleReads::pick(int64_t now_ms, int64_t lag_ms) {
  if (worst_case_) return {now_ms - lag_ms};
  const uint64_t draw = stale_reads::mix(seed_ + draws_.fetch_add(1, std::memory_order_relaxed));
  return {now_ms - static_cast<int64_t>(draw % static_cast<uint64_t>(lag_ms + 1))};
}

}  // namespace minnow::engine
