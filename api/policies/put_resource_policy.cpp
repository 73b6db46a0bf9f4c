// PutResourcePolicy: attaches a policy to a table or stream, or replaces its policy; answers the
// revision id (api/policies/policies.h). The same document again keeps its revision id.
#include "api/operations.h"
#include "api/policies/policies.h"
#include "model/control_errors.h"

namespace minnow::api::policies {

namespace {

// AWS's API model.
const Shape kShape(R"({
  "ResourceArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1283},
  "Policy": {"type": "String", "required": true},
  "ExpectedRevisionId": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255},
  "ConfirmRemoveSelfResourceAccess": "Boolean"
})");

constexpr std::string_view kNoPolicy = "NO_POLICY";

void put_resource_policy(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string arn(view(request["ResourceArn"]));
  const PolicyResource resource = find_policy_resource(context, arn);
  engine::ResourcePolicy wanted = new_policy(context, std::string(view(request["Policy"])));
  const JsonValue* expected = member(request, "ExpectedRevisionId");
  std::string revision;
  resource.table->update_definition([&](engine::TableDefinition& def) {
    engine::ResourcePolicy* current = policy_of(def, resource.stream_label);
    if (expected && (current ? view(*expected) != current->revision_id : view(*expected) != kNoPolicy))
      throw model::policy_not_found(arn);
    if (current && current->document == wanted.document) {
      revision = current->revision_id;
      return;
    }
    revision = wanted.revision_id;
    if (current)
      *current = std::move(wanted);
    else if (resource.stream_label.empty())
      def.resource_policy = std::move(wanted);
    else
      def.stream_policies.emplace_back(resource.stream_label, std::move(wanted));
  });
  out.StartObject();
  out.Key("RevisionId");
  out.String(revision.data(), revision.size());
  out.EndObject();
}

}  // namespace

const Action kPutResourcePolicy{"PutResourcePolicy", &kShape, put_resource_policy};

}  // namespace minnow::api::policies
