// ListBackups: summaries of the backups in this account and region, oldest first (ties by ARN),
// also of tables deleted since. Filters, as AWS documents them: TableName (a name or an ARN),
// BackupType (USER by default; SYSTEM, AWS_BACKUP, or ALL), creation time from
// TimeRangeLowerBound (inclusive) to TimeRangeUpperBound (exclusive). Paging: at most Limit
// summaries, LastEvaluatedBackupArn when more follow; ExclusiveStartBackupArn continues after
// that backup (also after one deleted meanwhile, by the time in its ARN).
#include <limits>

#include "api/backups/backups.h"
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/table_lookup.h"

namespace minnow::api::backups {

namespace list_backups {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "tableName": true},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 100},
  "TimeRangeLowerBound": "Date",
  "TimeRangeUpperBound": "Date",
  "ExclusiveStartBackupArn": {"type": "String", "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024},
  "BackupType": {"type": "String", "enum": ["USER", "SYSTEM", "AWS_BACKUP", "ALL"]}
})");

void write_summary(const ActionContext& context, JsonWriter& out, const engine::Backup& backup) {
  out.StartObject();
  write_string(out, "TableName", backup.table.name);
  write_string(out, "TableId", backup.table.id);
  write_string(out, "TableArn", backup.table_arn);
  write_string(out, "BackupArn", backup.arn);
  write_string(out, "BackupName", backup.name);
  write_time(out, "BackupCreationDateTime", backup.creation_ms);
  if (backup.expiry_ms) write_time(out, "BackupExpiryDateTime", backup.expiry_ms);
  out.Key("BackupStatus");
  out.String(requests::backup_creating(backup, context.now_ms) ? "CREATING" : "AVAILABLE");
  write_string(out, "BackupType", backup.type);
  out.Key("BackupSizeBytes");
  out.Uint64(backup.size_bytes);
  out.EndObject();
}

requests::ListBackupsRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::ListBackupsRequest r;
  if (const JsonValue* table = member(json, "TableName")) r.table_arn = table_arn(context, table_name_of(view(*table)));
  if (const JsonValue* limit = member(json, "Limit")) r.limit = static_cast<std::size_t>(coral_long(*limit));
  if (const JsonValue* exclusive = member(json, "ExclusiveStartBackupArn")) {
    r.exclusive_start_arn = std::string(view(*exclusive));
    r.exclusive_start_ms = backup_arn_time(r.exclusive_start_arn);
  }
  if (const JsonValue* type = member(json, "BackupType")) r.backup_type = std::string(view(*type));
  if (const JsonValue* lower = member(json, "TimeRangeLowerBound")) r.created_from_ms = coral_date_ms(*lower);
  if (const JsonValue* upper = member(json, "TimeRangeUpperBound")) r.created_before_ms = coral_date_ms(*upper);
  return r;
}

void list_backups(const ActionContext& context, requests::ListBackupsRequest request, JsonWriter& out) {
  const requests::ListBackupsResult result = requests::execute(context.requests(), std::move(request));
  const std::vector<engine::Backup>& page = result.page;
  const bool more = result.more;
  out.StartObject();
  out.Key("BackupSummaries");
  out.StartArray();
  for (const auto& backup : page) write_summary(context, out, backup);
  out.EndArray();
  if (more) write_string(out, "LastEvaluatedBackupArn", page.back().arn);
  out.EndObject();
}

}  // namespace list_backups

const Action kListBackups{"ListBackups", &list_backups::kShape, list_backups::decode, list_backups::list_backups};

}  // namespace minnow::api::backups
