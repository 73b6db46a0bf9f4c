#include "requests/autoscaling.h"

#include <algorithm>

namespace minnow::requests {

namespace {

using Status = UpdateTableReplicaAutoScalingResult::Status;

std::string default_policy(const char* capacity, const std::string& table, const std::string& index) {
  return std::string("DynamoDB") + capacity + "CapacityUtilization:table/" + table +
         (index.empty() ? "" : "/index/" + index);
}

// The settings of the table (index "") or of a GSI it has; null when it has no such GSI.
engine::IndexAutoScaling* settings_for(std::vector<engine::IndexAutoScaling>& all, const engine::TableDefinition& def,
                                       const std::string& index) {
  if (!index.empty() && std::none_of(def.global_indexes.begin(), def.global_indexes.end(),
                                     [&](const auto& gsi) { return gsi.name == index; }))
    return nullptr;
  for (auto& settings : all)
    if (settings.index_name == index) return &settings;
  return &all.emplace_back(engine::IndexAutoScaling{index, std::nullopt, std::nullopt});
}

// Whether the minimum stays at most the maximum.
bool apply(std::optional<engine::AutoScalingSettings>& settings, const AutoScalingSettingsUpdate& update,
           std::string default_policy) {
  if (!settings) settings.emplace();
  if (update.minimum_units) settings->minimum_units = update.minimum_units;
  if (update.maximum_units) settings->maximum_units = update.maximum_units;
  if (update.disabled) settings->disabled = update.disabled;
  if (update.role_arn) settings->role_arn = *update.role_arn;
  if (settings->minimum_units && settings->maximum_units && *settings->minimum_units > *settings->maximum_units)
    return false;
  if (!update.policy) return true;
  engine::ScalingPolicy policy = *update.policy;
  if (policy.name.empty()) policy.name = std::move(default_policy);
  auto it = std::find_if(settings->policies.begin(), settings->policies.end(),
                         [&](const auto& p) { return p.name == policy.name; });
  if (it != settings->policies.end())
    *it = std::move(policy);
  else
    settings->policies.push_back(std::move(policy));
  return true;
}

}  // namespace

UpdateTableReplicaAutoScalingResult execute(const Context&, const UpdateTableReplicaAutoScalingRequest& request) {
  UpdateTableReplicaAutoScalingResult result;
  auto refuse = [&](Status status, std::string name) {
    result.status = status;
    result.name = std::move(name);
    throw DefinitionUnchanged{};
  };
  try {
    request.table->update_definition([&](engine::TableDefinition& def) {
      std::vector<engine::IndexAutoScaling> all = def.auto_scaling;
      for (const AutoScalingStep& step : request.steps) {
        if (!step.foreign_region.empty()) refuse(Status::ReplicaNotFound, step.foreign_region);
        engine::IndexAutoScaling* settings = settings_for(all, def, step.index);
        if (!settings) refuse(Status::IndexNotFound, step.index);
        if (!apply(step.read ? settings->read : settings->write, step.update,
                   default_policy(step.read ? "Read" : "Write", def.name, step.index)))
          refuse(Status::MinimumAboveMaximum, "");
      }
      def.auto_scaling = std::move(all);
      result.definition = def;
    });
  } catch (const DefinitionUnchanged&) {
  }
  return result;
}

}  // namespace minnow::requests
