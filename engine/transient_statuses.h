// The transient states of -delayTransientStatuses (engine/database.h), computed from the time
// rather than kept up by timers: a CREATING GSI or vector index starts Backfilling, then becomes
// ACTIVE; a DELETING one disappears once its time is over. A GSI's backfill lasts in proportion to
// what it indexes (backfill_ms).
#pragma once

#include <cstdint>

#include "engine/table_definition.h"

namespace minnow::engine {

// Brings the definition's transient states up to `now_ms`. Does nothing to a definition without
// transient states.
void settle_transient_statuses(TableDefinition& definition, int64_t now_ms);

// The write units of one index entry of `entry_bytes`, as a write to the index is charged: one per
// KB, at least one.
uint64_t entry_write_units(uint64_t entry_bytes);

// How long a new GSI takes to backfill: its entries' `write_units` at the rate the index is
// written, `write_units_per_second` (its provisioned write capacity, or an on-demand index's warm
// throughput), as AWS's "Adding a global secondary index" page names the factors (the items that
// qualify, their projected size, the index's write capacity).
int64_t backfill_ms(uint64_t write_units, int64_t write_units_per_second);

// When `index`, just built from the table's items (`write_units` of entries), is ACTIVE: its
// backfill (backfill_ms) starts at backfill_from_ms and ends no sooner than transient_until_ms
// already says. Does nothing to an index that is not CREATING under -delayTransientStatuses.
void time_backfill(IndexDefinition& index, BillingMode billing, uint64_t write_units);

}  // namespace minnow::engine
