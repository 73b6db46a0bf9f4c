// ConsumedCapacity's arithmetic: DynamoDB's units for reads and writes, and what a request asks
// to be told (ReturnConsumedCapacity). The response shape is the front end's (api/capacity.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/billed_size.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"

namespace minnow::engine {
class Table;
}

namespace minnow::requests {

enum class ReturnConsumedCapacity : uint8_t { None, Total, Indexes };

// Units for a write of an item of `bytes` (1 per KB, rounded up; at least 1).
double write_units(std::size_t bytes);
// Units for a read of `bytes` (1 per 4 KB, rounded up; at least 1), halved when eventually
// consistent.
double read_units(std::size_t bytes, bool consistent);
// Read units for a Query or Scan page: on the total size of the items read, 1 per 4 KB rounded
// up, halved when eventually consistent; an empty page costs one unit too, as DynamoDB charges it
// (DynamoDB Local and dynalite charge nothing).
double page_read_units(std::size_t bytes, bool consistent);

// VectorWriteRequestBytes and VectorSearchRequestBytes for `vectors` vectors of `dimensions`
// elements. AWS documents neither formula; Minnow charges their float32 bytes (Dimensions x 4
// each), rounded up to a multiple of 1 KB, at least 1 KB (AWS's example answers 1024 for a search
// of a small index).
uint64_t vector_request_bytes(std::size_t vectors, std::size_t dimensions);

// Units charged to a table and to its indexes; CapacityUnits is their sum. With INDEXES the
// response shows each part: Table, then LocalSecondaryIndexes and GlobalSecondaryIndexes by name.
// A write to a table with vector indexes also reports VectorWriteRequestBytes per vector index it
// changed (with TOTAL and INDEXES: AWS documents it for every ConsumedCapacity of such a write).
struct CapacityBreakdown {
  double table = 0;
  std::vector<std::pair<std::string, double>> local_indexes;
  std::vector<std::pair<std::string, double>> global_indexes;
  std::vector<std::pair<std::string, uint64_t>> vector_indexes;  // VectorWriteRequestBytes

  // Adds `other`'s parts to these (an index already listed adds up).
  void add(const CapacityBreakdown& other);
};

// Units charged to the table alone.
inline CapacityBreakdown table_capacity(double units) {
  CapacityBreakdown c;
  c.table = units;
  return c;
}

// The ConsumedCapacity of a request over several tables (batches, transactions): one entry per
// table, in the order the request first uses it.
class TableCharges {
 public:
  void add(const engine::Table* table, const CapacityBreakdown& units);
  bool empty() const { return entries_.empty(); }
  const std::vector<std::pair<const engine::Table*, CapacityBreakdown>>& entries() const { return entries_; }

 private:
  std::vector<std::pair<const engine::Table*, CapacityBreakdown>> entries_;
};

// A transactional write's charge: twice the units of the write, the table's and each index's
// (DynamoDB's rule for TransactWriteItems and ExecuteTransaction); its VectorWriteRequestBytes once.
CapacityBreakdown transactional_write(const CapacityBreakdown& write);

// The vector indexes writes change, and the VectorWriteRequestBytes each is charged: AWS reports
// them "for write operations that modify attributes indexed by a vector index". An index is
// changed when the old or the new item is in it (engine/vector_index.h) and the entry it holds
// for the item changes: its vector, a search schema attribute, or any attribute it projects
// (under ALL, any attribute). Such a write is charged the size of the larger of the old and new
// entries, the vector billed as its name plus 4 bytes per dimension (engine/billed_size.h), at
// least 1 KB (issue 34, group 9 items 2 and 3: DynamoDB's observed answers). A write that leaves
// the entry as it was, or of an item the index does not hold before or after, is not charged.
//
// The table's write units count each vector attribute the same way (group 9 item 4):
// write_units() gives them for the write noted last.
class VectorWriteCharges {
 public:
  void load(const engine::TableDefinition& definition);
  bool empty() const { return indexes_.empty(); }
  // Forgets the writes noted so far (one charge per write of a batch).
  void start_write();
  // One write that stores or deletes (not one that keeps the item, as a ConditionCheck): `old` the
  // stored item (null: none), `written` the item stored (null: deleted).
  void note(const model::Item* old, const model::Item* written);
  // Adds the changed indexes' bytes to `units` (in the table's order of its vector indexes).
  void add_to(CapacityBreakdown& units) const;
  // The table's write units for the write noted last, of items of these stored sizes (0: none).
  double write_units(std::size_t old_size, std::size_t new_size) const;

 private:
  struct Index {
    engine::VectorIndexDefinition definition;
    engine::EntryAttributes entry;
    uint64_t bytes = 0;
  };
  static bool in_index(const engine::VectorIndexDefinition& index, const model::Item& item);
  std::vector<engine::VectorIndexDefinition> definitions_;
  std::vector<Index> indexes_;
  int64_t old_billing_ = 0;  // engine::vector_billing_adjustment of the last write's items
  int64_t new_billing_ = 0;
};

// The secondary indexes a write touches (the old or the new item has the index's key), for the
// index parts of its ConsumedCapacity: each such index costs what the table write costs
// (DynamoDB Local's rule).
class IndexWriteCharges {
 public:
  void load(const engine::TableDefinition& definition);
  // Before each write of a batch: forgets the indexes the last one touched.
  void start_write();
  // One write, as VectorWriteCharges::note.
  void note(const model::Item* old, const model::Item* written);
  // Whether note() reads the items (the table has an index): a put's item need not be decoded
  // for it otherwise.
  bool reads_items() const { return !index_keys_.empty() || !vectors_.empty(); }
  // The write's charge, the table's part for items of these stored sizes (0: none) with vector
  // attributes billed as VectorWriteCharges bills them.
  CapacityBreakdown breakdown(std::size_t old_size, std::size_t new_size) const;
  // A global index the write noted last touches, and the partition key value of the item it
  // writes there (the new item's, or the old one's when it leaves the index): the value itself,
  // or a list of the values of a multi-attribute partition key.
  struct TouchedIndex {
    const std::string* name;
    const model::AttributeValue* partition;
  };
  // In the table's order.
  std::vector<TouchedIndex> touched_global_indexes() const;

 private:
  void note(const model::Item& item);

  struct IndexKey {
    std::string name;
    bool global = false;
    std::vector<std::string> attributes;
    std::vector<std::string> partition_attributes;
  };
  std::vector<IndexKey> index_keys_;
  std::vector<bool> touched_;
  std::vector<model::AttributeValue> partitions_;  // by index_keys_, for those touched
  VectorWriteCharges vectors_;
};

}  // namespace minnow::requests
