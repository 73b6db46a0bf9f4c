// Time to live: deletes the items whose TTL attribute is a Number of epoch seconds in the past
// (but not more than five years in the past), through the normal delete path, so indexes and
// streams see each deletion as DynamoDB's TTL service makes it (a REMOVE record marked by_ttl).
// Expired items not yet swept stay readable, as in DynamoDB.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "model/attribute_value.h"

namespace minnow::engine {

class Database;
class Table;

// Items whose TTL is further in the past than this are never deleted (DynamoDB's rule).
inline constexpr int64_t kTtlMaxAgeSeconds = 5LL * 365 * 86400;

// Whether `item` has expired at `now_ms`: its `attribute` is a Number of epoch seconds below the
// current time, and not more than kTtlMaxAgeSeconds below it.
bool is_expired(const model::Item& item, const std::string& attribute, int64_t now_ms);

// Deletes the expired items of one table (none when its TTL is disabled); returns how many.
std::size_t sweep_table(Table& table, int64_t now_ms);

// Sweeps every table with TTL enabled at time `now_ms`; returns the number of items deleted.
std::size_t sweep_expired(Database& database, int64_t now_ms);

}  // namespace minnow::engine
