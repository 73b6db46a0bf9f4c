// DynamoDB's limits, one named constant each.
#pragma once

#include <cstddef>

namespace minnow::model {

// An attribute name's bytes, anywhere (items, keys, AttributesToGet, AttributeUpdates,
// ExpressionAttributeNames' values).
inline constexpr std::size_t kMaxAttributeNameBytes = 65535;
inline constexpr std::size_t kMaxItemBytes = 400 * 1024;
inline constexpr std::size_t kMaxTransactionItems = 100;
inline constexpr std::size_t kMaxTransactionPayloadBytes = 4 * 1024 * 1024;  // the items' sizes, summed
inline constexpr std::size_t kMaxPartitionKeyBytes = 2048;
inline constexpr std::size_t kMaxSortKeyBytes = 1024;
inline constexpr std::size_t kMinTableNameLength = 3;
inline constexpr std::size_t kMaxTableNameLength = 255;
inline constexpr std::size_t kMaxListTablesLimit = 100;
inline constexpr std::size_t kMaxLocalSecondaryIndexes = 5;
inline constexpr std::size_t kMaxGlobalSecondaryIndexes = 20;
inline constexpr std::size_t kMaxProjectedNonKeyAttributes = 100;
// Vector indexes. AWS's DynamoDB documentation gives no figures for these three; Minnow takes
// Amazon S3 Vectors' documented limits for dimensions (1 to 4096) and TopK (at most 100), and
// the GSI limit for the number of vector indexes per table. Each is one edit here.
inline constexpr std::size_t kMaxVectorDimensions = 4096;
inline constexpr std::size_t kMaxVectorTopK = 100;
inline constexpr std::size_t kMaxVectorIndexes = 20;
// Arrays and objects nested in a request. The deepest valid request, a BatchWriteItem whose item
// holds attribute values nested 32 levels (kMaxAttributeNesting), has 70; DynamoDB reads far
// deeper requests and answers them with its semantic error (kNestingTooDeep: an item of 50 nested
// maps, PartiQL parameters 100 maps deep, about 200 levels), so this bound is well above that.
// Deeper JSON is refused while parsing, so that no walk over a request recurses further.
inline constexpr std::size_t kMaxJsonDepth = 1000;
// Attribute values nested in lists and maps: a value at this depth (the top one is 1) may not
// itself be a list or a map.
inline constexpr std::size_t kMaxAttributeNesting = 32;
inline constexpr std::size_t kWriteUnitBytes = 1024;
// VectorSearchRequestBytes are multiples of this, VectorWriteRequestBytes at least this (requests/capacity.h).
inline constexpr std::size_t kVectorRequestBytesUnit = 1024;
inline constexpr std::size_t kReadUnitBytes = 4096;

}  // namespace minnow::model
