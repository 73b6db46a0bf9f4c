#include "engine/billed_size.h"

#include <algorithm>

namespace minnow::engine {

namespace {

// A vector of `dimensions` numbers: what a vector index holds (one UpdateTable adds over
// existing items may find other values there, which it skips and which are billed as stored).
bool is_vector(const model::AttributeValue& value, uint32_t dimensions) {
  if (value.type() != model::ValueType::L) return false;
  const model::AttributeList& elements = value.as<model::AttributeList>();
  return elements.size() == dimensions &&
         std::all_of(elements.begin(), elements.end(), [](const auto& e) { return e.type() == model::ValueType::N; });
}

int64_t billed_less_stored(const model::AttributeValue& vector, uint32_t dimensions) {
  return int64_t{4} * dimensions - static_cast<int64_t>(vector.size_bytes());
}

}  // namespace

int64_t vector_billing_adjustment(const std::vector<VectorIndexDefinition>& indexes, const model::Item& item) {
  int64_t adjustment = 0;
  for (std::size_t i = 0; i < indexes.size(); ++i) {
    const VectorIndexDefinition& index = indexes[i];
    // Two indexes on one attribute bill it once.
    auto first = std::find_if(indexes.begin(), indexes.begin() + i,
                              [&](const auto& other) { return other.vector_attribute == index.vector_attribute; });
    if (first != indexes.begin() + i) continue;
    const model::AttributeValue* v = model::find_attribute(item, index.vector_attribute);
    if (v && is_vector(*v, index.dimensions)) adjustment += billed_less_stored(*v, index.dimensions);
  }
  return adjustment;
}

EntryAttributes::EntryAttributes(const model::KeySchema& table_key, const IndexDefinition& index)
    : all_(index.projection.type == "ALL") {
  add(table_key.hash.name);
  if (table_key.range) add(table_key.range->name);
  for (const KeySchemaElement& e : index.key_schema) add(e.attribute_name);
  for (const std::string& n : index.projection.non_key_attributes) add(n);
}

EntryAttributes::EntryAttributes(const model::KeySchema& table_key, const VectorIndexDefinition& index,
                                 const std::vector<VectorIndexDefinition>& billed)
    : all_(index.projection.type == "ALL") {
  add(table_key.hash.name);
  if (table_key.range) add(table_key.range->name);
  add(index.vector_attribute);
  for (const SearchSchemaElement& e : index.search_schema) add(e.attribute_name);
  for (const std::string& n : index.projection.non_key_attributes) add(n);
  for (const VectorIndexDefinition& v : billed)
    if (holds(v.vector_attribute)) billed_.push_back(v);
}

void EntryAttributes::add(const std::string& name) {
  if (std::find(names_.begin(), names_.end(), name) == names_.end()) names_.push_back(name);
}

bool EntryAttributes::holds(const std::string& name) const {
  return all_ || std::find(names_.begin(), names_.end(), name) != names_.end();
}

std::size_t EntryAttributes::size(const model::Item& item) const {
  const int64_t bytes = static_cast<int64_t>(size(item, all_ ? model::item_size(item) : 0)) +
                        vector_billing_adjustment(billed_, item);
  return static_cast<std::size_t>(std::max<int64_t>(bytes, 0));
}

std::size_t EntryAttributes::size(const model::AttributeMap& attributes, std::size_t item_size) const {
  if (all_) return item_size;
  std::size_t bytes = 0;
  for (const std::string& name : names_)
    if (const model::AttributeValue* v = model::find_attribute(attributes, name)) bytes += name.size() + v->size_bytes();
  return bytes;
}

bool EntryAttributes::same_entry(const model::Item& a, const model::Item& b) const {
  if (all_) return a == b;
  for (const std::string& name : names_) {
    const model::AttributeValue* x = model::find_attribute(a, name);
    const model::AttributeValue* y = model::find_attribute(b, name);
    if (x ? !y || !(*x == *y) : y != nullptr) return false;
  }
  return true;
}

}  // namespace minnow::engine
