// CreateBackup: a USER backup of a table as it is at this instant (api/backups/backups.h). The
// answer shows it CREATING; the table must exist (TableNotFoundException) and have no backup
// still being created (BackupInUseException, only possible with -delayTransientStatuses).
#include "api/backups/backups.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "model/control_errors.h"
#include "requests/backups.h"

namespace minnow::api::backups {

namespace create_backup {

// AWS's API model: TableName (a name or an ARN), BackupName 3-255 characters of [a-zA-Z0-9_.-].
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true},
  "BackupName": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255,
                 "regex": "[a-zA-Z0-9_.-]+"}
})");

requests::CreateBackupRequest decode(const ActionContext& context, const JsonValue& json) {
  const std::string name = table_name_of(view(json["TableName"]));
  requests::CreateBackupRequest r;
  r.table = context.database.find(name);
  if (!r.table) throw model::backup_table_not_found(name);
  r.identity = {new_backup_arn(context, name, context.now_ms), table_arn(context, name),
                std::string(view(json["BackupName"]))};
  return r;
}

void create_backup(const ActionContext& context, requests::CreateBackupRequest request, JsonWriter& out) {
  const requests::CreateBackupResult result = requests::execute(context.requests(), std::move(request));
  if (result.in_use) throw model::Error(model::kBackupInUse);
  out.StartObject();
  write_backup_details(out, result.backup, context.now_ms, "CREATING");
  out.EndObject();
}

}  // namespace create_backup

const Action kCreateBackup{"CreateBackup", &create_backup::kShape, create_backup::decode, create_backup::create_backup};

}  // namespace minnow::api::backups
