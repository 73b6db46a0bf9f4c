// Provisioned throughput as DynamoDB enforces it, for --capacity-model (docs/production-physics.md):
// a token bucket per table and per global secondary index, one for reads and one for writes,
// filled at the provisioned rate by Minnow's clock and holding at most 300 seconds of unused
// capacity (DynamoDB's burst capacity). A request is admitted when its bucket holds at least the
// smallest charge it can make; it is then charged what it consumed, which may take the bucket
// below zero (a large item, a long page), so that later requests wait until the rate has paid it
// back. A bucket starts with one second of capacity: a new table has no unused capacity yet.
// The buckets also keep what GET /_minnow/capacity reports: what each consumed, second by second
// over the last minute, and the latest refusals.
// Thread-safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/attribute_value.h"

namespace minnow::engine {

inline constexpr int64_t kBurstSeconds = 300;

// What one partition key value can take, on any table, provisioned or on demand: DynamoDB's
// partition limits (3,000 read units and 1,000 write units per second), which adaptive capacity
// leaves to a hot key once it has isolated it on a partition of its own. Its bucket holds one
// second of them.
inline constexpr double kKeyReadUnitsPerSecond = 3000;
inline constexpr double kKeyWriteUnitsPerSecond = 1000;
inline constexpr int64_t kKeyBurstSeconds = 1;

// An on-demand table's (or global index's) capacity at any instant, by AWS's "On-demand capacity
// mode" and "Warm throughput" pages: its warm throughput (engine/table_definition.h,
// warm_throughput); beyond that, twice the previous peak, where a peak counts once it is 30
// minutes old ("throttling can occur if you exceed double your previous peak within 30
// minutes"); and never more than the per-table account quota, 40,000 of each a second
// (DescribeLimits' TableMax...CapacityUnits).
inline constexpr int64_t kPeakSettleSeconds = 1800;
inline constexpr double kTableQuotaUnitsPerSecond = 40000;

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

// A refusal, as the report lists it.
struct ThrottleEvent {
  int64_t at_ms = 0;
  std::string operation;  // "PutItem"
  std::string reason;     // "TableWriteKeyRangeThroughputExceeded"
  std::string resource;   // the table's or index's ARN
  std::optional<model::AttributeValue> key;  // the partition key value, when a key's bucket refused
};

// Whose partition key value a key bucket is: the table's (index "") or a global secondary
// index's; a multi-attribute partition key's value is the list of its values.
struct PartitionKey {
  const std::string& index;
  const model::AttributeValue& value;
};

// One bucket in the report.
struct BucketReport {
  std::string index;  // "" for the table
  ThroughputKind kind = ThroughputKind::Read;
  double rate = 0;       // units a second, as last used
  double available = 0;  // at the report's time
  double consumed = 0;   // since the table was made (or the model saw it first)
  uint64_t throttled = 0;
  std::vector<std::pair<int64_t, double>> last_minute;  // (epoch second, units consumed), seconds with some
};

// One partition key value's bucket in the report.
struct KeyReport {
  std::string index;  // "" for the table's
  model::AttributeValue key;
  ThroughputKind kind = ThroughputKind::Read;
  double available = 0;
  double consumed = 0;  // while its bucket is kept
  uint64_t throttled = 0;
};

struct ThroughputReport {
  std::vector<BucketReport> buckets;  // table then indexes, reads then writes
  std::vector<KeyReport> hot_keys;     // the least available first, at most 10
  std::vector<ThrottleEvent> throttles;  // the latest last, at most 100
};

// The buckets of one table: the table's own (index "") and its global secondary indexes', by
// name; and one per partition key value it was asked about, forgotten once full again so that
// they stay few.
class ThroughputBuckets {
 public:
  // The table's own choice, from POST /_minnow/capacity: on, off, or (nullopt) the server's
  // --capacity-model.
  void set_model(std::optional<bool> on) { model_.store(on ? (*on ? 1 : 0) : -1); }
  std::optional<bool> model() const {
    const int8_t m = model_.load(std::memory_order_relaxed);
    return m < 0 ? std::nullopt : std::optional<bool>(m == 1);
  }

  // Whether the bucket, at `rate` units a second holding `burst_seconds` of them, holds `units` now.
  bool admits(const std::string& index, ThroughputKind kind, double rate, int64_t burst_seconds, double units,
              int64_t now_ms);
  void charge(const std::string& index, ThroughputKind kind, double rate, int64_t burst_seconds, double units,
              int64_t now_ms);
  bool admits_key(PartitionKey key, ThroughputKind kind, double units, int64_t now_ms);
  void charge_key(PartitionKey key, ThroughputKind kind, double units, int64_t now_ms);

  // The highest units the bucket consumed in one second, among the seconds at least
  // kPeakSettleSeconds before `now_ms` (0 when none): the previous peak an on-demand table's
  // capacity doubles.
  double settled_peak(const std::string& index, ThroughputKind kind, int64_t now_ms);

  // A refusal of the table's or an index's bucket (`event.key` null), or of a key's (of the table
  // or of index `index`).
  void note_throttle(const std::string& index, ThroughputKind kind, ThrottleEvent event);

  ThroughputReport report(int64_t now_ms);
  // Whether any request was metered.
  bool used();

 private:
  struct Bucket {
    TokenBucket tokens;
    double rate = 0;
    int64_t burst_seconds = kBurstSeconds;
    double consumed = 0;
    uint64_t throttled = 0;
    std::deque<std::pair<int64_t, double>> seconds;  // the last minute's, by epoch second
    // The busiest second of each minute not settled yet (by epoch minute), and the busiest of
    // those settled: what settled_peak reads.
    std::deque<std::pair<int64_t, double>> minute_peaks;
    double settled_peak = 0;
  };
  struct KeyBucket {
    TokenBucket tokens;
    std::string index;
    model::AttributeValue key;
    double consumed = 0;
    uint64_t throttled = 0;
  };
  Bucket& bucket(const std::string& index, ThroughputKind kind, double rate, int64_t burst_seconds);
  KeyBucket& key_bucket(PartitionKey key, ThroughputKind kind);
  // Drops the key buckets that are full at `now_ms` (as good as new), when there are many.
  void prune_keys(int64_t now_ms);

  std::mutex mu_;
  std::map<std::pair<std::string, ThroughputKind>, Bucket> buckets_;  // Protected by mu_.
  // By ThroughputKind, by index and partition (key_id). Protected by mu_.
  std::unordered_map<std::string, KeyBucket> key_buckets_[2];
  std::size_t key_charges_ = 0;                                // since the last prune. Protected by mu_.
  std::deque<ThrottleEvent> throttles_;                        // Protected by mu_.
  std::atomic<int8_t> model_{-1};                              // -1: the server's; 0: off; 1: on
};

}  // namespace minnow::engine
