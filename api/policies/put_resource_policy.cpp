// PutResourcePolicy: attaches a policy to a table or stream, or replaces its policy; answers the
// revision id (api/policies/policies.h). The same document again keeps its revision id.
#include "api/operations.h"
#include "api/policies/policies.h"
#include "api/policy_document.h"
#include "model/control_errors.h"

namespace minnow::api::policies {

namespace put_resource_policy {

// AWS's API model.
const Shape kShape(R"({
  "ResourceArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1283},
  "Policy": {"type": "String", "required": true},
  "ExpectedRevisionId": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
  "ConfirmRemoveSelfResourceAccess": "Boolean"
})");

requests::PutResourcePolicyRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::PutResourcePolicyRequest r;
  r.resource = find_policy_resource(context, std::string(view(json["ResourceArn"])));
  r.policy = new_policy(context, std::string(view(json["Policy"])));
  if (const JsonValue* expected = member(json, "ExpectedRevisionId"))
    r.expected_revision_id = std::string(view(*expected));
  return r;
}

void put_resource_policy(const ActionContext& context, requests::PutResourcePolicyRequest request, JsonWriter& out) {
  const requests::PutResourcePolicyResult result = requests::execute(context.requests(), request);
  if (result.revision_mismatch) throw model::policy_not_found(request.resource.arn);
  out.StartObject();
  out.Key("RevisionId");
  out.String(result.revision_id.data(), result.revision_id.size());
  out.EndObject();
}

}  // namespace put_resource_policy

const Action kPutResourcePolicy{"PutResourcePolicy", &put_resource_policy::kShape, put_resource_policy::decode,
                                put_resource_policy::put_resource_policy};

}  // namespace minnow::api::policies
