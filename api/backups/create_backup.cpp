// CreateBackup: a USER backup of a table as it is at this instant (api/backups/backups.h). The
// answer shows it CREATING; the table must exist (TableNotFoundException) and have no backup
// still being created (BackupInUseException, only possible with -delayTransientStatuses).
#include "api/backups/backups.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "model/control_errors.h"

namespace minnow::api::backups {

namespace create_backup {

// AWS's API model: TableName (a name or an ARN), BackupName 3-255 characters of [a-zA-Z0-9_.-].
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true},
  "BackupName": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255,
                 "regex": "[a-zA-Z0-9_.-]+"}
})");

void create_backup(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string name = table_name_of(view(request["TableName"]));
  auto table = context.database.find(name);
  if (!table) throw model::backup_table_not_found(name);
  const std::string source_arn = table_arn(context, name);
  for (const auto& other : context.database.backups().list(context.now_ms)) {
    if (other.table_arn == source_arn && backup_creating(other, context.now_ms))
      throw model::Error(model::kBackupInUse);
  }

  const engine::Backup backup = make_backup(context, *table, std::string(view(request["BackupName"])), "USER");
  context.database.backups().add(backup);

  out.StartObject();
  write_backup_details(out, backup, context.now_ms, "CREATING");
  out.EndObject();
}

}  // namespace create_backup

const Action kCreateBackup{"CreateBackup", &create_backup::kShape, create_backup::create_backup};

}  // namespace minnow::api::backups
