#include "api/autoscaling/autoscaling.h"

#include "api/descriptions.h"

namespace minnow::api::autoscaling {

namespace {

const engine::IndexAutoScaling* settings_of(const engine::TableDefinition& def, const std::string& index) {
  for (const auto& settings : def.auto_scaling) {
    if (settings.index_name == index) return &settings;
  }
  return nullptr;
}

void write_settings(JsonWriter& out, const char* key, const std::optional<engine::AutoScalingSettings>& settings) {
  if (!settings) return;
  out.Key(key);
  out.StartObject();
  if (settings->minimum_units) {
    out.Key("MinimumUnits");
    out.Int64(*settings->minimum_units);
  }
  if (settings->maximum_units) {
    out.Key("MaximumUnits");
    out.Int64(*settings->maximum_units);
  }
  if (settings->disabled) {
    out.Key("AutoScalingDisabled");
    out.Bool(*settings->disabled);
  }
  if (!settings->role_arn.empty()) write_string(out, "AutoScalingRoleArn", settings->role_arn);
  out.Key("ScalingPolicies");
  out.StartArray();
  for (const auto& policy : settings->policies) {
    out.StartObject();
    write_string(out, "PolicyName", policy.name);
    out.Key("TargetTrackingScalingPolicyConfiguration");
    out.StartObject();
    if (policy.disable_scale_in) {
      out.Key("DisableScaleIn");
      out.Bool(*policy.disable_scale_in);
    }
    if (policy.scale_in_cooldown) {
      out.Key("ScaleInCooldown");
      out.Int64(*policy.scale_in_cooldown);
    }
    if (policy.scale_out_cooldown) {
      out.Key("ScaleOutCooldown");
      out.Int64(*policy.scale_out_cooldown);
    }
    out.Key("TargetValue");
    out.Double(policy.target_value);
    out.EndObject();
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

}  // namespace

void write_auto_scaling_description(const ActionContext& context, JsonWriter& out, const engine::TableDefinition& def) {
  out.Key("TableAutoScalingDescription");
  out.StartObject();
  write_string(out, "TableName", def.name);
  write_string(out, "TableStatus", "ACTIVE");
  out.Key("Replicas");
  out.StartArray();
  out.StartObject();
  write_string(out, "RegionName", std::string(context.region));
  out.Key("GlobalSecondaryIndexes");
  out.StartArray();
  for (const auto& index : def.global_indexes) {
    const engine::IndexAutoScaling* settings = settings_of(def, index.name);
    out.StartObject();
    write_string(out, "IndexName", index.name);
    write_string(out, "IndexStatus", index.status);
    if (settings) {
      write_settings(out, "ProvisionedReadCapacityAutoScalingSettings", settings->read);
      write_settings(out, "ProvisionedWriteCapacityAutoScalingSettings", settings->write);
    }
    out.EndObject();
  }
  out.EndArray();
  if (const engine::IndexAutoScaling* settings = settings_of(def, "")) {
    write_settings(out, "ReplicaProvisionedReadCapacityAutoScalingSettings", settings->read);
    write_settings(out, "ReplicaProvisionedWriteCapacityAutoScalingSettings", settings->write);
  }
  write_string(out, "ReplicaStatus", "ACTIVE");
  out.EndObject();
  out.EndArray();
  out.EndObject();
}

}  // namespace minnow::api::autoscaling
