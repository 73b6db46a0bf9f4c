// RestoreTableToPointInTime: a new table (TargetTableName) holding the source table's items as
// they were at RestoreDateTime (to the millisecond), or now with UseLatestRestorableTime; the
// source by SourceTableName or SourceTableArn; the overrides of api/definitions/restore_overrides.h.
//
// Order of checks: exactly one way of naming the source and of giving the time
// (ValidationException); the source exists (TableNotFoundException); recovery is enabled on it
// (PointInTimeRecoveryUnavailableException); the time is inside its window
// (InvalidRestoreTimeException); the target name is free (TableAlreadyExistsException).
#include <string>

#include "api/operations.h"
#include "api/definitions/restore_overrides.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::recovery {

namespace restore_table_to_point_in_time {

// AWS's API model.
const Shape kShape(std::string(R"({
  "SourceTableArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "SourceTableName": {"type": "String", "tableName": true},
  "TargetTableName": {"type": "String", "required": true, "tableName": true},
  "UseLatestRestorableTime": "Boolean",
  "RestoreDateTime": "Date",)") +
                   kRestoreOverridesShape + "}");

requests::RestoreTableRequest decode(const ActionContext& context, const JsonValue& json) {
  const JsonValue* by_name = member(json, "SourceTableName");
  const JsonValue* by_arn = member(json, "SourceTableArn");
  if (!by_name == !by_arn) throw model::Error(model::kRestoreSourceRequired);
  const JsonValue* latest = member(json, "UseLatestRestorableTime");
  const bool use_latest = latest && coral_bool(*latest);
  const JsonValue* at = member(json, "RestoreDateTime");
  if (use_latest == (at != nullptr)) throw model::Error(model::kRestoreTimeRequired);

  const std::string name = table_name_of(view(by_name ? *by_name : *by_arn));
  auto table = context.database.find(name);
  if (!table) throw model::backup_table_not_found(name);
  if (!table->recovery_window(context.now_ms)) throw model::Error(model::kPointInTimeRecoveryUnavailable);
  const int64_t at_ms = use_latest ? context.now_ms : coral_date_ms(*at);
  std::optional<engine::TableSnapshot> snapshot = table->snapshot_at(at_ms, context.now_ms);
  if (!snapshot) throw model::Error(model::kInvalidRestoreTime);

  engine::RestoreSummary summary;
  summary.source_table_arn = table_arn(context, name);
  summary.restore_ms = at_ms;
  return decode_restore(context, json, std::move(snapshot->definition),
                        std::make_shared<const engine::StoredItems>(std::move(snapshot->items)), std::move(summary));
}

void restore_table_to_point_in_time(const ActionContext& context, requests::RestoreTableRequest request,
                                    JsonWriter& out) {
  restore_table(context, std::move(request), out);
}

}  // namespace restore_table_to_point_in_time

const Action kRestoreTableToPointInTime{"RestoreTableToPointInTime", &restore_table_to_point_in_time::kShape,
                                        restore_table_to_point_in_time::decode,
                                        restore_table_to_point_in_time::restore_table_to_point_in_time};

}  // namespace minnow::api::recovery
