// UpdateContinuousBackups: enables or disables point-in-time recovery, and sets its period
// (api/recovery/continuous_backups.h). Enabling it again keeps the window it has; a new period
// applies to the window at once. TableNotFoundException for an unknown table.
#include "api/operations.h"
#include "api/recovery/continuous_backups.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::recovery {

namespace update_continuous_backups {

// AWS's API model: RecoveryPeriodInDays 1-35.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true},
  "PointInTimeRecoverySpecification": {"type": "FieldStruct<PointInTimeRecoverySpecification>", "required": true,
    "children": {
      "PointInTimeRecoveryEnabled": {"type": "Boolean", "notNull": true},
      "RecoveryPeriodInDays": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 35}}}
})");

requests::UpdateContinuousBackupsRequest decode(const ActionContext& context, const JsonValue& json) {
  const std::string name = table_name_of(view(json["TableName"]));
  requests::UpdateContinuousBackupsRequest r;
  r.table = context.database.find(name);
  if (!r.table) throw model::backup_table_not_found(name);
  const JsonValue& specification = json["PointInTimeRecoverySpecification"];
  r.enabled = coral_bool(specification["PointInTimeRecoveryEnabled"]);
  if (const JsonValue* period = member(specification, "RecoveryPeriodInDays")) {
    if (!r.enabled) throw model::Error(model::kRecoveryPeriodWithoutRecovery);
    r.recovery_period_days = coral_long(*period);
  }
  return r;
}

void update_continuous_backups(const ActionContext& context, requests::UpdateContinuousBackupsRequest request,
                               JsonWriter& out) {
  const requests::ContinuousBackupsResult result = requests::execute(context.requests(), std::move(request));
  out.StartObject();
  write_continuous_backups(out, result);
  out.EndObject();
}

}  // namespace update_continuous_backups

const Action kUpdateContinuousBackups{"UpdateContinuousBackups", &update_continuous_backups::kShape,
                                      update_continuous_backups::decode,
                                      update_continuous_backups::update_continuous_backups};

}  // namespace minnow::api::recovery
