// GetResourcePolicy: the policy of a table or stream and its revision id
// (api/policies/policies.h); PolicyNotFoundException when it has none.
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/policies/policies.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::policies {

namespace get_resource_policy {

// AWS's API model.
const Shape kShape(R"({
  "ResourceArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1283}
})");

requests::GetResourcePolicyRequest decode(const ActionContext& context, const JsonValue& json) {
  return {find_policy_resource(context, std::string(view(json["ResourceArn"])))};
}

void get_resource_policy(const ActionContext& context, requests::GetResourcePolicyRequest request, JsonWriter& out) {
  const std::optional<engine::ResourcePolicy> policy = requests::execute(context.requests(), request).policy;
  if (!policy) throw model::policy_not_found(request.resource.arn);
  out.StartObject();
  write_string(out, "Policy", policy->document);
  write_string(out, "RevisionId", policy->revision_id);
  out.EndObject();
}

}  // namespace get_resource_policy

const Action kGetResourcePolicy{"GetResourcePolicy", &get_resource_policy::kShape, get_resource_policy::decode,
                                get_resource_policy::get_resource_policy};

}  // namespace minnow::api::policies
