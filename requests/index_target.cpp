#include "requests/index_target.h"

#include <algorithm>

#include "expressions/legacy.h"
#include "model/errors.h"

namespace minnow::requests {

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// dynalite's validateKeyPiece, for a start key: the type, and an S or B value not empty.
void check_start_piece(const model::AttributeMap& start_key, const model::KeyAttribute& attr) {
  auto it = start_key.find(attr.name);
  if (it == start_key.end() || it->second.type() != attr.type) throw model::Error(model::kStartKeyInvalid);
  const model::AttributeValue& v = it->second;
  bool empty = (v.type() == model::ValueType::S && v.as<std::string>().empty()) ||
               (v.type() == model::ValueType::B && v.as<model::Binary>().bytes.empty());
  if (empty) throw model::query_key_empty_value(attr.name, attr.type);
}

}  // namespace

std::optional<model::KeySchema> IndexTarget::simple_key() const {
  if (key.hash.size() != 1 || key.range.size() > 1) return std::nullopt;
  model::KeySchema schema{key.hash[0], std::nullopt};
  if (!key.range.empty()) schema.range = key.range[0];
  return schema;
}

std::optional<IndexTarget> find_index_target(const engine::Table& table, std::string_view name, int64_t now_ms) {
  const engine::TableDefinition definition = table.definition();
  const engine::IndexDefinition* found = nullptr;
  bool global = false;
  for (const auto* list : {&definition.local_indexes, &definition.global_indexes}) {
    for (const auto& index : *list) {
      if (index.name == name) {
        found = &index;
        global = list == &definition.global_indexes;
      }
    }
  }
  if (!found) return std::nullopt;
  if (global && found->status == "CREATING" && now_ms < found->transient_until_ms)
    throw model::index_backfilling(found->name);

  IndexTarget target;
  target.name = found->name;
  target.global = global;
  target.key = engine::index_key_schema(*found, definition.attribute_definitions);
  target.projects_all = found->projection.type == "ALL";
  auto add = [&](const model::KeyAttribute& a) {
    for (const auto& k : target.page_key)
      if (k.name == a.name) return;
    target.page_key.push_back(a);
    target.projected.push_back(a.name);
  };
  add(definition.key_schema.hash);
  if (definition.key_schema.range) add(*definition.key_schema.range);
  for (const auto* attrs : {&target.key.hash, &target.key.range})
    for (const auto& a : *attrs) add(a);
  for (const auto& n : found->projection.non_key_attributes)
    if (!contains(target.projected, n)) target.projected.push_back(n);
  return target;
}

IndexTarget index_target(const engine::Table& table, std::string_view name, int64_t now_ms) {
  std::optional<IndexTarget> target = find_index_target(table, name, now_ms);
  if (!target) throw model::index_not_found(std::string(name));
  return std::move(*target);
}

void check_index_start_key(const model::AttributeMap& start_key, const IndexTarget& index,
                           const model::KeySchema& table_schema) {
  // DynamoDB's two steps: the index's key attributes, then the table's key.
  for (const auto* attrs : {&index.key.hash, &index.key.range}) {
    for (const model::KeyAttribute& a : *attrs) {
      auto it = start_key.find(a.name);
      if (it == start_key.end() || it->second.type() != a.type) throw model::Error(model::kKeyDoesNotMatchSchema);
    }
  }
  model::AttributeMap table_key;  // what the start key has of the table's key
  for (const auto& [name, value] : start_key)
    if (name == table_schema.hash.name || (table_schema.range && name == table_schema.range->name))
      table_key.emplace(name, value);
  try {
    model::validate_start_key(table_key, table_schema);
  } catch (const model::Error& e) {
    throw model::start_key_invalid(e.message());
  }
  if (start_key.size() != index.page_key.size()) throw model::Error(model::kStartKeyInvalid);
  for (const auto& a : index.page_key) check_start_piece(start_key, a);
}

void check_index_select(Select select, const IndexTarget& index) {
  if (index.global && !index.projects_all && select == Select::AllAttributes)
    throw model::select_all_attributes_on_global_index(index.name);
}

bool apply_index_projection(Select select, const IndexTarget& index,
                            std::optional<expressions::Projection>& projection) {
  if (index.projects_all) return false;
  if (projection) {
    std::vector<std::string> missing;
    for (const auto& path : projection->paths) {
      const std::string& head = path.elements[0].name;
      if (!contains(index.projected, head) && !contains(missing, head)) missing.push_back(head);
    }
    if (missing.empty()) return false;
    if (index.global) throw model::global_index_does_not_project(index.name, missing);
    return true;
  }
  if (select == Select::AllAttributes) return !index.global;
  if (select == Select::Count) return false;
  projection = expressions::projection_from_attributes_to_get(index.projected);
  return false;
}

CapacityBreakdown index_capacity(const IndexTarget& index, double index_units, double table_units) {
  CapacityBreakdown units;
  units.table = table_units;
  (index.global ? units.global_indexes : units.local_indexes).emplace_back(index.name, index_units);
  return units;
}

}  // namespace minnow::requests
