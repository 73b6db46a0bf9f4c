// DeleteResourcePolicy: removes the policy of a table or stream (api/policies/policies.h) and
// answers the revision id it had. Idempotent: a resource without a policy answers {}, unless
// ExpectedRevisionId is given, which must be the current policy's (PolicyNotFoundException).
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/policies/policies.h"
#include "model/control_errors.h"

namespace minnow::api::policies {

namespace delete_resource_policy {

// AWS's API model.
const Shape kShape(R"({
  "ResourceArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1283},
  "ExpectedRevisionId": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255}
})");

requests::DeleteResourcePolicyRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::DeleteResourcePolicyRequest r;
  r.resource = find_policy_resource(context, std::string(view(json["ResourceArn"])));
  if (const JsonValue* expected = member(json, "ExpectedRevisionId"))
    r.expected_revision_id = std::string(view(*expected));
  return r;
}

void delete_resource_policy(const ActionContext& context, requests::DeleteResourcePolicyRequest request,
                            JsonWriter& out) {
  const requests::DeleteResourcePolicyResult result = requests::execute(context.requests(), request);
  if (result.revision_mismatch) throw model::policy_not_found(request.resource.arn);
  out.StartObject();
  if (!result.revision_id.empty()) write_string(out, "RevisionId", result.revision_id);
  out.EndObject();
}

}  // namespace delete_resource_policy

const Action kDeleteResourcePolicy{"DeleteResourcePolicy", &delete_resource_policy::kShape,
                                   delete_resource_policy::decode, delete_resource_policy::delete_resource_policy};

}  // namespace minnow::api::policies
