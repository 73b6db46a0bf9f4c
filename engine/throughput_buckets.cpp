#include "engine/throughput_buckets.h"

#include <algorithm>
#include <iterator>

#include "model/key.h"

namespace minnow::engine {

namespace {

constexpr std::size_t kKeptKeyBuckets = 4096;
constexpr std::size_t kKeptThrottles = 100;
constexpr std::size_t kReportedKeys = 10;
constexpr int64_t kHistorySeconds = 60;
constexpr int64_t kClockSetBackMs = 1000;

double key_rate(ThroughputKind kind) {
  return kind == ThroughputKind::Read ? kKeyReadUnitsPerSecond : kKeyWriteUnitsPerSecond;
}

// A key bucket's name: the index's, then the partition key value's bytes (each value's, for a
// multi-attribute key).
std::string key_id(PartitionKey key) {
  std::string id = key.index;
  id.push_back('\0');
  if (key.value.type() == model::ValueType::L) {
    for (const model::AttributeValue& v : key.value.as<model::AttributeList>()) id += model::partition_identity(v);
  } else {
    id += model::partition_identity(key.value);
  }
  return id;
}

// a / b rounded down (b > 0): the second of a millisecond, the minute of a second, before 1970 too.
int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : (a - (b - 1)) / b; }
int64_t epoch_second(int64_t ms) { return floor_div(ms, 1000); }
int64_t epoch_minute(int64_t second) { return floor_div(second, 60); }

}  // namespace

// Requests reach a bucket a little out of order (each carries the time it arrived): one that is
// a moment behind fills nothing and leaves the bucket's time alone, or the next would fill the
// same moment twice. A clock set back by more than a second (a rewind) restarts the bucket's time.
double TokenBucket::available(double rate, int64_t now_ms, int64_t burst_seconds) {
  if (!started_) {
    started_ = true;
    tokens_ = rate;
    updated_ms_ = now_ms;
  } else if (now_ms > updated_ms_) {
    tokens_ = std::min(rate * static_cast<double>(burst_seconds),
                       tokens_ + rate * static_cast<double>(now_ms - updated_ms_) / 1000);
    updated_ms_ = now_ms;
  } else if (now_ms < updated_ms_ - kClockSetBackMs) {
    updated_ms_ = now_ms;
  }
  return tokens_;
}

ThroughputBuckets::Bucket& ThroughputBuckets::bucket(const std::string& index, ThroughputKind kind, double rate,
                                                     int64_t burst_seconds) {
  Bucket& b = buckets_[{index, kind}];
  b.rate = rate;
  b.burst_seconds = burst_seconds;
  return b;
}

bool ThroughputBuckets::admits(const std::string& index, ThroughputKind kind, double rate, int64_t burst_seconds,
                               double units, int64_t now_ms) {
  std::lock_guard lock(mu_);
  // A charge larger than the bucket can ever hold (a transaction's two units at a maximum of one
  // a second) is admitted when the bucket is full.
  const double needed = std::min(units, rate * static_cast<double>(burst_seconds));
  return bucket(index, kind, rate, burst_seconds).tokens.available(rate, now_ms, burst_seconds) >= needed;
}

void ThroughputBuckets::charge(const std::string& index, ThroughputKind kind, double rate, int64_t burst_seconds,
                               double units, int64_t now_ms) {
  std::lock_guard lock(mu_);
  Bucket& b = bucket(index, kind, rate, burst_seconds);
  b.tokens.charge(rate, units, now_ms, burst_seconds);
  b.consumed += units;
  const int64_t second = epoch_second(now_ms);
  if (!b.seconds.empty() && b.seconds.back().first == second)
    b.seconds.back().second += units;
  else
    b.seconds.emplace_back(second, units);
  while (!b.seconds.empty() && b.seconds.front().first <= second - kHistorySeconds) b.seconds.pop_front();
  const int64_t minute = epoch_minute(second);
  if (b.minute_peaks.empty() || b.minute_peaks.back().first < minute) b.minute_peaks.emplace_back(minute, 0);
  b.minute_peaks.back().second = std::max(b.minute_peaks.back().second, b.seconds.back().second);
}

double ThroughputBuckets::settled_peak(const std::string& index, ThroughputKind kind, int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto it = buckets_.find({index, kind});
  if (it == buckets_.end()) return 0;
  Bucket& b = it->second;
  // A minute settles once its last second is kPeakSettleSeconds old.
  const int64_t settled_through = epoch_second(now_ms) - kPeakSettleSeconds;
  while (!b.minute_peaks.empty() && (b.minute_peaks.front().first + 1) * 60 - 1 <= settled_through) {
    b.settled_peak = std::max(b.settled_peak, b.minute_peaks.front().second);
    b.minute_peaks.pop_front();
  }
  return b.settled_peak;
}

ThroughputBuckets::KeyBucket& ThroughputBuckets::key_bucket(PartitionKey key, ThroughputKind kind) {
  auto [it, added] = key_buckets_[static_cast<int>(kind)].try_emplace(key_id(key));
  if (added) {
    it->second.index = key.index;
    it->second.key = key.value;
  }
  return it->second;
}

bool ThroughputBuckets::admits_key(PartitionKey key, ThroughputKind kind, double units, int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto& buckets = key_buckets_[static_cast<int>(kind)];
  auto it = buckets.find(key_id(key));
  const double needed = std::min(units, key_rate(kind) * kKeyBurstSeconds);
  if (it == buckets.end()) return true;  // a new bucket is full
  return it->second.tokens.available(key_rate(kind), now_ms, kKeyBurstSeconds) >= needed;
}

void ThroughputBuckets::charge_key(PartitionKey key, ThroughputKind kind, double units, int64_t now_ms) {
  std::lock_guard lock(mu_);
  prune_keys(now_ms);
  KeyBucket& b = key_bucket(key, kind);
  b.tokens.charge(key_rate(kind), units, now_ms, kKeyBurstSeconds);
  b.consumed += units;
}

void ThroughputBuckets::note_throttle(const std::string& index, ThroughputKind kind, ThrottleEvent event) {
  std::lock_guard lock(mu_);
  if (event.key)
    ++key_bucket({index, *event.key}, kind).throttled;
  else
    ++buckets_[{index, kind}].throttled;
  throttles_.push_back(std::move(event));
  if (throttles_.size() > kKeptThrottles) throttles_.pop_front();
}

// Every kKeptKeyBuckets charges at most, so that a table with many busy keys pays O(1) a charge.
// A key that was refused is kept until it is full again too, so the report still shows it.
void ThroughputBuckets::prune_keys(int64_t now_ms) {
  if (++key_charges_ < kKeptKeyBuckets) return;
  key_charges_ = 0;
  for (int kind = 0; kind < 2; ++kind) {
    auto& buckets = key_buckets_[kind];
    if (buckets.size() < kKeptKeyBuckets) continue;
    const double rate = key_rate(static_cast<ThroughputKind>(kind));
    for (auto it = buckets.begin(); it != buckets.end();)
      it = it->second.tokens.available(rate, now_ms, kKeyBurstSeconds) >= rate ? buckets.erase(it) : std::next(it);
  }
}

bool ThroughputBuckets::used() {
  std::lock_guard lock(mu_);
  return !buckets_.empty() || !key_buckets_[0].empty() || !key_buckets_[1].empty() || !throttles_.empty();
}

ThroughputReport ThroughputBuckets::report(int64_t now_ms) {
  std::lock_guard lock(mu_);
  ThroughputReport report;
  for (auto& [where, b] : buckets_) {
    BucketReport r;
    r.index = where.first;
    r.kind = where.second;
    r.rate = b.rate;
    r.available = b.tokens.available(b.rate, now_ms, b.burst_seconds);
    r.consumed = b.consumed;
    r.throttled = b.throttled;
    for (const auto& s : b.seconds)
      if (s.first > epoch_second(now_ms) - kHistorySeconds) r.last_minute.push_back(s);
    report.buckets.push_back(std::move(r));
  }
  for (int kind = 0; kind < 2; ++kind) {
    for (auto& [partition, b] : key_buckets_[kind]) {
      const ThroughputKind k = static_cast<ThroughputKind>(kind);
      report.hot_keys.push_back({b.index, b.key, k, b.tokens.available(key_rate(k), now_ms, kKeyBurstSeconds),
                                 b.consumed, b.throttled});
    }
  }
  // The hottest: the least available for its rate, then the most refused.
  std::sort(report.hot_keys.begin(), report.hot_keys.end(), [](const KeyReport& a, const KeyReport& b) {
    const double fa = a.available / key_rate(a.kind), fb = b.available / key_rate(b.kind);
    return fa != fb ? fa < fb : a.throttled > b.throttled;
  });
  if (report.hot_keys.size() > kReportedKeys) report.hot_keys.resize(kReportedKeys);
  report.throttles.assign(throttles_.begin(), throttles_.end());
  return report;
}

}  // namespace minnow::engine
