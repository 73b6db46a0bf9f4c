#include "requests/policies.h"

#include <algorithm>

namespace minnow::requests {

engine::ResourcePolicy* policy_of(engine::TableDefinition& def, const std::string& stream_label) {
  if (stream_label.empty()) return def.resource_policy ? &*def.resource_policy : nullptr;
  for (auto& [label, policy] : def.stream_policies) {
    if (label == stream_label) return &policy;
  }
  return nullptr;
}

PutResourcePolicyResult execute(const Context&, const PutResourcePolicyRequest& request) {
  PutResourcePolicyResult result;
  const std::optional<std::string>& expected = request.expected_revision_id;
  const std::string& label = request.resource.stream_label;
  try {
    request.resource.table->update_definition([&](engine::TableDefinition& def) {
      engine::ResourcePolicy* current = policy_of(def, label);
      if (expected && (current ? *expected != current->revision_id : *expected != kNoPolicy)) {
        result.revision_mismatch = true;
        throw DefinitionUnchanged{};
      }
      if (current && current->document == request.policy.document) {
        result.revision_id = current->revision_id;
        return;
      }
      result.revision_id = request.policy.revision_id;
      if (current)
        *current = request.policy;
      else if (label.empty())
        def.resource_policy = request.policy;
      else
        def.stream_policies.emplace_back(label, request.policy);
    });
  } catch (const DefinitionUnchanged&) {
  }
  return result;
}

GetResourcePolicyResult execute(const Context&, const GetResourcePolicyRequest& request) {
  engine::TableDefinition def = request.resource.table->definition();
  const engine::ResourcePolicy* policy = policy_of(def, request.resource.stream_label);
  return {policy ? std::optional<engine::ResourcePolicy>(*policy) : std::nullopt};
}

DeleteResourcePolicyResult execute(const Context&, const DeleteResourcePolicyRequest& request) {
  DeleteResourcePolicyResult result;
  const std::optional<std::string>& expected = request.expected_revision_id;
  const std::string& label = request.resource.stream_label;
  try {
    request.resource.table->update_definition([&](engine::TableDefinition& def) {
      engine::ResourcePolicy* current = policy_of(def, label);
      if (expected && (!current || *expected != current->revision_id)) {
        result.revision_mismatch = true;
        throw DefinitionUnchanged{};
      }
      if (!current) return;
      result.revision_id = current->revision_id;
      if (label.empty())
        def.resource_policy.reset();
      else
        std::erase_if(def.stream_policies, [&](const auto& entry) { return entry.first == label; });
    });
  } catch (const DefinitionUnchanged&) {
  }
  return result;
}

}  // namespace minnow::requests
