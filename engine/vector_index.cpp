#include "engine/vector_index.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/index.h"
#include "model/key.h"

namespace minnow::engine {

namespace {

// Bytes ordering items by primary key (partition value, then sort value) from a storage key
// (model/key.h: hash64, len32, partition bytes, sort bytes): the partition bytes with 0x00
// escaped as 0x00 0xFF and ended by 0x00 0x01, then the sort bytes.
std::string primary_key_order(std::string_view storage_key) {
  std::size_t length = 0;
  for (int i = 8; i < 12; ++i) length = length << 8 | static_cast<unsigned char>(storage_key[i]);
  std::string out;
  out.reserve(storage_key.size());
  for (std::size_t i = 12; i < 12 + length; ++i) {
    out += storage_key[i];
    if (storage_key[i] == '\0') out += '\xff';
  }
  out += '\0';
  out += '\x01';
  out.append(storage_key, 12 + length);
  return out;
}

}  // namespace

std::optional<float> vector_element(const model::Number& n) {
  const float f = static_cast<float>(n.to_double());
  if (std::isinf(f)) return std::nullopt;
  return f;
}

VectorIndex::VectorIndex(const VectorIndexDefinition& definition,
                         const std::vector<AttributeDefinition>& attribute_definitions)
    : definition_(definition),
      store_(definition.distance, definition.dimensions,
             std::count_if(definition.search_schema.begin(), definition.search_schema.end(),
                           [](const SearchSchemaElement& e) { return !e.is_hash; })) {
  for (const SearchSchemaElement& e : definition.search_schema) {
    Attribute a{e.attribute_name, model::ValueType::S};
    for (const AttributeDefinition& d : attribute_definitions)
      if (d.name == e.attribute_name) a.type = d.type;
    if (e.is_hash) {
      hash_ = a;
    } else {
      filters_.push_back(a);
    }
  }
}

std::optional<model::IndexKeyViolation> VectorIndex::check_item(const model::Item& item) const {
  using Problem = model::IndexKeyViolation::Problem;
  auto violation = [&](Problem problem, const std::string& attribute) {
    model::IndexKeyViolation v;
    v.problem = problem;
    v.vector_index = true;
    v.index = definition_.name;
    v.attribute = attribute;
    return v;
  };
  if (const model::AttributeValue* v = model::find_attribute(item, definition_.vector_attribute)) {
    if (v->type() != model::ValueType::L) {
      model::IndexKeyViolation out = violation(Problem::VectorNotList, definition_.vector_attribute);
      out.actual = v->type();
      return out;
    }
    const model::AttributeList& elements = v->as<model::AttributeList>();
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (elements[i].type() == model::ValueType::N) continue;
      model::IndexKeyViolation out = violation(Problem::VectorElementNotNumber, definition_.vector_attribute);
      out.position = i + 1;
      out.actual = elements[i].type();
      return out;
    }
    if (elements.size() != definition_.dimensions) {
      model::IndexKeyViolation out = violation(Problem::VectorDimensions, definition_.vector_attribute);
      out.count = elements.size();
      out.dimensions = definition_.dimensions;
      return out;
    }
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (vector_element(elements[i].as<model::Number>())) continue;
      model::IndexKeyViolation out = violation(Problem::VectorElementOutOfRange, definition_.vector_attribute);
      out.position = i + 1;
      return out;
    }
  }
  auto check_scalar = [&](const std::string& name, model::ValueType type,
                          bool nonempty) -> std::optional<model::IndexKeyViolation> {
    const model::AttributeValue* v = model::find_attribute(item, name);
    if (!v) return std::nullopt;
    model::IndexKeyViolation out = violation(Problem::WrongType, name);
    out.expected = type;
    out.actual = v->type();
    if (v->type() != type) return out;
    out.problem = Problem::EmptyValue;
    if (nonempty && is_empty_scalar(*v)) return out;
    return std::nullopt;
  };
  if (hash_)
    if (auto v = check_scalar(hash_->name, hash_->type, true)) return v;
  for (const Attribute& a : filters_)
    if (auto v = check_scalar(a.name, a.type, false)) return v;
  return std::nullopt;
}

std::optional<std::vector<float>> VectorIndex::vector_of(const model::Item& item) const {
  const model::AttributeValue* v = model::find_attribute(item, definition_.vector_attribute);
  if (!v) return std::nullopt;
  std::vector<float> out;
  out.reserve(definition_.dimensions);
  for (const model::AttributeValue& e : v->as<model::AttributeList>())
    out.push_back(*vector_element(e.as<model::Number>()));
  return out;
}

bool VectorIndex::same_indexed_values(const model::Item& a, const model::Item& b) const {
  auto same = [&](const std::string& name) {
    const model::AttributeValue* x = model::find_attribute(a, name);
    const model::AttributeValue* y = model::find_attribute(b, name);
    return x ? y && *x == *y : !y;
  };
  if (!same(definition_.vector_attribute)) return false;
  for (const SearchSchemaElement& e : definition_.search_schema)
    if (!same(e.attribute_name)) return false;
  return true;
}

void VectorIndex::put(const StoredItem& entry, const model::Item& item, const model::Item* old,
                      const StoredItem* previous) {
  if (previous) store_.rehandle(previous, &entry);
  if (old && same_indexed_values(*old, item)) return;  // the item's slot already holds these values
  std::optional<std::vector<float>> vector = vector_of(item);
  const model::AttributeValue* hash_value = hash_ ? model::find_attribute(item, hash_->name) : nullptr;
  if (!vector || (hash_ && !hash_value)) {
    store_.erase(&entry);
    return;
  }
  std::vector<std::optional<std::string>> filter_values;
  for (const Attribute& a : filters_) {
    const model::AttributeValue* v = model::find_attribute(item, a.name);
    filter_values.push_back(v ? std::optional<std::string>(model::key_value_bytes(*v)) : std::nullopt);
  }
  const std::string partition = hash_value ? model::key_value_bytes(*hash_value) : std::string();
  store_.put(&entry, partition, vector->data(), filter_values);
}

std::vector<VectorIndex::Hit> VectorIndex::search(const VectorSearchSpec& spec, VectorSearchStats& stats) const {
  std::vector<Hit> hits;
  if (spec.vector.size() != definition_.dimensions) return hits;
  vector::Store::Query query;
  query.vector = spec.vector.data();
  query.top_k = spec.top_k;
  query.threads = spec.threads;
  std::string partition;
  if (hash_) {
    if (!spec.hash_value || spec.hash_value->type() != hash_->type) return hits;
    partition = model::key_value_bytes(*spec.hash_value);
  }
  query.partition = partition;
  for (const auto& [name, value] : spec.filters) {
    std::size_t position = 0;
    while (position < filters_.size() && filters_[position].name != name) ++position;
    if (position == filters_.size() || value.type() != filters_[position].type) return hits;
    query.filters.emplace_back(position, model::key_value_bytes(value));
  }
  vector::Store::Result result = store_.search(
      query, [](vector::Store::Handle h) { return primary_key_order(static_cast<const StoredItem*>(h)->key()); });
  stats.compared = result.compared;
  stats.rescored = result.rescored;
  for (const auto& hit : result.hits) hits.push_back({static_cast<const StoredItem*>(hit.handle), hit.score});
  return hits;
}

}  // namespace minnow::engine
