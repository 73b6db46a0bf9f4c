#include "api/key_paths.h"

#include <algorithm>

#include "model/errors.h"

namespace minnow::api {

namespace {
bool is_key(const std::string& name, const model::KeySchema& schema) {
  return name == schema.hash.name || (schema.range && name == schema.range->name);
}
}  // namespace

void validate_key_paths(const std::vector<expressions::Path>& paths, const model::KeySchema& schema) {
  // DynamoDB reports the key attributes in key-schema order.
  for (const model::KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (!attr) continue;
    for (const auto& path : paths) {
      if (path.elements.size() > 1 && path.elements[0].name == attr->name) throw model::key_path_not_scalar(attr->name);
    }
  }
}

void validate_no_key_updates(const std::vector<std::string>& top_level_names, const model::KeySchema& schema) {
  for (const model::KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (attr && std::find(top_level_names.begin(), top_level_names.end(), attr->name) != top_level_names.end())
      throw model::key_attribute_updated(attr->name);
  }
}

}  // namespace minnow::api
