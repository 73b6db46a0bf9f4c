#include "requests/consistency.h"

namespace minnow::requests {

engine::ReadPoint read_point(const Context& context, const engine::Table& table, bool consistent_read) {
  if (consistent_read) return {};
  const int64_t lag = table.consistency_lag();
  if (lag <= 0) return {};
  return context.database.stale_reads().pick(context.now_ms, lag);
}

}  // namespace minnow::requests
