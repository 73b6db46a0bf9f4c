// Time to live: deletes the items whose TTL attribute is a Number of epoch seconds in the past
// (but not more than five years in the past), through the normal delete path, so indexes and
// streams see each deletion as DynamoDB's TTL service makes it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace minnow::engine {

class Database;

// Sweeps every table with TTL enabled at time `now_ms`; returns the number of items deleted.
std::size_t sweep_expired(Database& database, int64_t now_ms);

}  // namespace minnow::engine
