#include "requests/consistency.h"

namespace minnow::requests {

engine::ReadPoint read_point(const Context& context, const engine::Table& table, bool consistent_read) {
  if (consistent_read) return {};
  const int64_t lag = table.consistency_lag();
  if (lag <= 0) return {};
  return context.database.stale_reads().pick(context.now_ms, lag);
}

int64_t stream_visible_until(const Context& context, const engine::Stream& stream) {
  const std::shared_ptr<engine::Table> table = context.database.find(stream.table_name());
  const int64_t lag = table ? table->consistency_lag() : context.database.options().consistency.lag_ms;
  return lag > 0 ? context.now_ms - lag : engine::Stream::kAllVisible;
}

}  // namespace minnow::requests
