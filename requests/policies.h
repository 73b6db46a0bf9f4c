// Resource-based policies as typed requests: PutResourcePolicy, GetResourcePolicy,
// DeleteResourcePolicy. The front end (api/policies) finds the table or stream the ARN names
// and checks the document; execute() puts, reads or removes the policy in the table's
// definition under its lock, where ExpectedRevisionId is compared, and says what happened.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/table.h"
#include "engine/table_settings.h"
#include "requests/context.h"

namespace minnow::requests {

// A table, or one of its streams (stream_label not empty).
struct PolicyResource {
  std::shared_ptr<engine::Table> table;
  std::string stream_label;
  std::string arn;  // as the request gave it: what a refusal names
};

// The resource's policy in a definition (null when it has none), for reading or changing it.
engine::ResourcePolicy* policy_of(engine::TableDefinition& definition, const std::string& stream_label);

// "NO_POLICY": an ExpectedRevisionId that a put on a resource without a policy matches.
inline constexpr std::string_view kNoPolicy = "NO_POLICY";

struct PutResourcePolicyRequest {
  PolicyResource resource;
  engine::ResourcePolicy policy;                    // a checked document, with a new revision id
  std::optional<std::string> expected_revision_id;  // the current policy's, or kNoPolicy
};

struct PutResourcePolicyResult {
  bool revision_mismatch = false;  // ExpectedRevisionId is not the current one: nothing changed
  std::string revision_id;         // the same document again keeps its revision id
};

PutResourcePolicyResult execute(const Context& context, const PutResourcePolicyRequest& request);

struct GetResourcePolicyRequest {
  PolicyResource resource;
};

struct GetResourcePolicyResult {
  std::optional<engine::ResourcePolicy> policy;  // none: the resource has no policy
};

GetResourcePolicyResult execute(const Context& context, const GetResourcePolicyRequest& request);

struct DeleteResourcePolicyRequest {
  PolicyResource resource;
  std::optional<std::string> expected_revision_id;  // must be the current policy's
};

struct DeleteResourcePolicyResult {
  bool revision_mismatch = false;  // no policy, or another revision: nothing changed
  std::string revision_id;         // the removed policy's; empty when there was none
};

DeleteResourcePolicyResult execute(const Context& context, const DeleteResourcePolicyRequest& request);

}  // namespace minnow::requests
