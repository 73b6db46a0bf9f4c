#include "api/capacity.h"

#include "model/limits.h"

namespace minnow::api {

ReturnConsumedCapacity return_consumed_capacity(const JsonValue& request) {
  const JsonValue* v = member(request, "ReturnConsumedCapacity");
  if (!v) return ReturnConsumedCapacity::None;
  std::string_view s = view(*v);
  if (s == "TOTAL") return ReturnConsumedCapacity::Total;
  if (s == "INDEXES") return ReturnConsumedCapacity::Indexes;
  return ReturnConsumedCapacity::None;
}

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

void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units) {
  write_consumed_capacity(w, mode, table_name, CapacityBreakdown{units, {}, {}});
}

void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                             const CapacityBreakdown& units) {
  if (mode == ReturnConsumedCapacity::None) return;
  w.Key("ConsumedCapacity");
  write_capacity_entry(w, mode, table_name, units);
}

void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units) {
  write_capacity_entry(w, mode, table_name, CapacityBreakdown{units, {}, {}});
}

void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                          const CapacityBreakdown& units) {
  double total = units.table;
  for (const auto* list : {&units.local_indexes, &units.global_indexes})
    for (const auto& [name, u] : *list) total += u;
  w.StartObject();
  w.Key("TableName");
  w.String(table_name.data(), static_cast<rapidjson::SizeType>(table_name.size()));
  w.Key("CapacityUnits");
  w.Double(total);
  if (mode == ReturnConsumedCapacity::Indexes) {
    w.Key("Table");
    w.StartObject();
    w.Key("CapacityUnits");
    w.Double(units.table);
    w.EndObject();
    for (const auto* list : {&units.local_indexes, &units.global_indexes}) {
      if (list->empty()) continue;
      w.Key(list == &units.local_indexes ? "LocalSecondaryIndexes" : "GlobalSecondaryIndexes");
      w.StartObject();
      for (const auto& [name, u] : *list) {
        w.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
        w.StartObject();
        w.Key("CapacityUnits");
        w.Double(u);
        w.EndObject();
      }
      w.EndObject();
    }
  }
  w.EndObject();
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

}  // namespace minnow::api
