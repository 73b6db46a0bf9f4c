// UpdateContinuousBackups: enables or disables point-in-time recovery, and sets its period
// (api/recovery/continuous_backups.h). Enabling it again keeps the window it has; a new period
// applies to the window at once. TableNotFoundException for an unknown table.
#include "api/operations.h"
#include "api/recovery/continuous_backups.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::recovery {

namespace {

// AWS's API model: RecoveryPeriodInDays 1-35.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true, "regex": "[a-zA-Z0-9_.-]+"},
  "PointInTimeRecoverySpecification": {"type": "FieldStruct<PointInTimeRecoverySpecification>", "required": true,
    "children": {
      "PointInTimeRecoveryEnabled": {"type": "Boolean", "notNull": true},
      "RecoveryPeriodInDays": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 35}}}
})");

constexpr int64_t kDefaultRecoveryPeriodDays = 35;

void update_continuous_backups(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string name = table_name_of(view(request["TableName"]));
  auto table = context.database.find(name);
  if (!table) throw model::backup_table_not_found(name);
  const JsonValue& specification = request["PointInTimeRecoverySpecification"];
  const bool enable = coral_bool(specification["PointInTimeRecoveryEnabled"]);
  const JsonValue* period = member(specification, "RecoveryPeriodInDays");
  if (period && !enable) throw model::Error(model::kRecoveryPeriodWithoutRecovery);
  table->update_definition([&](engine::TableDefinition& def) {
    engine::PointInTimeRecovery& recovery = def.point_in_time_recovery;
    if (enable && !recovery.enabled) recovery.enabled_ms = context.now_ms;
    recovery.enabled = enable;
    recovery.recovery_period_days = period ? coral_long(*period) : kDefaultRecoveryPeriodDays;
  });
  out.StartObject();
  write_continuous_backups(context, out, *table);
  out.EndObject();
}

}  // namespace

const Action kUpdateContinuousBackups{"UpdateContinuousBackups", &kShape, update_continuous_backups};

}  // namespace minnow::api::recovery
