#include "requests/key_checks.h"

#include <algorithm>

#include "model/errors.h"

namespace minnow::requests {

namespace {
void collect(const expressions::Node& node, std::vector<expressions::Path>& out) {
  if (node.kind == expressions::NodeKind::Path) out.push_back(node.path);
  for (const auto& arg : node.args) collect(arg, out);
}
}  // namespace

void check_key_paths(const std::vector<expressions::Path>& paths, const model::KeySchema& schema) {
  // DynamoDB reports the key attributes in key-schema order.
  for (const model::KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (!attr) continue;
    for (const auto& path : paths) {
      if (path.elements.size() > 1 && path.elements[0].name == attr->name) throw model::key_path_not_scalar(attr->name);
    }
  }
}

void check_no_key_updates(const std::vector<std::string>& top_level_names, const model::KeySchema& schema) {
  for (const model::KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (attr && std::find(top_level_names.begin(), top_level_names.end(), attr->name) != top_level_names.end())
      throw model::key_attribute_updated(attr->name);
  }
}

std::vector<expressions::Path> read_paths(const expressions::Condition* condition, const expressions::Update* update,
                                          const expressions::Projection* projection) {
  std::vector<expressions::Path> out;
  if (condition) collect(condition->root, out);
  if (update) {
    for (const auto& section : update->sections) {
      if (section.clause != expressions::UpdateClause::Set) continue;
      for (const auto& action : section.actions) collect(action.value, out);
    }
  }
  if (projection) out.insert(out.end(), projection->paths.begin(), projection->paths.end());
  return out;
}

void collect_paths(const expressions::Node& node, std::vector<const expressions::Path*>& out) {
  if (node.kind == expressions::NodeKind::Path) {
    out.push_back(&node.path);
    return;
  }
  for (const auto& a : node.args) collect_paths(a, out);
}

}  // namespace minnow::requests
