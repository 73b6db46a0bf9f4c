#include "api/capacity.h"

#include "engine/table.h"

namespace minnow::api {

ReturnConsumedCapacity return_consumed_capacity(const JsonValue* v) {
  if (!v) return ReturnConsumedCapacity::None;
  std::string_view s = view(*v);
  if (s == "TOTAL") return ReturnConsumedCapacity::Total;
  if (s == "INDEXES") return ReturnConsumedCapacity::Indexes;
  return ReturnConsumedCapacity::None;
}

ReturnConsumedCapacity return_consumed_capacity(const JsonValue& request) {
  return return_consumed_capacity(member(request, "ReturnConsumedCapacity"));
}

void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units) {
  write_consumed_capacity(w, mode, table_name, requests::table_capacity(units));
}

void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                             const CapacityBreakdown& units) {
  if (mode == ReturnConsumedCapacity::None) return;
  w.Key("ConsumedCapacity");
  write_capacity_entry(w, mode, table_name, units);
}

void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const TableCharges& charges) {
  if (mode == ReturnConsumedCapacity::None) return;
  w.Key("ConsumedCapacity");
  w.StartArray();
  for (const auto& [table, units] : charges.entries()) write_capacity_entry(w, mode, table->name(), units);
  w.EndArray();
}

void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units) {
  write_capacity_entry(w, mode, table_name, requests::table_capacity(units));
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
  // Only under INDEXES, as DynamoDB reports them (AWS's reference documents the member for both).
  if (mode == ReturnConsumedCapacity::Indexes && !units.vector_indexes.empty()) {
    w.Key("VectorIndexes");
    w.StartObject();
    for (const auto& [name, bytes] : units.vector_indexes) {
      w.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
      w.StartObject();
      w.Key("VectorWriteRequestBytes");
      w.Uint64(bytes);
      w.EndObject();
    }
    w.EndObject();
  }
  w.EndObject();
}

}  // namespace minnow::api
