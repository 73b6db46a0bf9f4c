// DescribeTableReplicaAutoScaling: the auto scaling settings of a table and its GSIs, as its one
// replica's (api/autoscaling/autoscaling.h).
#include "api/autoscaling/autoscaling.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/transient_statuses.h"

namespace minnow::api::autoscaling {

namespace describe_table_replica_auto_scaling {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

void describe_table_replica_auto_scaling(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_table(context, request, /*table_operation=*/true);
  engine::TableDefinition def = table->definition();
  engine::settle_transient_statuses(def, context.now_ms);
  out.StartObject();
  write_auto_scaling_description(context, out, def);
  out.EndObject();
}

}  // namespace describe_table_replica_auto_scaling

const Action kDescribeTableReplicaAutoScaling{"DescribeTableReplicaAutoScaling", &describe_table_replica_auto_scaling::kShape,
                                              describe_table_replica_auto_scaling::describe_table_replica_auto_scaling};

}  // namespace minnow::api::autoscaling
