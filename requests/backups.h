// Backups as typed requests: CreateBackup, and the SYSTEM backup DeleteTable leaves of a table
// with point-in-time recovery. The front end checks the request, finds the table and names the
// backup (its ARN carries the request's region); execute() takes the table's snapshot
// (Table::snapshot) and adds the backup to the Database's catalog (engine/backups.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/backups.h"
#include "engine/table.h"
#include "requests/context.h"

namespace minnow::requests {

// What a new backup is called: its ARN, its table's ARN and its name.
struct BackupIdentity {
  std::string arn;
  std::string table_arn;
  std::string name;
};

// A backup is CREATING (it cannot be deleted or restored, nor its table backed up again) until
// it is available: at once, or after kTransientPhaseMs with -delayTransientStatuses.
bool backup_creating(const engine::Backup& backup, int64_t now_ms);

struct CreateBackupRequest {
  std::shared_ptr<engine::Table> table;
  BackupIdentity identity;  // a USER backup
};

struct CreateBackupResult {
  bool in_use = false;  // a backup of the table is still CREATING: nothing added
  engine::Backup backup;
};

CreateBackupResult execute(const Context& context, const CreateBackupRequest& request);

// A table deleted with point-in-time recovery enabled leaves a SYSTEM backup of itself as it was
// deleted, named "<table>$DeletedTableBackup", which expires after 35 days (AWS docs).
inline constexpr int64_t kDeletedTableBackupDays = 35;
void keep_deleted_table(const Context& context, const engine::Table& table, const BackupIdentity& identity);

}  // namespace minnow::requests
