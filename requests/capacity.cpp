#include "requests/capacity.h"

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

double page_read_units(std::size_t bytes, bool consistent) {
  if (bytes == 0) return 0;
  double units = static_cast<double>((bytes + model::kReadUnitBytes - 1) / model::kReadUnitBytes);
  return consistent ? units : units / 2;
}

void IndexWriteCharges::load(const engine::TableDefinition& definition) {
  for (const auto* list : {&definition.local_indexes, &definition.global_indexes}) {
    for (const auto& index : *list) {
      IndexKey k{index.name, list == &definition.global_indexes, {}};
      for (const auto& e : index.key_schema) k.attributes.push_back(e.attribute_name);
      index_keys_.push_back(std::move(k));
    }
  }
  touched_.assign(index_keys_.size(), false);
}

void IndexWriteCharges::note(const model::Item& item) {
  for (std::size_t i = 0; i < index_keys_.size(); ++i) {
    bool has_key = true;
    for (const auto& a : index_keys_[i].attributes) has_key = has_key && item.count(a);
    if (has_key) touched_[i] = true;
  }
}

CapacityBreakdown IndexWriteCharges::breakdown(double table_units) const {
  CapacityBreakdown units;
  units.table = table_units;
  for (std::size_t i = 0; i < index_keys_.size(); ++i) {
    if (!touched_[i]) continue;
    (index_keys_[i].global ? units.global_indexes : units.local_indexes).emplace_back(index_keys_[i].name, table_units);
  }
  return units;
}

}  // namespace minnow::requests
