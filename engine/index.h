// A secondary index (LSI or GSI): index key -> the base item, kept exact by Table on every
// write under the table's exclusive lock (engine/table.h), so it never drifts from the table.
//
// An index key is 1-4 partition ("HASH") attributes and 0-4 sort ("RANGE") attributes (a GSI
// with several of either is DynamoDB's multi-attribute key; an LSI has the table's partition
// key and one sort key). An item is in the index only when it has every index key attribute
// (sparse indexes).
//
// Entries are ordered like a table's items, so the same page and segment rules apply:
//   entry key := big-endian hash64(partition bytes) len32(partition bytes) partition bytes
//                sort bytes base-storage-key
// where partition bytes are the single partition value's key bytes (model::key_value_bytes), or
// for several the concatenation of their self-delimiting forms, and sort bytes are the
// self-delimiting forms of the sort values (S and B: 0x00 escaped as 0x00 0xFF, ended by
// 0x00 0x01; N: Number::sortable_bytes, which ends itself). Self-delimiting forms keep memcmp
// order value by value, so equality on the leading sort attributes and a condition on the next
// one are each one contiguous range of entries. The base storage key at the end makes entries
// unique and orders items with equal index keys by their table key.
//
// An entry's size is the size of the attributes the index projects (engine/billed_size.h), as
// DynamoDB charges a read of the index and counts IndexSizeBytes (DynamoDB Local counts whole
// items); projecting what a read returns is the api's job.
//
// Not thread-safe: Table guards it with its own lock.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/billed_size.h"
#include "engine/item_map.h"
#include "engine/query.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"
#include "model/index_key_violation.h"
#include "model/key.h"

namespace minnow::engine {

struct IndexKeySchema {
  std::vector<model::KeyAttribute> hash;   // 1-4, in KeySchema order
  std::vector<model::KeyAttribute> range;  // 0-4, in KeySchema order
};

// An attribute a secondary index keys on, typed, with the index's name.
struct IndexKeyAttribute {
  model::KeyAttribute attribute;
  std::string index;
};

// An empty S or B value, which no index key may have.
using model::is_empty_scalar;

// The key schema of `index`, typed from the table's attribute definitions.
IndexKeySchema index_key_schema(const IndexDefinition& index, const std::vector<AttributeDefinition>& definitions);

// A Query on an index: every partition attribute equal; equality on the first sort attributes,
// then optionally a condition on the next one. The api checks all of that (and the types)
// before it gets here.
struct IndexQuerySpec {
  std::vector<model::AttributeValue> hash_values;  // one per partition attribute, in order
  std::vector<model::AttributeValue> range_equal;  // the leading sort attributes, in order
  std::optional<SortKeyCondition> sort;            // on sort attribute range_equal.size()
  bool forward = true;
  // Index key and table key attributes of the last item of the previous page; the page starts
  // just after it (before it, backwards).
  std::optional<model::AttributeMap> exclusive_start_key;
};

// One entry of a secondary index: its key, the base item and the entry's size (IndexSizeBytes
// and read units). Immutable and shared by the copies of an index, as a StoredItem is by the
// copies of a table's items.
class IndexEntry {
 public:
  static Shared<const IndexEntry> make(std::string_view key, const StoredItem* item, uint32_t size);

  std::string_view key() const { return {reinterpret_cast<const char*>(this + 1), key_size_}; }
  // Every write of the base item replaces its entry, so the item outlives the entry.
  const StoredItem* item() const { return item_; }
  uint32_t size() const { return size_; }

  void retain() const noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() const noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) destroy();
  }

 private:
  IndexEntry(const StoredItem* item, uint32_t key_size, uint32_t size) : item_(item), key_size_(key_size), size_(size) {}
  void destroy() const noexcept;

  const StoredItem* const item_;
  mutable std::atomic<uint32_t> refs_{1};
  const uint32_t key_size_;
  const uint32_t size_;
};

class SecondaryIndex {
 public:
  using Entries = SharedTree<IndexEntry>;

  SecondaryIndex(const IndexDefinition& definition, const std::vector<AttributeDefinition>& attribute_definitions,
                 const model::KeySchema& table_schema, bool local);

  const std::string& name() const { return name_; }
  bool local() const { return local_; }
  const IndexKeySchema& key_schema() const { return key_; }

  // Why `item` cannot be in this index: an index key attribute of the wrong type, or an empty S
  // or B index key value; nullopt when it can.
  std::optional<model::IndexKeyViolation> check_item(const model::Item& item) const;

  // An entry's key is its index key (index_key), then the table part (table_part).
  // The index key of `item`, or nullopt when the item lacks an index key attribute (or has one of
  // the wrong type: check_item rejects those before a write).
  std::optional<std::string> index_key(const model::Item& item) const;
  // After it, for the item stored under `base_key`: the 24-bit digest of its table key (DynamoDB's
  // order of equal index keys), then `base_key`. The same for every version of the item.
  std::string table_part(const model::AttributeMap& item, const std::string& base_key) const;
  // The entry key of a key given as attributes (an ExclusiveStartKey: index and table keys).
  std::string entry_key_of_attributes(const model::AttributeMap& attributes) const;

  // The attributes of an item that check_item and update read: the table's and the index's key
  // attributes and the projected ones.
  const std::vector<std::string>& read_attributes() const { return entry_attributes_.names(); }
  // Replaces the item's entry (old_item/new_item null: absent) after a base write; the new item
  // is stored as `new_position`. The items may be given as their read_attributes() only.
  void update(const std::string& base_key, const model::AttributeMap* old_item, const model::AttributeMap* new_item,
              const StoredItem* new_position);
  void clear();

  uint64_t item_count() const { return entries_.size(); }
  uint64_t size_bytes() const { return size_bytes_; }

  // The index key and table key attributes of an item in the index (a LastEvaluatedKey).
  model::AttributeMap page_key(const model::Item& item) const;

  KeyRange query_range(const IndexQuerySpec& spec) const;
  KeyRange scan_range(const ScanSpec& spec) const;

  const Entries& entries() const { return entries_; }

 private:
  std::string partition_prefix(const std::vector<const model::AttributeValue*>& values) const;

  std::string name_;
  bool local_;
  IndexKeySchema key_;
  model::KeySchema table_schema_;
  EntryAttributes entry_attributes_;
  Entries entries_;  // copied in O(1) (engine/shared_tree.h)
  uint64_t size_bytes_ = 0;
};

}  // namespace minnow::engine
