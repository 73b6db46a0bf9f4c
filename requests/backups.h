// Backups as typed requests: CreateBackup, DescribeBackup, DeleteBackup, ListBackups, and the
// SYSTEM backup DeleteTable leaves of a table with point-in-time recovery. The front end checks
// the request, finds the table and names the backup (its ARN carries the request's region);
// execute() takes the table's snapshot (Table::snapshot), changes or reads the Database's
// catalog (engine/backups.h) and says what happened as a value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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

struct DescribeBackupRequest {
  std::string arn;
};

// nullopt: no such backup.
std::optional<engine::Backup> execute(const Context& context, const DescribeBackupRequest& request);

struct DeleteBackupRequest {
  std::string arn;
};

struct DeleteBackupResult {
  enum class Status { Deleted, NotFound, InUse };  // InUse: still CREATING
  Status status = Status::NotFound;
  engine::Backup backup;  // Deleted: as it was
};

DeleteBackupResult execute(const Context& context, const DeleteBackupRequest& request);

struct ListBackupsRequest {
  std::string table_arn;  // empty: every table's
  std::size_t limit = std::numeric_limits<std::size_t>::max();
  // ExclusiveStartBackupArn (empty: none) and the creation time its ARN carries (-1: none): the
  // page starts after it whether or not it still exists.
  std::string exclusive_start_arn;
  int64_t exclusive_start_ms = -1;
  std::string backup_type = "USER";          // USER, SYSTEM, AWS_BACKUP or ALL
  std::optional<int64_t> created_from_ms;    // TimeRangeLowerBound, inclusive
  std::optional<int64_t> created_before_ms;  // TimeRangeUpperBound, exclusive
};

struct ListBackupsResult {
  std::vector<engine::Backup> page;  // oldest first, ties by ARN
  bool more = false;                 // another backup follows the page
};

ListBackupsResult execute(const Context& context, const ListBackupsRequest& request);

// A table deleted with point-in-time recovery enabled leaves a SYSTEM backup of itself as it was
// deleted, named "<table>$DeletedTableBackup", which expires after 35 days (AWS docs).
inline constexpr int64_t kDeletedTableBackupDays = 35;
void keep_deleted_table(const Context& context, const engine::Table& table, const BackupIdentity& identity);

}  // namespace minnow::requests
