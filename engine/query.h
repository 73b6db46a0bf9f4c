// Query and Scan: which storage keys they read, and how a page of results is cut.
//
// A Query reads one partition: the items whose storage key starts with
// model::partition_prefix(hash value), narrowed by an optional sort-key condition. Inside a
// partition items are in sort-key order, so every sort-key condition is one contiguous key range
// and a Query is a logarithmic seek followed by the items it reads.
//
// A Scan segment reads the items whose partition hash lies in the segment's part of the 64-bit
// hash space. Storage keys start with the big-endian hash, so a segment is one contiguous key
// range too; the segments of a parallel Scan together cover every item exactly once.
//
// A page stops after Limit items read, or once the items read reach 1 MB (the item crossing the
// limit included). That is DynamoDB Local's measure (the sum of the items' DynamoDB sizes);
// DynamoDB measures its internal storage format, which no client can see.
// LastEvaluatedKey is returned when Limit stopped the page (even at the last item, as DynamoDB
// does), or when the size limit stopped it and another item is in range.
//
// Everything here is pure; Table::query and Table::scan (table.h) apply it under the table lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "model/attribute_value.h"
#include "model/key.h"
#include "model/key_operator.h"

namespace minnow::engine {

inline constexpr std::size_t kMaxPageBytes = 1024 * 1024;
inline constexpr uint32_t kMaxTotalSegments = 1000000;

// A condition on the sort key. Values are of the sort key's type (BEGINS_WITH: S or B); a
// BETWEEN has low <= high. The api validates all of that before it gets here.
struct SortKeyCondition {
  model::KeyOperator op = model::KeyOperator::EQ;
  model::AttributeValue value;  // the operand, or BETWEEN's lower bound
  model::AttributeValue high;   // BETWEEN's upper bound
};

// Whether a sort-key value satisfies the condition (N numerically, S and B bytewise).
bool sort_key_matches(const SortKeyCondition& condition, const model::AttributeValue& value);

struct QuerySpec {
  model::AttributeValue hash_value;
  std::optional<SortKeyCondition> sort;  // none: the whole partition
  bool forward = true;                   // ScanIndexForward
  // A validated primary key; the page starts just after it (before it, backwards) whether or
  // not an item with that key still exists.
  std::optional<model::AttributeMap> exclusive_start_key;
};

struct ScanSpec {
  uint32_t segment = 0;
  uint32_t total_segments = 1;
  std::optional<model::AttributeMap> exclusive_start_key;  // as in QuerySpec
};

struct PageLimits {
  std::size_t max_items = 0;  // DynamoDB's Limit: items read, before any filter; 0: none
  std::size_t max_bytes = kMaxPageBytes;
};

struct PageResult {
  std::size_t scanned_count = 0;  // items read (ScannedCount)
  std::size_t bytes_read = 0;     // the sum of their sizes (what read capacity is charged on)
  std::optional<model::AttributeMap> last_evaluated_key;
};

// The hashes [first, last] of segment `segment` of `total` (1 <= total, segment < total), as
// DynamoDB divides a table: segment s holds the partitions whose hash's top 12 bits p (4096
// buckets) give floor(p * total / 4096) == s; with more segments than buckets some hold none
// (last < first).
inline constexpr uint64_t kSegmentBuckets = 4096;
struct HashRange {
  uint64_t first = 0;
  uint64_t last = 0;
};
HashRange segment_hash_range(uint32_t segment, uint32_t total_segments);
bool in_segment(const model::AttributeValue& hash_value, uint32_t segment, uint32_t total_segments);

// A range of storage keys. `low` empty and inclusive: from the first key; `unbounded_high`: to
// the last.
struct KeyRange {
  std::string low;
  bool low_inclusive = true;
  std::string high;
  bool high_inclusive = false;
  bool unbounded_high = false;

  bool empty() const;
};

// The smallest string greater than every string that starts with `prefix`; nullopt when there
// is none (prefix empty or all 0xFF bytes).
std::optional<std::string> prefix_successor(const std::string& prefix);

// The storage keys a Query or a Scan segment reads, after its exclusive start key.
KeyRange query_range(const QuerySpec& spec, const model::KeySchema& schema);
KeyRange scan_range(const ScanSpec& spec, const model::KeySchema& schema);

}  // namespace minnow::engine
