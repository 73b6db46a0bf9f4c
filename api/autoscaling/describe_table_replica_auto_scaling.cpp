// DescribeTableReplicaAutoScaling: the auto scaling settings of a table and its GSIs, as its one
// replica's (api/autoscaling/autoscaling.h).
#include "api/autoscaling/autoscaling.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "requests/tables.h"

namespace minnow::api::autoscaling {

namespace describe_table_replica_auto_scaling {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DescribeTableRequest decode(const ActionContext& context, const JsonValue& json) {
  return {find_table(context, json, /*table_operation=*/true)};
}

void describe_table_replica_auto_scaling(const ActionContext& context, requests::DescribeTableRequest request,
                                         JsonWriter& out) {
  const requests::DescribeTableResult result = requests::execute(context.requests(), request);
  out.StartObject();
  write_auto_scaling_description(context, out, result.definition);
  out.EndObject();
}

}  // namespace describe_table_replica_auto_scaling

const Action kDescribeTableReplicaAutoScaling{"DescribeTableReplicaAutoScaling",
                                              &describe_table_replica_auto_scaling::kShape,
                                              describe_table_replica_auto_scaling::decode,
                                              describe_table_replica_auto_scaling::describe_table_replica_auto_scaling};

}  // namespace minnow::api::autoscaling
