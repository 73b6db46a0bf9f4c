// DeleteBackup: removes a backup and answers its description, DELETED. A backup still being
// created cannot be deleted (BackupInUseException); an unknown ARN is BackupNotFoundException.
#include "api/backups/backups.h"
#include "api/operations.h"
#include "model/control_errors.h"

namespace minnow::api::backups {

namespace delete_backup {

// AWS's API model: BackupArn of 37-1024 characters.
const Shape kShape(R"({
  "BackupArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

void delete_backup(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  if (requests::backup_creating(find_backup(context, request), context.now_ms)) throw model::Error(model::kBackupInUse);
  const std::string arn(view(request["BackupArn"]));
  std::optional<engine::Backup> backup = context.database.backups().remove(arn, context.now_ms);
  if (!backup) throw model::backup_not_found(arn);  // deleted meanwhile by another request
  out.StartObject();
  out.Key("BackupDescription");
  write_backup_description(context, out, *backup, "DELETED");
  out.EndObject();
}

}  // namespace delete_backup

const Action kDeleteBackup{"DeleteBackup", &delete_backup::kShape, delete_backup::delete_backup};

}  // namespace minnow::api::backups
