// A table's vector index: its items' vectors as packed float32 in a vector::Store, kept exact by
// Table on every write, in the same critical section as the secondary indexes (engine/table.h).
//
// An item is in the index when it has the vector attribute and, when the search schema has a
// HASH element, that attribute (sparse, as GSIs). AWS documents that a write is rejected with a
// ValidationException when the vector attribute is not a list of numbers with the index's
// dimension count, when an element does not fit in float32, or when a search schema attribute
// does not have its defined type: check_item() reports those (api/ words them from model/vector_errors.h), and an
// empty S or B HASH value as for a GSI key. An INLINE_FILTER attribute may be absent: the item
// is indexed and matches no filter on it.
//
// Each element is the item's decimal number rounded to the nearest double, then to float32
// (what a client computing in doubles gets, e.g. JavaScript's Math.fround(Number(text))); an
// element beyond float32's range (after rounding) is rejected, one below its smallest subnormal
// becomes zero. The item itself keeps its numbers exactly as written (GetItem returns them).
//
// Handles are the stored base items (engine/item_map.h). A write stores a new one, which takes
// over the vector of the one it replaces.
// Ties between equal scores rank by the item's primary key in DynamoDB's key order (partition
// key, then sort key; N numerically, S and B bytewise).
//
// Not thread-safe: Table guards it with its own lock.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/item_map.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"
#include "model/index_key_violation.h"
#include "vector/store.h"

namespace minnow::engine {

// A SearchVectors, as the api decodes and checks it.
struct VectorSearchSpec {
  std::vector<float> vector;  // the index's dimension count, each finite
  std::size_t top_k = 1;
  // The HASH attribute's value; required when the search schema has a HASH element.
  std::optional<model::AttributeValue> hash_value;
  // INLINE_FILTER attribute = value conditions, all of which must hold.
  std::vector<std::pair<std::string, model::AttributeValue>> filters;
  std::size_t threads = 0;  // vector::Store::Query::threads
};

// One element of a vector, the float32 nearest to the double nearest to `n` (see above);
// nullopt beyond float32's range. SearchVector's elements are read the same way.
std::optional<float> vector_element(const model::Number& n);

struct VectorSearchStats {
  std::size_t compared = 0;  // vectors scored
  std::size_t rescored = 0;  // of which scored exactly
};

class VectorIndex {
 public:
  VectorIndex(const VectorIndexDefinition& definition, const std::vector<AttributeDefinition>& attribute_definitions);

  const std::string& name() const { return definition_.name; }

  // Why this index cannot take `item` (see above); nullopt when it can.
  std::optional<model::IndexKeyViolation> check_item(const model::Item& item) const;

  // After a base write of `item` (checked), stored as `entry` in place of `previous` (null: none);
  // `old` is the previous item when known (null: absent or not decoded). Adds, moves or removes
  // the item's vector.
  void put(const StoredItem& entry, const model::Item& item, const model::Item* old, const StoredItem* previous);
  void erase(const StoredItem& entry) { store_.erase(&entry); }

  uint64_t item_count() const { return store_.size(); }
  uint64_t size_bytes() const { return store_.data_bytes(); }

  struct Hit {
    const StoredItem* entry;
    double score;
  };
  // The spec's top_k nearest items, best first. Conditions that cannot hold (a value of another
  // type than the attribute's, an attribute not in the search schema) match nothing.
  std::vector<Hit> search(const VectorSearchSpec& spec, VectorSearchStats& stats) const;

 private:
  struct Attribute {
    std::string name;
    model::ValueType type;
  };
  // The element values of a valid vector attribute, as float32; nullopt when the item has none.
  std::optional<std::vector<float>> vector_of(const model::Item& item) const;
  bool same_indexed_values(const model::Item& a, const model::Item& b) const;

  const VectorIndexDefinition definition_;
  std::optional<Attribute> hash_;
  std::vector<Attribute> filters_;  // INLINE_FILTER attributes, in search schema order
  vector::Store store_;
};

}  // namespace minnow::engine
