#include "engine/throughput_buckets.h"

#include <algorithm>
#include <iterator>

namespace minnow::engine {

double TokenBucket::available(double rate, int64_t now_ms, int64_t burst_seconds) {
  if (!started_) {
    started_ = true;
    tokens_ = rate;
  } else if (now_ms > updated_ms_) {
    tokens_ = std::min(rate * static_cast<double>(burst_seconds),
                       tokens_ + rate * static_cast<double>(now_ms - updated_ms_) / 1000);
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

namespace {

constexpr std::size_t kKeptKeyBuckets = 4096;

double key_rate(ThroughputKind kind) {
  return kind == ThroughputKind::Read ? kKeyReadUnitsPerSecond : kKeyWriteUnitsPerSecond;
}

}  // namespace

bool ThroughputBuckets::admits_key(const std::string& partition, ThroughputKind kind, double units,
                                   int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto& buckets = key_buckets_[static_cast<int>(kind)];
  auto it = buckets.find(partition);
  if (it == buckets.end()) return units <= key_rate(kind);  // a new bucket holds one second
  return it->second.available(key_rate(kind), now_ms, kKeyBurstSeconds) >= units;
}

void ThroughputBuckets::charge_key(const std::string& partition, ThroughputKind kind, double units,
                                   int64_t now_ms) {
  std::lock_guard lock(mu_);
  prune_keys(now_ms);
  key_buckets_[static_cast<int>(kind)][partition].charge(key_rate(kind), units, now_ms, kKeyBurstSeconds);
}

// Every kKeptKeyBuckets charges at most, so that a table with many busy keys pays O(1) a charge.
void ThroughputBuckets::prune_keys(int64_t now_ms) {
  if (++key_charges_ < kKeptKeyBuckets) return;
  key_charges_ = 0;
  for (int kind = 0; kind < 2; ++kind) {
    auto& buckets = key_buckets_[kind];
    if (buckets.size() < kKeptKeyBuckets) continue;
    const double rate = key_rate(static_cast<ThroughputKind>(kind));
    for (auto it = buckets.begin(); it != buckets.end();)
      it = it->second.available(rate, now_ms, kKeyBurstSeconds) >= rate ? buckets.erase(it) : std::next(it);
  }
}

}  // namespace minnow::engine
