#include "requests/capacity.h"

#include <algorithm>

#include "model/limits.h"

namespace minnow::requests {

namespace {
double units_of(std::size_t bytes, std::size_t unit) {
  std::size_t n = (bytes + unit - 1) / unit;
  return static_cast<double>(n == 0 ? 1 : n);
}
}  // namespace

double write_units(std::size_t bytes) { return units_of(bytes, model::kWriteUnitBytes); }

double read_units(std::size_t bytes, bool consistent) {
  double units = units_of(bytes, model::kReadUnitBytes);
  return consistent ? units : units / 2;
}

double page_read_units(std::size_t bytes, bool consistent) { return read_units(bytes, consistent); }

uint64_t vector_request_bytes(std::size_t vectors, std::size_t dimensions) {
  const uint64_t bytes = static_cast<uint64_t>(vectors) * dimensions * sizeof(float);
  const uint64_t units = (bytes + model::kVectorRequestBytesUnit - 1) / model::kVectorRequestBytesUnit;
  return (units == 0 ? 1 : units) * model::kVectorRequestBytesUnit;
}

void CapacityBreakdown::add(const CapacityBreakdown& other) {
  table += other.table;
  auto merge = [](auto& into, const auto& from) {
    for (const auto& [name, units] : from) {
      // &n = name: clang 14 (the fuzz build) cannot capture a structured binding itself.
      auto it = std::find_if(into.begin(), into.end(), [&n = name](const auto& p) { return p.first == n; });
      if (it == into.end()) {
        into.emplace_back(name, units);
      } else {
        it->second += units;
      }
    }
  };
  merge(local_indexes, other.local_indexes);
  merge(global_indexes, other.global_indexes);
  merge(vector_indexes, other.vector_indexes);
}

void TableCharges::add(const engine::Table* table, const CapacityBreakdown& units) {
  auto it = std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == table; });
  if (it == entries_.end()) it = entries_.insert(entries_.end(), {table, CapacityBreakdown{}});
  it->second.add(units);
}

CapacityBreakdown transactional_write(const CapacityBreakdown& write) {
  CapacityBreakdown units = write;
  units.table *= 2;
  for (auto* parts : {&units.local_indexes, &units.global_indexes})
    for (auto& [name, part] : *parts) part *= 2;
  return units;
}

void VectorWriteCharges::load(const engine::TableDefinition& definition) {
  definitions_ = definition.vector_indexes;
  for (const auto& index : definition.vector_indexes)
    indexes_.push_back({index, engine::EntryAttributes(definition.key_schema, index, definition.vector_indexes), 0});
}

void VectorWriteCharges::start_write() {
  for (Index& index : indexes_) index.bytes = 0;
  old_billing_ = new_billing_ = 0;
}

bool VectorWriteCharges::in_index(const engine::VectorIndexDefinition& index, const model::Item& item) {
  if (!item.count(index.vector_attribute)) return false;
  for (const auto& e : index.search_schema)
    if (e.is_hash && !item.count(e.attribute_name)) return false;
  return true;
}

void VectorWriteCharges::note(const model::Item* old, const model::Item* written) {
  if (definitions_.empty()) return;
  old_billing_ = old ? engine::vector_billing_adjustment(definitions_, *old) : 0;
  new_billing_ = written ? engine::vector_billing_adjustment(definitions_, *written) : 0;
  for (Index& index : indexes_) {
    const bool was_in = old && in_index(index.definition, *old);
    const bool is_in = written && in_index(index.definition, *written);
    if (!was_in && !is_in) continue;
    if (was_in && is_in && index.entry.same_entry(*old, *written)) continue;
    const std::size_t entry = std::max(was_in ? index.entry.size(*old) : 0, is_in ? index.entry.size(*written) : 0);
    index.bytes += std::max(entry, model::kVectorRequestBytesUnit);
  }
}

void VectorWriteCharges::add_to(CapacityBreakdown& units) const {
  CapacityBreakdown vectors;
  for (const Index& index : indexes_)
    if (index.bytes) vectors.vector_indexes.emplace_back(index.definition.name, index.bytes);
  units.add(vectors);
}

double VectorWriteCharges::write_units(std::size_t old_size, std::size_t new_size) const {
  auto billed = [](std::size_t size, int64_t adjustment) {
    return size ? static_cast<std::size_t>(std::max<int64_t>(static_cast<int64_t>(size) + adjustment, 0)) : 0;
  };
  return requests::write_units(std::max(billed(old_size, old_billing_), billed(new_size, new_billing_)));
}

void IndexWriteCharges::load(const engine::TableDefinition& definition) {
  for (const auto* list : {&definition.local_indexes, &definition.global_indexes}) {
    for (const auto& index : *list) {
      IndexKey k{index.name, list == &definition.global_indexes, {}, {}};
      for (const auto& e : index.key_schema) {
        k.attributes.push_back(e.attribute_name);
        if (e.is_hash) k.partition_attributes.push_back(e.attribute_name);
      }
      index_keys_.push_back(std::move(k));
    }
  }
  touched_.assign(index_keys_.size(), false);
  partitions_.resize(index_keys_.size());
  vectors_.load(definition);
}

void IndexWriteCharges::start_write() {
  touched_.assign(index_keys_.size(), false);
  vectors_.start_write();
}

void IndexWriteCharges::note(const model::Item* old, const model::Item* written) {
  if (old) note(*old);
  if (written) note(*written);
  vectors_.note(old, written);
}

void IndexWriteCharges::note(const model::Item& item) {
  for (std::size_t i = 0; i < index_keys_.size(); ++i) {
    const IndexKey& k = index_keys_[i];
    bool has_key = true;
    for (const auto& a : k.attributes) has_key = has_key && item.count(a);
    if (!has_key) continue;
    touched_[i] = true;
    if (!k.global) continue;
    if (k.partition_attributes.size() == 1) {
      partitions_[i] = item.at(k.partition_attributes.front());
    } else {
      model::AttributeList values;
      for (const auto& a : k.partition_attributes) values.push_back(item.at(a));
      partitions_[i] = model::AttributeValue(std::move(values));
    }
  }
}

CapacityBreakdown IndexWriteCharges::breakdown(std::size_t old_size, std::size_t new_size) const {
  const double table_units = vectors_.write_units(old_size, new_size);
  CapacityBreakdown units;
  units.table = table_units;
  for (std::size_t i = 0; i < index_keys_.size(); ++i) {
    if (!touched_[i]) continue;
    (index_keys_[i].global ? units.global_indexes : units.local_indexes).emplace_back(index_keys_[i].name, table_units);
  }
  vectors_.add_to(units);
  return units;
}

std::vector<IndexWriteCharges::TouchedIndex> IndexWriteCharges::touched_global_indexes() const {
  std::vector<TouchedIndex> touched;
  for (std::size_t i = 0; i < index_keys_.size(); ++i)
    if (touched_[i] && index_keys_[i].global) touched.push_back({&index_keys_[i].name, &partitions_[i]});
  return touched;
}

}  // namespace minnow::requests
