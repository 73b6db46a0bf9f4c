// Which state of a table a read sees (issue 36's eventual consistency; docs/production-physics.md).
//
// A strongly consistent read (ConsistentRead true; transactions and conditions, which never come
// here) sees the latest state. An eventually consistent one (ConsistentRead false or absent, every
// GSI read, PartiQL without ConsistentRead) sees the latest too unless its table lags
// (--consistency-lag, or per table: POST /_minnow/consistency): then a state up to the lag ago,
// as the database's StaleReads picks (engine/stale_reads.h).
#pragma once

#include "engine/table.h"
#include "requests/context.h"

namespace minnow::requests {

engine::ReadPoint read_point(const Context& context, const engine::Table& table, bool consistent_read);

// The newest instant whose stream records GetRecords may read: under a lag, a record is readable
// once it is as old as the lag of its table (the server's, once the table is gone).
int64_t stream_visible_until(const Context& context, const engine::Stream& stream);

}  // namespace minnow::requests
