// Auto scaling across replicas: DescribeTableReplicaAutoScaling, UpdateTableReplicaAutoScaling.
//
// The settings Application Auto Scaling would apply (minimum and maximum units, the role, target
// tracking policies) for the table's and each GSI's read and write capacity, stored in the
// table's definition (engine/table_settings.h) and described; nothing scales. Without global
// tables (issue 21) a table is its own one replica, in the request's region: ReplicaUpdates may
// name only that region.
//
// No reference emulator has these: shapes and behaviour follow AWS's API reference
// (../shared/reference/aws-api/); the messages are model/control_errors.h's.
#pragma once

#include "api/action.h"
#include "engine/table.h"

namespace minnow::api::autoscaling {

// "TableAutoScalingDescription": {TableName, TableStatus, Replicas: [the table's region]}.
void write_auto_scaling_description(const ActionContext& context, JsonWriter& out, const engine::TableDefinition& def);

}  // namespace minnow::api::autoscaling
