// UpdateTableReplicaAutoScaling: changes the auto scaling settings of a table and its GSIs
// (api/autoscaling/autoscaling.h): the table's and GSIs' write capacity (the update's
// ProvisionedWriteCapacityAutoScalingUpdate members), their read capacity (ReplicaUpdates, for
// the table's own region). Members given replace those stored; a ScalingPolicyUpdate replaces
// the policy of its name (by default DynamoDB's, "DynamoDB<Read|Write>CapacityUtilization:<resource>")
// or adds it. Checked whole before anything changes.
#include <algorithm>
#include <string>

#include "api/autoscaling/autoscaling.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/transient_statuses.h"
#include "model/control_errors.h"

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

// The settings of the table (index "") or of a GSI it has (ResourceNotFoundException otherwise).
engine::IndexAutoScaling& settings_for(std::vector<engine::IndexAutoScaling>& all, const engine::TableDefinition& def,
                                       const std::string& index) {
  if (!index.empty() && std::none_of(def.global_indexes.begin(), def.global_indexes.end(),
                                     [&](const auto& gsi) { return gsi.name == index; }))
    throw model::table_index_not_found(def.name, index);
  for (auto& settings : all) {
    if (settings.index_name == index) return settings;
  }
  return all.emplace_back(engine::IndexAutoScaling{index, std::nullopt, std::nullopt});
}

void apply(std::optional<engine::AutoScalingSettings>& settings, const JsonValue& update, std::string default_policy) {
  if (!settings) settings.emplace();
  if (const JsonValue* v = member(update, "MinimumUnits")) settings->minimum_units = coral_long(*v);
  if (const JsonValue* v = member(update, "MaximumUnits")) settings->maximum_units = coral_long(*v);
  if (const JsonValue* v = member(update, "AutoScalingDisabled")) settings->disabled = coral_bool(*v);
  if (const JsonValue* v = member(update, "AutoScalingRoleArn")) settings->role_arn = std::string(view(*v));
  if (settings->minimum_units && settings->maximum_units && *settings->minimum_units > *settings->maximum_units)
    throw model::Error(model::kAutoScalingMinimumAboveMaximum);
  const JsonValue* policy_update = member(update, "ScalingPolicyUpdate");
  if (!policy_update) return;
  engine::ScalingPolicy policy;
  const JsonValue* name = member(*policy_update, "PolicyName");
  policy.name = name ? std::string(view(*name)) : std::move(default_policy);
  const JsonValue& configuration = (*policy_update)["TargetTrackingScalingPolicyConfiguration"];
  policy.target_value = configuration["TargetValue"].GetDouble();
  if (const JsonValue* v = member(configuration, "DisableScaleIn")) policy.disable_scale_in = coral_bool(*v);
  if (const JsonValue* v = member(configuration, "ScaleInCooldown")) policy.scale_in_cooldown = coral_long(*v);
  if (const JsonValue* v = member(configuration, "ScaleOutCooldown")) policy.scale_out_cooldown = coral_long(*v);
  auto it = std::find_if(settings->policies.begin(), settings->policies.end(),
                         [&](const auto& p) { return p.name == policy.name; });
  if (it != settings->policies.end())
    *it = std::move(policy);
  else
    settings->policies.push_back(std::move(policy));
}

std::string default_policy(const char* capacity, const std::string& table, const std::string& index) {
  return std::string("DynamoDB") + capacity + "CapacityUtilization:table/" + table +
         (index.empty() ? "" : "/index/" + index);
}

std::vector<engine::IndexAutoScaling> updated(const ActionContext& context, const JsonValue& request,
                                              const engine::TableDefinition& def) {
  std::vector<engine::IndexAutoScaling> all = def.auto_scaling;
  auto index_of = [](const JsonValue& update) {
    const JsonValue* name = member(update, "IndexName");
    return name ? std::string(view(*name)) : std::string();
  };
  if (const JsonValue* write = member(request, "ProvisionedWriteCapacityAutoScalingUpdate"))
    apply(settings_for(all, def, "").write, *write, default_policy("Write", def.name, ""));
  if (const JsonValue* indexes = member(request, "GlobalSecondaryIndexUpdates")) {
    for (const auto& update : indexes->GetArray()) {
      const std::string index = index_of(update);
      if (const JsonValue* write = member(update, "ProvisionedWriteCapacityAutoScalingUpdate"))
        apply(settings_for(all, def, index).write, *write, default_policy("Write", def.name, index));
    }
  }
  if (const JsonValue* replicas = member(request, "ReplicaUpdates")) {
    for (const auto& replica : replicas->GetArray()) {
      const std::string region = string_member(replica, "RegionName");
      if (region != context.region) throw model::replica_not_found(def.name, region);
      if (const JsonValue* read = member(replica, "ReplicaProvisionedReadCapacityAutoScalingUpdate"))
        apply(settings_for(all, def, "").read, *read, default_policy("Read", def.name, ""));
      if (const JsonValue* indexes = member(replica, "ReplicaGlobalSecondaryIndexUpdates")) {
        for (const auto& update : indexes->GetArray()) {
          const std::string index = index_of(update);
          if (const JsonValue* read = member(update, "ProvisionedReadCapacityAutoScalingUpdate"))
            apply(settings_for(all, def, index).read, *read, default_policy("Read", def.name, index));
        }
      }
    }
  }
  return all;
}

void update_table_replica_auto_scaling(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_table(context, request, /*table_operation=*/true);
  engine::TableDefinition shown;
  table->update_definition([&](engine::TableDefinition& def) {
    def.auto_scaling = updated(context, request, def);
    shown = def;
  });
  engine::settle_transient_statuses(shown, context.now_ms);
  out.StartObject();
  write_auto_scaling_description(context, out, shown);
  out.EndObject();
}

}  // namespace update_table_replica_auto_scaling

const Action kUpdateTableReplicaAutoScaling{"UpdateTableReplicaAutoScaling", &update_table_replica_auto_scaling::kShape,
                                            update_table_replica_auto_scaling::update_table_replica_auto_scaling};

}  // namespace minnow::api::autoscaling
