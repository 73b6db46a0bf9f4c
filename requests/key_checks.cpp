#include "requests/key_checks.h"

#include <algorithm>
#include <optional>

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

void check_index_key_paths(const std::vector<expressions::Path>& paths,
                           const std::vector<engine::IndexKeyAttribute>& index_keys) {
  for (const engine::IndexKeyAttribute& key : index_keys) {
    for (const auto& path : paths) {
      if (path.elements.size() > 1 && path.elements[0].name == key.attribute.name)
        throw model::index_key_path_not_scalar(key.attribute.name);
    }
  }
}

void check_key_and_index_key_paths(const std::vector<expressions::Path>& paths, const engine::Table& table) {
  if (std::none_of(paths.begin(), paths.end(), [](const expressions::Path& p) { return p.elements.size() > 1; }))
    return;
  check_key_paths(paths, table.key_schema());
  check_index_key_paths(paths, table.index_key_attributes());
}

namespace {
// The type an update value has whatever the item holds, if any.
std::optional<model::ValueType> static_type(const expressions::Node& value) {
  using expressions::NodeKind;
  if (value.kind == NodeKind::Value) return value.value.type();
  if (value.kind == NodeKind::Plus || value.kind == NodeKind::Minus) return model::ValueType::N;
  if (value.kind == NodeKind::Call && value.function == expressions::Function::ListAppend) return model::ValueType::L;
  return std::nullopt;
}
}  // namespace

void check_index_key_types(const expressions::Update* update,
                           const std::vector<expressions::AttributeUpdate>& attribute_updates,
                           const std::vector<engine::IndexKeyAttribute>& index_keys) {
  for (const engine::IndexKeyAttribute& key : index_keys) {
    std::optional<model::ValueType> actual;
    bool found = false;
    if (update) {
      for (const auto& section : update->sections) {
        for (const auto& action : section.actions) {
          if (found || action.path.elements.size() != 1 || action.path.elements[0].name != key.attribute.name) continue;
          found = true;
          if (section.clause == expressions::UpdateClause::Set) actual = static_type(action.value);
        }
      }
    }
    for (const auto& u : attribute_updates) {
      if (found || u.attribute != key.attribute.name) continue;
      found = true;
      if (u.value && (u.action == "PUT" || u.action == "ADD")) actual = u.value->type();
    }
    if (actual && *actual != key.attribute.type)
      throw model::index_key_type_mismatch(key.attribute.name, key.attribute.type, *actual, key.index);
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
