// ListBackups: summaries of the backups in this account and region, oldest first (ties by ARN),
// also of tables deleted since. Filters, as AWS documents them: TableName (a name or an ARN),
// BackupType (USER by default; SYSTEM, AWS_BACKUP, or ALL), creation time from
// TimeRangeLowerBound (inclusive) to TimeRangeUpperBound (exclusive). Paging: at most Limit
// summaries, LastEvaluatedBackupArn when more follow; ExclusiveStartBackupArn continues after
// that backup (also after one deleted meanwhile, by the time in its ARN).
#include <limits>

#include "api/backups/backups.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/descriptions.h"

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

bool listed(const engine::Backup& backup, const JsonValue& request, const std::string& table_arn) {
  const JsonValue* type = member(request, "BackupType");
  const std::string_view wanted = type ? view(*type) : std::string_view("USER");
  if (wanted != "ALL" && wanted != backup.type) return false;
  if (!table_arn.empty() && backup.table_arn != table_arn) return false;
  if (const JsonValue* lower = member(request, "TimeRangeLowerBound"))
    if (backup.creation_ms < coral_date_ms(*lower)) return false;
  if (const JsonValue* upper = member(request, "TimeRangeUpperBound"))
    if (backup.creation_ms >= coral_date_ms(*upper)) return false;
  return true;
}

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

void list_backups(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue* table = member(request, "TableName");
  const std::string source_arn = table ? table_arn(context, table_name_of(view(*table))) : std::string();
  const JsonValue* limit_member = member(request, "Limit");
  const std::size_t limit =
      limit_member ? static_cast<std::size_t>(coral_long(*limit_member)) : std::numeric_limits<std::size_t>::max();
  std::string start;
  int64_t start_ms = -1;
  if (const JsonValue* exclusive = member(request, "ExclusiveStartBackupArn")) {
    start = std::string(view(*exclusive));
    start_ms = backup_arn_time(start);
  }

  std::vector<engine::Backup> page;
  bool more = false;
  for (auto& backup : context.database.backups().list(context.now_ms)) {
    if (!start.empty()) {
      // Backups come oldest first, ties by ARN: skip up to and including the start.
      if (backup.arn == start) {
        start.clear();
        continue;
      }
      if (backup.creation_ms < start_ms || (backup.creation_ms == start_ms && backup.arn < start)) continue;
      if (start_ms < 0) continue;
      start.clear();
    }
    if (!listed(backup, request, source_arn)) continue;
    if (page.size() == limit) {
      more = true;
      break;
    }
    page.push_back(std::move(backup));
  }

  out.StartObject();
  out.Key("BackupSummaries");
  out.StartArray();
  for (const auto& backup : page) write_summary(context, out, backup);
  out.EndArray();
  if (more) write_string(out, "LastEvaluatedBackupArn", page.back().arn);
  out.EndObject();
}

}  // namespace list_backups

const Action kListBackups{"ListBackups", &list_backups::kShape, list_backups::list_backups};

}  // namespace minnow::api::backups
