// UntagResource: removes tags from a table by key (a key it does not have is no error). Order
// of checks: api/tags/tags.h; a key starting with "aws:" cannot be removed. Answers {}.
#include "api/operations.h"
#include "api/tags/tags.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

namespace untag_resource {

// dynalite's validations/untagResource.js, with the lengths of AWS's API model.
const Shape kShape(R"({
  "ResourceArn": "String",
  "TagKeys": {"type": "List", "children": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 128}}
})");

requests::UntagResourceRequest decode(const ActionContext& context, const JsonValue& json) {
  const std::string arn = check_resource_arn(context, json, "TagKeys");
  requests::UntagResourceRequest r;
  for (const auto& key : json["TagKeys"].GetArray()) {
    r.tag_keys.emplace_back(view(key));
    if (r.tag_keys.back().substr(0, 4) == "aws:") throw model::tag_key_reserved(r.tag_keys.back());
  }
  r.table = find_tagged_table(context, arn);
  if (!r.table) throw model::Error(model::kResourceNotFound);  // dynalite: this one has no ARN in its message
  return r;
}

void untag_resource(const ActionContext& context, requests::UntagResourceRequest request,
                    JsonWriter& /*out: DynamoDB answers with an empty body*/) {
  requests::execute(context.requests(), request);
}

}  // namespace untag_resource

const Action kUntagResource{"UntagResource", &untag_resource::kShape, untag_resource::decode,
                            untag_resource::untag_resource};

}  // namespace minnow::api::tags
