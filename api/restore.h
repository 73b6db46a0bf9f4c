// Restoring a table (RestoreTableFromBackup, RestoreTableToPointInTime): a new table made of a
// source table's definition and items at one instant, with the overrides AWS documents.
//
// The new table keeps the source's key schema, attribute definitions (those its keys and kept
// indexes use), indexes, billing mode and throughput, encryption and table class. As AWS
// documents, it does not get the source's tags, stream, Time to Live, point-in-time recovery,
// resource policy, auto scaling, contributor insights, Kinesis destinations or deletion
// protection. Overrides: BillingModeOverride, ProvisionedThroughputOverride,
// OnDemandThroughputOverride, SSESpecificationOverride, and Global/Local/VectorIndexOverride:
// the indexes to keep, each of which must match one of the source's (name, key schema and
// projection; a GSI's throughput may be given anew).
//
// The answer shows the table CREATING with RestoreSummary.RestoreInProgress; with
// -delayTransientStatuses DescribeTable shows that for kTransientPhaseMs, then ACTIVE. The items
// are in the table before it is visible at all.
#pragma once

#include "api/action.h"
#include "engine/table.h"

namespace minnow::api {

// The override members both restores declare, a fragment of a Shape's JSON (AWS's API model).
extern const char* const kRestoreOverridesShape;

// Creates TargetTableName from `source` and `items` as above and answers {TableDescription}.
// TableAlreadyExistsException when the name is taken.
void restore_table(const ActionContext& context, const JsonValue& request, engine::TableDefinition source,
                   const engine::StoredItems& items, engine::RestoreSummary summary, JsonWriter& out);

}  // namespace minnow::api
