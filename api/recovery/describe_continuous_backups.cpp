// DescribeContinuousBackups: the table's point-in-time recovery settings and window
// (api/recovery/continuous_backups.h). TableNotFoundException for an unknown table.
#include "api/operations.h"
#include "api/recovery/continuous_backups.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::recovery {

namespace describe_continuous_backups {

// AWS's API model: TableName, a name or an ARN.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DescribeContinuousBackupsRequest decode(const ActionContext& context, const JsonValue& json) {
  const std::string name = table_name_of(view(json["TableName"]));
  requests::DescribeContinuousBackupsRequest r{context.database.find(name)};
  if (!r.table) throw model::backup_table_not_found(name);
  return r;
}

void describe_continuous_backups(const ActionContext& context, requests::DescribeContinuousBackupsRequest request,
                                 JsonWriter& out) {
  const requests::ContinuousBackupsResult result = requests::execute(context.requests(), std::move(request));
  out.StartObject();
  write_continuous_backups(out, result);
  out.EndObject();
}

}  // namespace describe_continuous_backups

const Action kDescribeContinuousBackups{"DescribeContinuousBackups", &describe_continuous_backups::kShape,
                                        describe_continuous_backups::decode,
                                        describe_continuous_backups::describe_continuous_backups};

}  // namespace minnow::api::recovery
