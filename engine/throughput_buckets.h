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
#include <utility>

namespace minnow::engine {

inline constexpr int64_t kBurstSeconds = 300;

// One bucket's arithmetic, at `rate` units per second (the rate may change between calls: an
// UpdateTable takes effect at once).
class TokenBucket {
 public:
  // The units held at `now_ms`, after filling since the last call (a clock set back fills nothing).
  double available(double rate, int64_t now_ms);
  void charge(double rate, double units, int64_t now_ms) { tokens_ = available(rate, now_ms) - units; }

 private:
  bool started_ = false;
  double tokens_ = 0;
  int64_t updated_ms_ = 0;
};

enum class ThroughputKind : uint8_t { Read, Write };

// The buckets of one table: the table's own (index "") and its global secondary indexes', by name.
class ThroughputBuckets {
 public:
  // Whether the bucket holds `units` now.
  bool admits(const std::string& index, ThroughputKind kind, double rate, double units, int64_t now_ms);
  void charge(const std::string& index, ThroughputKind kind, double rate, double units, int64_t now_ms);

 private:
  std::mutex mu_;
  std::map<std::pair<std::string, ThroughputKind>, TokenBucket> buckets_;  // Protected by mu_.
};

}  // namespace minnow::engine
