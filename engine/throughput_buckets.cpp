#include "engine/throughput_buckets.h"

#include <algorithm>

namespace minnow::engine {

double TokenBucket::available(double rate, int64_t now_ms) {
  if (!started_) {
    started_ = true;
    tokens_ = rate;
  } else if (now_ms > updated_ms_) {
    tokens_ = std::min(rate * kBurstSeconds, tokens_ + rate * static_cast<double>(now_ms - updated_ms_) / 1000);
  }
  updated_ms_ = now_ms;
  return tokens_;
}

bool ThroughputBuckets::admits(const std::string& index, ThroughputKind kind, double rate, double units,
                               int64_t now_ms) {
  std::lock_guard lock(mu_);
  return buckets_[{index, kind}].available(rate, now_ms) >= units;
}

void ThroughputBuckets::charge(const std::string& index, ThroughputKind kind, double rate, double units,
                               int64_t now_ms) {
  std::lock_guard lock(mu_);
  buckets_[{index, kind}].charge(rate, units, now_ms);
}

}  // namespace minnow::engine
