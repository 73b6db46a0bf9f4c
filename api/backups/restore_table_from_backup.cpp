// RestoreTableFromBackup: a new table (TargetTableName) holding the backup's items, with its
// source's schema and the overrides given (api/definitions/restore_overrides.h). BackupNotFoundException for an
// unknown backup, BackupInUseException while it is still being created,
// TableAlreadyExistsException when the target name is taken.
#include <string>

#include "api/backups/backups.h"
#include "api/operations.h"
#include "api/definitions/restore_overrides.h"
#include "model/control_errors.h"

namespace minnow::api::backups {

namespace restore_table_from_backup {

// AWS's API model.
const Shape kShape(std::string(R"({
  "TargetTableName": {"type": "String", "required": true, "tableName": true},
  "BackupArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024},)") +
                   kRestoreOverridesShape + "}");

requests::RestoreTableRequest decode(const ActionContext& context, const JsonValue& json) {
  engine::Backup backup = find_backup(context, json);
  if (requests::backup_creating(backup, context.now_ms)) throw model::Error(model::kBackupInUse);
  engine::RestoreSummary summary;
  summary.source_backup_arn = backup.arn;
  summary.source_table_arn = backup.table_arn;
  summary.restore_ms = backup.creation_ms;
  return decode_restore(context, json, std::move(backup.table), std::move(backup.items), std::move(summary));
}

void restore_table_from_backup(const ActionContext& context, requests::RestoreTableRequest request, JsonWriter& out) {
  restore_table(context, std::move(request), out);
}

}  // namespace restore_table_from_backup

const Action kRestoreTableFromBackup{"RestoreTableFromBackup", &restore_table_from_backup::kShape,
                                     restore_table_from_backup::decode,
                                     restore_table_from_backup::restore_table_from_backup};

}  // namespace minnow::api::backups
