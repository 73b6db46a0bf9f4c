// UpdateTableReplicaAutoScaling: changes the auto scaling settings of a table and its GSIs
// (api/autoscaling/autoscaling.h): the table's and GSIs' write capacity (the update's
// ProvisionedWriteCapacityAutoScalingUpdate members), their read capacity (ReplicaUpdates, for
// the table's own region). Members given replace those stored; a ScalingPolicyUpdate replaces
// the policy of its name (by default DynamoDB's, "DynamoDB<Read|Write>CapacityUtilization:<resource>")
// or adds it. Checked whole before anything changes (requests/autoscaling.h).
#include <string>

#include "api/autoscaling/autoscaling.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/transient_statuses.h"
#include "model/control_errors.h"
#include "requests/autoscaling.h"

namespace minnow::api::autoscaling {

namespace update_table_replica_auto_scaling {

// AWS's API model: AutoScalingSettingsUpdate.
const std::string kSettingsUpdate = R"({"type": "FieldStruct<AutoScalingSettingsUpdate>", "children": {
  "MinimumUnits": {"type": "Long", "greaterThanOrEqual": 1},
  "MaximumUnits": {"type": "Long", "greaterThanOrEqual": 1},
  "AutoScalingDisabled": "Boolean",
  "AutoScalingRoleArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1600},
  "ScalingPolicyUpdate": {"type": "FieldStruct<AutoScalingPolicyUpdate>", "children": {
    "PolicyName": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 256},
    "TargetTrackingScalingPolicyConfiguration": {
      "type": "FieldStruct<AutoScalingTargetTrackingScalingPolicyConfigurationUpdate>", "notNull": true, "children": {
        "DisableScaleIn": "Boolean", "ScaleInCooldown": "Integer", "ScaleOutCooldown": "Integer",
        "TargetValue": {"type": "Double", "notNull": true}}}}}}})";

const Shape kShape(R"({
  "GlobalSecondaryIndexUpdates": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": {
    "type": "ValueStruct<GlobalSecondaryIndexAutoScalingUpdate>", "children": {
      "IndexName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255, "regex": "[a-zA-Z0-9_.-]+"},
      "ProvisionedWriteCapacityAutoScalingUpdate": )" +
                   kSettingsUpdate + R"(}}},
  "TableName": {"type": "String", "required": true, "tableName": true},
  "ProvisionedWriteCapacityAutoScalingUpdate": )" +
                   kSettingsUpdate + R"(,
  "ReplicaUpdates": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": {
    "type": "ValueStruct<ReplicaAutoScalingUpdate>", "children": {
      "RegionName": {"type": "String", "notNull": true},
      "ReplicaGlobalSecondaryIndexUpdates": {"type": "List", "children": {
        "type": "ValueStruct<ReplicaGlobalSecondaryIndexAutoScalingUpdate>", "children": {
          "IndexName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255, "regex": "[a-zA-Z0-9_.-]+"},
          "ProvisionedReadCapacityAutoScalingUpdate": )" +
                   kSettingsUpdate + R"(}}},
      "ReplicaProvisionedReadCapacityAutoScalingUpdate": )" +
                   kSettingsUpdate + R"(}}}
})");

requests::AutoScalingSettingsUpdate settings_update(const JsonValue& update) {
  requests::AutoScalingSettingsUpdate u;
  if (const JsonValue* v = member(update, "MinimumUnits")) u.minimum_units = coral_long(*v);
  if (const JsonValue* v = member(update, "MaximumUnits")) u.maximum_units = coral_long(*v);
  if (const JsonValue* v = member(update, "AutoScalingDisabled")) u.disabled = coral_bool(*v);
  if (const JsonValue* v = member(update, "AutoScalingRoleArn")) u.role_arn = std::string(view(*v));
  if (const JsonValue* policy_update = member(update, "ScalingPolicyUpdate")) {
    engine::ScalingPolicy& policy = u.policy.emplace();
    if (const JsonValue* name = member(*policy_update, "PolicyName")) policy.name = std::string(view(*name));
    const JsonValue& configuration = (*policy_update)["TargetTrackingScalingPolicyConfiguration"];
    policy.target_value = configuration["TargetValue"].GetDouble();
    if (const JsonValue* v = member(configuration, "DisableScaleIn")) policy.disable_scale_in = coral_bool(*v);
    if (const JsonValue* v = member(configuration, "ScaleInCooldown")) policy.scale_in_cooldown = coral_long(*v);
    if (const JsonValue* v = member(configuration, "ScaleOutCooldown")) policy.scale_out_cooldown = coral_long(*v);
  }
  return u;
}

// The steps in the request's order: the table's write settings, the GSIs', then each replica
// (another region's is refused where it stands) with the table's read settings and the GSIs'.
requests::UpdateTableReplicaAutoScalingRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::UpdateTableReplicaAutoScalingRequest r;
  r.table = find_table(context, json, /*table_operation=*/true);
  auto add = [&](const std::string& index, bool read, const JsonValue* update) {
    if (update) r.steps.push_back({index, read, settings_update(*update), {}});
  };
  auto index_of = [](const JsonValue& update) {
    const JsonValue* name = member(update, "IndexName");
    return name ? std::string(view(*name)) : std::string();
  };
  add("", false, member(json, "ProvisionedWriteCapacityAutoScalingUpdate"));
  if (const JsonValue* indexes = member(json, "GlobalSecondaryIndexUpdates")) {
    for (const auto& update : indexes->GetArray())
      add(index_of(update), false, member(update, "ProvisionedWriteCapacityAutoScalingUpdate"));
  }
  if (const JsonValue* replicas = member(json, "ReplicaUpdates")) {
    for (const auto& replica : replicas->GetArray()) {
      const std::string region = string_member(replica, "RegionName");
      if (region != context.region) r.steps.push_back({{}, false, {}, region});
      add("", true, member(replica, "ReplicaProvisionedReadCapacityAutoScalingUpdate"));
      if (const JsonValue* indexes = member(replica, "ReplicaGlobalSecondaryIndexUpdates")) {
        for (const auto& update : indexes->GetArray())
          add(index_of(update), true, member(update, "ProvisionedReadCapacityAutoScalingUpdate"));
      }
    }
  }
  return r;
}

void update_table_replica_auto_scaling(const ActionContext& context,
                                       requests::UpdateTableReplicaAutoScalingRequest request, JsonWriter& out) {
  requests::UpdateTableReplicaAutoScalingResult result = requests::execute(context.requests(), request);
  using Status = requests::UpdateTableReplicaAutoScalingResult::Status;
  const std::string& table = request.table->name();
  if (result.status == Status::IndexNotFound) throw model::table_index_not_found(table, result.name);
  if (result.status == Status::ReplicaNotFound) throw model::replica_not_found(table, result.name);
  if (result.status == Status::MinimumAboveMaximum) throw model::Error(model::kAutoScalingMinimumAboveMaximum);
  engine::settle_transient_statuses(result.definition, context.now_ms);
  out.StartObject();
  write_auto_scaling_description(context, out, result.definition);
  out.EndObject();
}

}  // namespace update_table_replica_auto_scaling

const Action kUpdateTableReplicaAutoScaling{"UpdateTableReplicaAutoScaling", &update_table_replica_auto_scaling::kShape,
                                            update_table_replica_auto_scaling::decode,
                                            update_table_replica_auto_scaling::update_table_replica_auto_scaling};

}  // namespace minnow::api::autoscaling
