// --capacity-model's admission and charge (engine/throughput_buckets.h, docs/production-physics.md):
// before a request reads or writes a provisioned table, the bucket it draws on must hold its
// smallest charge, or it is refused with ProvisionedThroughputExceededException and its
// ThrottlingReasons, as DynamoDB refuses it; after, what it consumed is charged. A table's reads
// and writes, and those of its local secondary indexes, draw on the table's throughput; a read of
// a global secondary index on the index's, and a write's index part on each index's. Nothing
// happens when the model is off or the table is on demand.
#pragma once

#include <string>

#include "engine/table.h"
#include "requests/capacity.h"
#include "requests/context.h"

namespace minnow::requests {

// Whether the request is metered: the model is on and the table provisioned.
bool metered(const Context& context, const engine::Table& table);

// Throws when the read's bucket (the table's, or global index `global_index`'s when not null)
// cannot take the smallest read: 1 unit, 0.5 when eventually consistent.
void admit_read(const Context& context, const engine::Table& table, const std::string* global_index, bool consistent);
// Throws when the table's write bucket cannot take one unit.
void admit_write(const Context& context, const engine::Table& table);

// Charges what a request consumed: the table's part and its local indexes' to the table, each
// global index's part to that index.
void charge(const Context& context, const engine::Table& table, engine::ThroughputKind kind,
            const CapacityBreakdown& consumed);

}  // namespace minnow::requests
