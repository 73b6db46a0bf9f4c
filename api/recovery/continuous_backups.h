// Point-in-time recovery: UpdateContinuousBackups, DescribeContinuousBackups and
// RestoreTableToPointInTime.
//
// While recovery is enabled the table keeps a change log (engine/recovery_log.h) from which any
// instant since it was enabled, within the recovery period (1 to 35 days, 35 by default), can
// be rebuilt exactly: RestoreTableToPointInTime makes a new table of the items as they were at
// that millisecond. EarliestRestorableDateTime is the later of the time recovery was enabled and
// now minus the period (later still if the log outgrew its memory bound);
// LatestRestorableDateTime is now (AWS: typically five minutes ago; Minnow's log is exact up to
// the last commit). Disabling recovery forgets the log. Deleting a table with recovery enabled
// leaves a SYSTEM backup of it, kept 35 days (api/backups/backups.h).
//
// No reference emulator has continuous backups: shapes and behaviour follow AWS's API reference
// (../shared/reference/aws-api/); the messages are model/control_errors.h's.
#pragma once

#include "api/action.h"
#include "requests/recovery.h"

namespace minnow::api::recovery {

// "ContinuousBackupsDescription": {...}.
void write_continuous_backups(JsonWriter& out, const requests::ContinuousBackupsResult& described);

}  // namespace minnow::api::recovery
