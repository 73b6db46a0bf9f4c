// DescribeBackup: a backup's details, its source table's and the table's features at the
// time of the backup (api/backups/backups.h). BackupNotFoundException for an unknown ARN,
// also once the backup is deleted.
#include "api/backups/backups.h"
#include "api/operations.h"

namespace minnow::api::backups {

namespace describe_backup {

// AWS's API model: BackupArn of 37-1024 characters.
const Shape kShape(R"({
  "BackupArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

void describe_backup(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const engine::Backup backup = find_backup(context, request);
  out.StartObject();
  out.Key("BackupDescription");
  write_backup_description(context, out, backup);
  out.EndObject();
}

}  // namespace describe_backup

const Action kDescribeBackup{"DescribeBackup", &describe_backup::kShape, describe_backup::describe_backup};

}  // namespace minnow::api::backups
