// On-demand backups: CreateBackup, DescribeBackup, ListBackups, DeleteBackup and
// RestoreTableFromBackup (the restore itself: api/definitions/restore_overrides.h).
//
// A backup is a table's definition and items at the instant of CreateBackup (Table::snapshot),
// kept in the Database's catalog (engine/backups.h): it outlives its table, and it is
// consistent (AWS only promises the changes up to a minute before the request; Minnow's holds
// exactly those committed before it).
//
// Statuses: CREATING until the backup is available, then AVAILABLE. Without
// -delayTransientStatuses only CreateBackup's own answer shows CREATING; with it a backup is
// CREATING for kTransientPhaseMs. A CREATING backup cannot be deleted or restored, and its
// table cannot be backed up again meanwhile (BackupInUseException).
//
// No reference emulator has backups: shapes and behaviour follow AWS's API reference
// (../shared/reference/aws-api/); the messages are model/control_errors.h's.
#pragma once

#include <string>

#include "api/action.h"
#include "engine/backups.h"
#include "requests/backups.h"
#include "engine/table.h"

namespace minnow::api::backups {


// The backup the request's BackupArn names (BackupNotFoundException otherwise).
engine::Backup find_backup(const ActionContext& context, const JsonValue& request);


// "BackupDetails": {...}; `status` overrides BackupStatus (DELETED for DeleteBackup's answer).
void write_backup_details(JsonWriter& out, const engine::Backup& backup, int64_t now_ms, const char* status = nullptr);
// A BackupDescription object: BackupDetails, SourceTableDetails, SourceTableFeatureDetails.
void write_backup_description(const ActionContext& context, JsonWriter& out, const engine::Backup& backup,
                              const char* status = nullptr);

}  // namespace minnow::api::backups
