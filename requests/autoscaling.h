// Auto scaling across replicas as a typed request: UpdateTableReplicaAutoScaling (its Describe
// is DescribeTable's read, requests/tables.h). The front end decodes the update into steps in
// the request's order; execute() applies them to the settings in the table's definition
// (engine/table_settings.h) under its lock, or none of them when one is refused. How they
// behave: api/autoscaling/autoscaling.h.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/table.h"
#include "engine/table_definition.h"
#include "engine/table_settings.h"
#include "requests/context.h"

namespace minnow::requests {

// An AutoScalingSettingsUpdate: the members given replace those stored.
struct AutoScalingSettingsUpdate {
  std::optional<int64_t> minimum_units;
  std::optional<int64_t> maximum_units;
  std::optional<bool> disabled;
  std::optional<std::string> role_arn;
  // A ScalingPolicyUpdate: replaces the policy of its name, or adds it. An empty name (PolicyName
  // absent: its Shape refuses an empty one) is DynamoDB's default,
  // "DynamoDB<Read|Write>CapacityUtilization:<resource>".
  std::optional<engine::ScalingPolicy> policy;
};

// One step of the update: the read or write settings of the table (index "") or of a GSI; or a
// replica of another region (`foreign_region`), which is refused where it stands.
struct AutoScalingStep {
  std::string index;
  bool read = false;
  AutoScalingSettingsUpdate update;
  std::string foreign_region;
};

struct UpdateTableReplicaAutoScalingRequest {
  std::shared_ptr<engine::Table> table;
  std::vector<AutoScalingStep> steps;  // in the request's order
};

struct UpdateTableReplicaAutoScalingResult {
  // IndexNotFound: a step names a GSI the table does not have (`name`); ReplicaNotFound: a
  // replica of another region (`name`); MinimumAboveMaximum: settings whose minimum would exceed
  // their maximum. Nothing changed then.
  enum class Status : uint8_t { Updated, IndexNotFound, ReplicaNotFound, MinimumAboveMaximum };
  Status status = Status::Updated;
  std::string name;
  engine::TableDefinition definition;  // Updated: as changed
};

UpdateTableReplicaAutoScalingResult execute(const Context& context,
                                            const UpdateTableReplicaAutoScalingRequest& request);

}  // namespace minnow::requests
