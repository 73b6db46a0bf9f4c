// UntagResource: removes tags from a table by key (a key it does not have is no error). Order
// of checks: api/tags/tags.h; a key starting with "aws:" cannot be removed. Answers {}.
#include <algorithm>

#include "api/operations.h"
#include "api/tags/tags.h"
#include "model/control_errors.h"

namespace minnow::api::tags {

namespace {

// dynalite's validations/untagResource.js, with the lengths of AWS's API model.
const Shape kShape(R"({
  "ResourceArn": "String",
  "TagKeys": {"type": "List", "children": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 128}}
})");

void untag_resource(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string arn = check_resource_arn(context, request, "TagKeys");
  std::vector<std::string> keys;
  for (const auto& key : request["TagKeys"].GetArray()) {
    keys.emplace_back(view(key));
    if (keys.back().substr(0, 4) == "aws:") throw model::tag_key_reserved(keys.back());
  }
  auto table = find_tagged_table(context, arn);
  if (!table) throw model::Error(model::kResourceNotFound);  // dynalite: this one has no ARN in its message
  table->update_definition([&](engine::TableDefinition& def) {
    std::erase_if(def.tags,
                  [&](const auto& tag) { return std::find(keys.begin(), keys.end(), tag.first) != keys.end(); });
  });
  write_empty_output(out);
}

}  // namespace

const Action kUntagResource{"UntagResource", &kShape, untag_resource};

}  // namespace minnow::api::tags
