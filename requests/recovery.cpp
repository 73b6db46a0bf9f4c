#include "requests/recovery.h"

namespace minnow::requests {

namespace {

ContinuousBackupsResult described(const Context& context, const engine::Table& table) {
  return {table.definition().point_in_time_recovery, table.recovery_window(context.now_ms)};
}

}  // namespace

ContinuousBackupsResult execute(const Context& context, const UpdateContinuousBackupsRequest& request) {
  request.table->update_definition([&](engine::TableDefinition& def) {
    engine::PointInTimeRecovery& recovery = def.point_in_time_recovery;
    if (request.enabled && !recovery.enabled) recovery.enabled_ms = context.now_ms;
    recovery.enabled = request.enabled;
    recovery.recovery_period_days = request.recovery_period_days;
  });
  return described(context, *request.table);
}

ContinuousBackupsResult execute(const Context& context, const DescribeContinuousBackupsRequest& request) {
  return described(context, *request.table);
}

}  // namespace minnow::requests
