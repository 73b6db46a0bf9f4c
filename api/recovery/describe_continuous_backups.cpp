// DescribeContinuousBackups: the table's point-in-time recovery settings and window
// (api/recovery/continuous_backups.h). TableNotFoundException for an unknown table.
#include "api/operations.h"
#include "api/recovery/continuous_backups.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::recovery {

namespace {

// AWS's API model: TableName, a name or an ARN.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true, "regex": "[a-zA-Z0-9_.-]+"}
})");

void describe_continuous_backups(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string name = table_name_of(view(request["TableName"]));
  auto table = context.database.find(name);
  if (!table) throw model::backup_table_not_found(name);
  out.StartObject();
  write_continuous_backups(context, out, *table);
  out.EndObject();
}

}  // namespace

const Action kDescribeContinuousBackups{"DescribeContinuousBackups", &kShape, describe_continuous_backups};

}  // namespace minnow::api::recovery
