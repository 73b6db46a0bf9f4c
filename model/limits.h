// DynamoDB's limits, one named constant each.
#pragma once

#include <cstddef>

namespace minnow::model {

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
inline constexpr std::size_t kMaxJsonDepth = 64;
inline constexpr std::size_t kWriteUnitBytes = 1024;
inline constexpr std::size_t kReadUnitBytes = 4096;

}  // namespace minnow::model
