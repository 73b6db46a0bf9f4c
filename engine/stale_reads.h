// Which instant each eventually consistent read sees under a consistency lag (--consistency-lag,
// issue 36; docs/production-physics.md): the table's state at an instant up to the lag ago
// (engine/table_versions.h). Either the oldest allowed (worst case: a test proving its code
// tolerates stale reads), or one drawn uniformly from the window by a generator that a seed makes
// repeatable: the n-th draw of a database depends only on the seed and n.
//
// Thread-safe (one atomic counter).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

#include "engine/table_versions.h"

namespace minnow::engine {

// DynamoDB's replicas catch up within a second or so; a minute bounds the states a busy table
// keeps (engine/table_versions.h).
inline constexpr int64_t kMaxConsistencyLagMs = 60'000;

struct ConsistencyOptions {
  int64_t lag_ms = 0;       // 0: every read sees the latest state
  bool worst_case = false;  // every eventually consistent read as stale as the lag allows
  std::optional<uint64_t> seed;  // none: a random one
};

class StaleReads {
 public:
  explicit StaleReads(const ConsistencyOptions& options);

  // The state a read arriving at `now_ms` sees on a table lagging `lag_ms` (> 0).
  ReadPoint pick(int64_t now_ms, int64_t lag_ms);

 private:
  const bool worst_case_;
  const uint64_t seed_;
  std::atomic<uint64_t> draws_{0};
};

}  // namespace minnow::engine
