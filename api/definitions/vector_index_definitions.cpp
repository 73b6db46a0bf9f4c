#include "api/definitions/vector_index_definitions.h"

#include <algorithm>

#include "api/definitions/table_checks.h"
#include "api/shape.h"
#include "api/table_lookup.h"
#include "model/errors.h"
#include "model/limits.h"
#include "model/vector_errors.h"

namespace minnow::api {

namespace {

static_assert(model::kMaxVectorDimensions == 4096, "MINNOW_SHAPE_VECTOR_INDEX_MEMBERS' Dimensions bound");

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

minnow::vector::Distance distance_of(std::string_view name) {
  if (name == "EUCLIDEAN") return minnow::vector::Distance::Euclidean;
  if (name == "DOT_PRODUCT") return minnow::vector::Distance::DotProduct;
  return minnow::vector::Distance::Cosine;
}

// The non-key attributes an index projects, as the table's limit counts them: a vector index's
// NonKeyAttributes, its vector attribute and its INLINE_FILTER attributes, each once.
std::size_t projected_count(const engine::VectorIndexDefinition& index) {
  std::vector<std::string> names = index.projection.non_key_attributes;
  auto add = [&](const std::string& name) {
    if (!contains(names, name)) names.push_back(name);
  };
  add(index.vector_attribute);
  for (const auto& e : index.search_schema)
    if (!e.is_hash) add(e.attribute_name);
  return names.size();
}

std::size_t projected_attribute_count(const engine::TableDefinition& table) {
  std::size_t count = 0;
  for (const auto* list : {&table.local_indexes, &table.global_indexes})
    for (const auto& index : *list) count += index.projection.non_key_attributes.size();
  for (const auto& index : table.vector_indexes) count += projected_count(index);
  return count;
}

// Attributes with a scalar type in the table: its key, its LSIs' and GSIs' keys, its vector
// indexes' search schemas.
std::vector<std::string> typed_attributes(const engine::TableDefinition& table) {
  std::vector<std::string> names = search_schema_attributes(table);
  auto add = [&](const std::vector<engine::KeySchemaElement>& keys) {
    for (const auto& k : keys) names.push_back(k.attribute_name);
  };
  add(table.key_schema_elements);
  for (const auto* list : {&table.local_indexes, &table.global_indexes})
    for (const auto& index : *list) add(index.key_schema);
  return names;
}

void show_transient_state(engine::VectorIndexDefinition& index, int64_t now_ms, bool creating) {
  index.status = creating ? "CREATING" : "DELETING";
  index.backfilling = false;
  index.backfill_from_ms = creating ? now_ms + engine::kTransientPhaseMs : 0;
  index.transient_until_ms = now_ms + (creating ? 2 : 1) * engine::kTransientPhaseMs;
}

}  // namespace

requests::VectorIndexUpdate::Create requested_vector_index(const JsonValue& index) {
  requests::VectorIndexUpdate::Create r;
  engine::VectorIndexDefinition& d = r.index;
  d.name = string_member(index, "IndexName");
  d.vector_attribute = string_member(index["VectorAttribute"], "AttributeName");
  d.dimensions = static_cast<uint32_t>(coral_long(index["Dimensions"]));
  d.distance = distance_of(view(index["DistanceFunction"]));
  if (const JsonValue* schema = member(index, "SearchSchema")) {
    for (const auto& e : schema->GetArray())
      d.search_schema.push_back(
          {string_member(e, "AttributeName"), string_member(e, "SearchSchemaElementType") == "HASH"});
  }
  r.projection = requested_projection(index["Projection"]);
  return r;
}

engine::VectorIndexDefinition checked_vector_index(const requests::VectorIndexUpdate::Create& requested) {
  check_projection(requested.projection);
  engine::VectorIndexDefinition d = requested.index;
  d.projection = projection_of(requested.projection);
  return d;
}

engine::VectorIndexDefinition read_vector_index(const JsonValue& index) {
  return checked_vector_index(requested_vector_index(index));
}

bool has_index_named(const engine::TableDefinition& table, const std::string& name) {
  for (const auto* list : {&table.local_indexes, &table.global_indexes, &table.deleting_indexes})
    for (const auto& index : *list)
      if (index.name == name) return true;
  for (const auto* list : {&table.vector_indexes, &table.deleting_vector_indexes})
    for (const auto& index : *list)
      if (index.name == name) return true;
  return false;
}

std::vector<std::string> search_schema_attributes(const engine::TableDefinition& table) {
  std::vector<std::string> names;
  for (const auto& index : table.vector_indexes)
    for (const auto& e : index.search_schema)
      if (!contains(names, e.attribute_name)) names.push_back(e.attribute_name);
  return names;
}

void check_new_vector_index(const engine::VectorIndexDefinition& index, const engine::TableDefinition& table) {
  std::vector<std::string> schema;
  bool hash = false;
  for (const auto& e : index.search_schema) {
    if (e.is_hash && hash) throw model::vector_search_schema_two_hashes(index.name);
    hash = hash || e.is_hash;
    if (contains(schema, e.attribute_name)) throw model::vector_search_schema_duplicate(index.name, e.attribute_name);
    schema.push_back(e.attribute_name);
  }
  std::vector<std::string> definitions;
  for (const auto& a : table.attribute_definitions) definitions.push_back(a.name);
  for (const auto& name : schema)
    if (!contains(definitions, name)) throw model::key_attributes_not_defined(schema, definitions);

  std::vector<std::string> typed = typed_attributes(table);
  if (contains(typed, index.vector_attribute) || contains(schema, index.vector_attribute))
    throw model::vector_attribute_is_key(index.vector_attribute, index.name);
  for (const auto& other : table.vector_indexes) {
    if (contains(schema, other.vector_attribute))
      throw model::vector_attribute_is_key(other.vector_attribute, other.name);
    if (other.vector_attribute == index.vector_attribute && other.dimensions != index.dimensions)
      throw model::vector_dimensions_differ(index.vector_attribute, index.name, index.dimensions, other.name,
                                            other.dimensions);
  }
  if (projected_attribute_count(table) + projected_count(index) > model::kMaxProjectedNonKeyAttributes)
    throw model::Error(model::kTooManyProjectedAttributes);
  if (table.vector_indexes.size() >= model::kMaxVectorIndexes) throw model::Error(model::kTooManyVectorIndexes);
}

std::vector<requests::VectorIndexUpdate> decode_vector_index_updates(const JsonValue* updates) {
  std::vector<requests::VectorIndexUpdate> decoded;
  if (!updates) return decoded;
  for (const auto& update : updates->GetArray()) {
    const JsonValue* create = member(update, "Create");
    const JsonValue* remove = member(update, "Delete");
    if (!create && !remove) throw model::Error(model::kVectorIndexUpdateActionRequired);
    if (create && remove) throw model::Error(model::kVectorIndexUpdateTwoActions);
    requests::VectorIndexUpdate& u = decoded.emplace_back();
    if (create)
      u.create = requested_vector_index(*create);
    else
      u.delete_index = string_member(*remove, "IndexName");
  }
  return decoded;
}

bool plan_vector_index_updates(const std::vector<requests::VectorIndexUpdate>& updates, int64_t now_ms, bool delay,
                               engine::TableDefinition& next, engine::TableDefinition& shown) {
  if (updates.empty()) return false;
  for (const auto& update : updates) {
    if (update.create) {
      engine::VectorIndexDefinition index = checked_vector_index(*update.create);
      if (has_index_named(next, index.name)) throw model::Error(model::kIndexAlreadyExists);
      check_new_vector_index(index, next);
      if (delay) show_transient_state(index, now_ms, /*creating=*/true);
      engine::VectorIndexDefinition answered = index;
      answered.status = "CREATING";
      next.vector_indexes.push_back(std::move(index));
      shown.vector_indexes.push_back(std::move(answered));
    } else {
      const std::string& name = *update.delete_index;
      auto found = std::find_if(next.vector_indexes.begin(), next.vector_indexes.end(),
                                [&](const auto& index) { return index.name == name; });
      if (found == next.vector_indexes.end()) throw model::vector_index_not_found(name);
      if (delay) {
        engine::VectorIndexDefinition gone = *found;
        show_transient_state(gone, now_ms, /*creating=*/false);
        next.deleting_vector_indexes.push_back(std::move(gone));
      }
      next.vector_indexes.erase(found);
      for (auto& index : shown.vector_indexes)
        if (index.name == name) index.status = "DELETING";
    }
  }
  return true;
}

}  // namespace minnow::api
