// DeleteResourcePolicy: removes the policy of a table or stream (api/policies/policies.h) and
// answers the revision id it had. Idempotent: a resource without a policy answers {}, unless
// ExpectedRevisionId is given, which must be the current policy's (PolicyNotFoundException).
#include "api/operations.h"
#include "api/policies/policies.h"
#include "api/tables/table_description.h"
#include "model/control_errors.h"

namespace minnow::api::policies {

namespace {

// AWS's API model.
const Shape kShape(R"({
  "ResourceArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1283},
  "ExpectedRevisionId": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255}
})");

void delete_resource_policy(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string arn(view(request["ResourceArn"]));
  const PolicyResource resource = find_policy_resource(context, arn);
  const JsonValue* expected = member(request, "ExpectedRevisionId");
  std::string revision;
  resource.table->update_definition([&](engine::TableDefinition& def) {
    engine::ResourcePolicy* current = policy_of(def, resource.stream_label);
    if (expected && (!current || view(*expected) != current->revision_id)) throw model::policy_not_found(arn);
    if (!current) return;
    revision = current->revision_id;
    remove_policy(def, resource.stream_label);
  });
  out.StartObject();
  if (!revision.empty()) write_string(out, "RevisionId", revision);
  out.EndObject();
}

}  // namespace

const Action kDeleteResourcePolicy{"DeleteResourcePolicy", &kShape, delete_resource_policy};

}  // namespace minnow::api::policies
