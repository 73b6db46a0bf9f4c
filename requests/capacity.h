// ConsumedCapacity's arithmetic: DynamoDB's units for reads and writes, and what a request asks
// to be told (ReturnConsumedCapacity). The response shape is the front end's (api/capacity.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/table_definition.h"
#include "model/attribute_value.h"

namespace minnow::requests {

enum class ReturnConsumedCapacity : uint8_t { None, Total, Indexes };

// Units for a write of an item of `bytes` (1 per KB, rounded up; at least 1).
double write_units(std::size_t bytes);
// Units for a read of `bytes` (1 per 4 KB, rounded up; at least 1), halved when eventually
// consistent.
double read_units(std::size_t bytes, bool consistent);
// Read units for a Query or Scan page: on the total size of the items read, 1 per 4 KB rounded
// up, halved when eventually consistent; an empty page costs nothing (as DynamoDB Local and
// dynalite answer).
double page_read_units(std::size_t bytes, bool consistent);

// Units charged to a table and to its indexes; CapacityUnits is their sum. With INDEXES the
// response shows each part: Table, then LocalSecondaryIndexes and GlobalSecondaryIndexes by name.
struct CapacityBreakdown {
  double table = 0;
  std::vector<std::pair<std::string, double>> local_indexes;
  std::vector<std::pair<std::string, double>> global_indexes;
};

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

}  // namespace minnow::requests
