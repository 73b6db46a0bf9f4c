// ConsumedCapacity: DynamoDB's capacity arithmetic and its response shape.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "api/json.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"

namespace minnow::api {

enum class ReturnConsumedCapacity { None, Total, Indexes };

ReturnConsumedCapacity return_consumed_capacity(const JsonValue& request);

// Units for a write of an item of `bytes` (1 per KB, rounded up; at least 1).
double write_units(std::size_t bytes);
// Units for a read of `bytes` (1 per 4 KB, rounded up; at least 1), halved when eventually
// consistent.
double read_units(std::size_t bytes, bool consistent);

// Writes one ConsumedCapacity object {TableName, CapacityUnits[, Table]} (batch responses list
// one per table).
void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units);

// Writes "ConsumedCapacity": {...} when asked for.
void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name, double units);

// Units charged to a table and to its indexes; CapacityUnits is their sum. With INDEXES the
// response shows each part: Table, then LocalSecondaryIndexes and GlobalSecondaryIndexes by name.
struct CapacityBreakdown {
  double table = 0;
  std::vector<std::pair<std::string, double>> local_indexes;
  std::vector<std::pair<std::string, double>> global_indexes;
};
void write_consumed_capacity(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                             const CapacityBreakdown& units);
void write_capacity_entry(JsonWriter& w, ReturnConsumedCapacity mode, const std::string& table_name,
                          const CapacityBreakdown& units);

// The secondary indexes a write touches (the old or the new item has the index's key), for the
// index parts of its ConsumedCapacity: each such index costs what the table write costs
// (DynamoDB Local's rule).
class IndexWriteCharges {
 public:
  void load(const engine::TableDefinition& definition);
  void note(const model::Item& item);
  CapacityBreakdown breakdown(double table_units) const;

 private:
  struct IndexKey {
    std::string name;
    bool global = false;
    std::vector<std::string> attributes;
  };
  std::vector<IndexKey> index_keys_;
  std::vector<bool> touched_;
};

}  // namespace minnow::api
