// Restoring a table (RestoreTableFromBackup, RestoreTableToPointInTime), the front end both
// share: the overrides' members and their decoding into requests/restore.h's typed request, which
// says what a restore keeps and what it does not.
#pragma once

#include <memory>

#include "api/action.h"
#include "engine/table.h"
#include "requests/restore.h"

namespace minnow::api {

// The override members both restores declare, a fragment of a Shape's JSON (AWS's API model).
extern const char* const kRestoreOverridesShape;

// The restore of `source` and `items` the request asks for: TableAlreadyExistsException when
// TargetTableName is taken, then the overrides' ValidationExceptions (requests/restore.h).
requests::RestoreTableRequest decode_restore(const ActionContext& context, const JsonValue& request,
                                             engine::TableDefinition source,
                                             std::shared_ptr<const engine::StoredItems> items,
                                             engine::RestoreSummary summary);

// Executes it and answers {TableDescription} (CREATING); TableAlreadyExistsException when another
// request took the name meanwhile.
void restore_table(const ActionContext& context, requests::RestoreTableRequest request, JsonWriter& out);

}  // namespace minnow::api
