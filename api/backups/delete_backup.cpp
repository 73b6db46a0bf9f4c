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

requests::DeleteBackupRequest decode(const ActionContext& context, const JsonValue& json) {
  return {std::string(view(json["BackupArn"]))};
}

void delete_backup(const ActionContext& context, requests::DeleteBackupRequest request, JsonWriter& out) {
  const requests::DeleteBackupResult result = requests::execute(context.requests(), request);
  using Status = requests::DeleteBackupResult::Status;
  if (result.status == Status::NotFound) throw model::backup_not_found(request.arn);
  if (result.status == Status::InUse) throw model::Error(model::kBackupInUse);
  out.StartObject();
  out.Key("BackupDescription");
  write_backup_description(context, out, result.backup, "DELETED");
  out.EndObject();
}

}  // namespace delete_backup

const Action kDeleteBackup{"DeleteBackup", &delete_backup::kShape, delete_backup::decode, delete_backup::delete_backup};

}  // namespace minnow::api::backups
