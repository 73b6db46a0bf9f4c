// Provisioned throughput as DynamoDB enforces it, for --capacity-model (docs/production-physics.md):
// a token bucket per table and per global secondary index, one for reads and one for writes,
// filled at the provisioned rate by Minnow's clock and holding at most 300 seconds of unused
// capacity (DynamoDB's burst capacity). A request is admitted when its bucket holds at least the
// smallest charge it can make; it is then charged what it consumed, which may take the bucket
// below zero (a large item, a long page), so that later requests wait until the rate has paid it
// back. A bucket starts with one second of capacity: a new table has no unused capacity yet.
// Thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace minnow::engine {

inline constexpr int64_t kBurstSeconds = 300;

// What one partition key value can take, on any table, provisioned or on demand: DynamoDB's
// partition limits (3,000 read units and 1,000 write units per second), which adaptive capacity
// leaves to a hot key once it has isolated it on a partition of its own. Its bucket holds one
// second of them.
inline constexpr double kKeyReadUnitsPerSecond = 3000;
inline constexpr double kKeyWriteUnitsPerSecond = 1000;
inline constexpr int64_t kKeyBurstSeconds = 1;

// One bucket's arithmetic, at `rate` units per second (the rate may change between calls: an
// UpdateTable takes effect at once), holding at most `burst_seconds` of it.
class TokenBucket {
 public:
  // The units held at `now_ms`, after filling since the last call (a clock set back fills nothing).
  double available(double rate, int64_t now_ms, int64_t burst_seconds = kBurstSeconds);
  void charge(double rate, double units, int64_t now_ms, int64_t burst_seconds = kBurstSeconds) {
    tokens_ = available(rate, now_ms, burst_seconds) - units;
  }

 private:
  bool started_ = false;
  double tokens_ = 0;
  int64_t updated_ms_ = 0;
};

enum class ThroughputKind : uint8_t { Read, Write };

// The buckets of one table: the table's own (index "") and its global secondary indexes', by
// name; and one per partition key value it was asked about (`partition`, as
// model::partition_prefix spells it), forgotten once full again so that they stay few.
class ThroughputBuckets {
 public:
  // Whether the bucket holds `units` now.
  bool admits(const std::string& index, ThroughputKind kind, double rate, double units, int64_t now_ms);
  void charge(const std::string& index, ThroughputKind kind, double rate, double units, int64_t now_ms);
  bool admits_key(const std::string& partition, ThroughputKind kind, double units, int64_t now_ms);
  void charge_key(const std::string& partition, ThroughputKind kind, double units, int64_t now_ms);

 private:
  // Drops the key buckets that are full at `now_ms` (as good as new), when there are many.
  void prune_keys(int64_t now_ms);

  std::mutex mu_;
  std::map<std::pair<std::string, ThroughputKind>, TokenBucket> buckets_;          // Protected by mu_.
  std::unordered_map<std::string, TokenBucket> key_buckets_[2];  // by ThroughputKind. Protected by mu_.
  std::size_t key_charges_ = 0;                                  // since the last prune. Protected by mu_.
};

}  // namespace minnow::engine
