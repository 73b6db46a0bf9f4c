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

}  // namespace minnow::api
