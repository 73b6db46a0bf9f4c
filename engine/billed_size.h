// The sizes DynamoDB bills, where they differ from an item's stored size (model::item_size):
//
// - A vector attribute (the VectorAttribute of one of the table's vector indexes, holding a
//   vector of its dimensions) is billed as its name plus 4 bytes per dimension, whatever
//   numbers it holds: write units and TableSizeBytes count it so, while reads and the 400 KB
//   item limit count its stored numbers (issue 34, group 9 item 4).
// - An index entry is the attributes the index projects: the table's key, the index's own key
//   attributes, and every other attribute (ALL) or the listed ones (INCLUDE). A read of an index
//   and IndexSizeBytes count the entry, not the whole item (group 11 item 3); a vector index's
//   VectorWriteRequestBytes count its entry with vector attributes billed as above (group 9
//   item 2). A secondary index's entries count vector attributes as stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "model/attribute_value.h"

namespace minnow::engine {

// What `item` is billed beyond (or below) its stored size for the vector attributes of
// `indexes` it holds: for each such attribute, 4 bytes per dimension less its value's size.
int64_t vector_billing_adjustment(const std::vector<VectorIndexDefinition>& indexes, const model::Item& item);

// The attributes an index entry holds, and their size.
class EntryAttributes {
 public:
  EntryAttributes() = default;
  EntryAttributes(const model::KeySchema& table_key, const IndexDefinition& index);
  // `billed`: the table's vector indexes, whose vector attributes the entry bills as above.
  EntryAttributes(const model::KeySchema& table_key, const VectorIndexDefinition& index,
                  const std::vector<VectorIndexDefinition>& billed);

  bool holds(const std::string& name) const;
  // The entry's size: DynamoDB's item size of the attributes of `item` it holds, vector
  // attributes billed as given.
  std::size_t size(const model::Item& item) const;
  // The same for a secondary index (no vector billing), of an item given as the attributes the
  // entry reads (names(), at least) and its DynamoDB size.
  std::size_t size(const model::AttributeMap& attributes, std::size_t item_size) const;
  // The attributes whose values the entry's size reads (under ALL: the keys; the size is the item's).
  const std::vector<std::string>& names() const { return names_; }
  // Whether `a` and `b` make the same entry.
  bool same_entry(const model::Item& a, const model::Item& b) const;

 private:
  void add(const std::string& name);

  bool all_ = false;
  std::vector<std::string> names_;          // the held attributes (under ALL: the keys only)
  std::vector<VectorIndexDefinition> billed_;  // the vector indexes whose attributes it bills
};

}  // namespace minnow::engine
