// DescribeBackup: a backup's details, its source table's and the table's features at the
// time of the backup (api/backups/backups.h). BackupNotFoundException for an unknown ARN,
// also once the backup is deleted.
#include "api/backups/backups.h"
#include "api/operations.h"
#include "model/control_errors.h"

namespace minnow::api::backups {

namespace describe_backup {

// AWS's API model: BackupArn of 37-1024 characters.
const Shape kShape(R"({
  "BackupArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

requests::DescribeBackupRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  return {std::string(view(json["BackupArn"]))};
}

void describe_backup(const ActionContext& context, requests::DescribeBackupRequest request, JsonWriter& out) {
  const std::optional<engine::Backup> backup = requests::execute(context.requests(), request);
  if (!backup) throw model::backup_not_found(request.arn);
  out.StartObject();
  out.Key("BackupDescription");
  write_backup_description(context, out, *backup);
  out.EndObject();
}

}  // namespace describe_backup

const Action kDescribeBackup{"DescribeBackup", &describe_backup::kShape, describe_backup::decode,
                             describe_backup::describe_backup};

}  // namespace minnow::api::backups
