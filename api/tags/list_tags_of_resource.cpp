// ListTagsOfResource: a table's tags, sorted by key. At most 50 tags exist, so one page holds
// them all and no NextToken is ever returned; a NextToken given is ignored (as dynalite does).
// Order of checks: api/tags/tags.h.
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/tags/tags.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

namespace list_tags_of_resource {

// dynalite's validations/listTagsOfResource.js.
const Shape kShape(R"({
  "ResourceArn": "String",
  "NextToken": "String"
})");

requests::ListTagsOfResourceRequest decode(const ActionContext& context, const JsonValue& json) {
  const std::string arn = check_resource_arn(context, json, nullptr);
  requests::ListTagsOfResourceRequest r{find_tagged_table(context, arn)};
  if (!r.table) throw model::tag_resource_not_found(arn);
  return r;
}

void list_tags_of_resource(const ActionContext& context, requests::ListTagsOfResourceRequest request, JsonWriter& out) {
  const TagList tags = requests::execute(context.requests(), std::move(request)).tags;
  out.StartObject();
  out.Key("Tags");
  out.StartArray();
  for (const auto& [key, value] : tags) {
    out.StartObject();
    write_string(out, "Key", key);
    write_string(out, "Value", value);
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

}  // namespace list_tags_of_resource

const Action kListTagsOfResource{"ListTagsOfResource", &list_tags_of_resource::kShape, list_tags_of_resource::decode,
                                 list_tags_of_resource::list_tags_of_resource};

}  // namespace minnow::api::tags
