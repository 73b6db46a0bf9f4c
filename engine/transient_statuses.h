// The transient states of -delayTransientStatuses (engine/database.h), computed from the time
// rather than kept up by timers: a CREATING GSI or vector index starts Backfilling, then becomes
// ACTIVE; a DELETING one disappears once its time is over.
#pragma once

#include <cstdint>

#include "engine/table_definition.h"

namespace minnow::engine {

// Brings the definition's transient states up to `now_ms`. Does nothing to a definition without
// transient states.
void settle_transient_statuses(TableDefinition& definition, int64_t now_ms);

}  // namespace minnow::engine
