// TagResource: adds tags to a table (a key already there takes the new value). Order of checks:
// api/tags/tags.h. The answer has no output members: {}.
#include "api/operations.h"
#include "api/tag_list.h"
#include "api/tags/tags.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

namespace tag_resource {

// dynalite's validations/tagResource.js, with the lengths of AWS's API model.
const Shape kShape(R"({
  "ResourceArn": "String",
  "Tags": {"type": "List", "children": {"type": "ValueStruct<Tag>", "children": {
    "Key": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 128},
    "Value": {"type": "String", "notNull": true, "lengthLessThanOrEqual": 256}}}}
})");

requests::TagResourceRequest decode(const ActionContext& context, const JsonValue& json) {
  const std::string arn = check_resource_arn(context, json, "Tags");
  requests::TagResourceRequest r;
  r.tags = decode_tags(json["Tags"]);
  r.table = find_tagged_table(context, arn);
  if (!r.table) throw model::tag_resource_not_found(arn);
  return r;
}

void tag_resource(const ActionContext& context, requests::TagResourceRequest request,
                  JsonWriter& /*out: DynamoDB answers with an empty body*/) {
  const requests::TagResourceResult result = requests::execute(context.requests(), request);
  if (result.too_many) throw model::too_many_tags(result.too_many);
}

}  // namespace tag_resource

const Action kTagResource{"TagResource", &tag_resource::kShape, tag_resource::decode, tag_resource::tag_resource};

}  // namespace minnow::api::tags
