// TagResource: adds tags to a table (a key already there takes the new value). Order of checks:
// api/tags/tags.h. The answer has no output members: {}.
#include "api/operations.h"
#include "api/tags/tags.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

namespace {

// dynalite's validations/tagResource.js, with the lengths of AWS's API model.
const Shape kShape(R"({
  "ResourceArn": "String",
  "Tags": {"type": "List", "children": {"type": "ValueStruct<Tag>", "children": {
    "Key": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 128},
    "Value": {"type": "String", "notNull": true, "lengthLessThanOrEqual": 256}}}}
})");

void tag_resource(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string arn = check_resource_arn(context, request, "Tags");
  const TagList added = decode_tags(request["Tags"]);
  auto table = find_tagged_table(context, arn);
  if (!table) throw model::tag_resource_not_found(arn);
  table->update_definition([&](engine::TableDefinition& def) { def.tags = merged(def.tags, added); });
  write_empty_output(out);
}

}  // namespace

const Action kTagResource{"TagResource", &kShape, tag_resource};

}  // namespace minnow::api::tags
