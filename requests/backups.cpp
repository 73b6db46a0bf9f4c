#include "requests/backups.h"

#include "engine/recovery_log.h"
#include "engine/transient_statuses.h"

namespace minnow::requests {

namespace {

engine::Backup make_backup(const Context& context, const engine::Table& table, const BackupIdentity& identity,
                           const char* type) {
  engine::TableSnapshot snapshot = table.snapshot();
  engine::settle_transient_statuses(snapshot.definition, context.now_ms);
  engine::Backup backup;
  backup.arn = identity.arn;
  backup.name = identity.name;
  backup.type = type;
  backup.creation_ms = context.now_ms;
  backup.available_ms =
      context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
  backup.table_arn = identity.table_arn;
  backup.size_bytes = snapshot.size_bytes;
  backup.item_count = snapshot.items.size();
  backup.table = std::move(snapshot.definition);
  backup.items = std::make_shared<const engine::StoredItems>(std::move(snapshot.items));
  return backup;
}

}  // namespace

bool backup_creating(const engine::Backup& backup, int64_t now_ms) { return now_ms < backup.available_ms; }

CreateBackupResult execute(const Context& context, const CreateBackupRequest& request) {
  CreateBackupResult result;
  for (const auto& other : context.database.backups().list(context.now_ms)) {
    if (other.table_arn == request.identity.table_arn && backup_creating(other, context.now_ms)) {
      result.in_use = true;
      return result;
    }
  }
  result.backup = make_backup(context, *request.table, request.identity, "USER");
  context.database.backups().add(result.backup);
  return result;
}

std::optional<engine::Backup> execute(const Context& context, const DescribeBackupRequest& request) {
  return context.database.backups().find(request.arn, context.now_ms);
}

DeleteBackupResult execute(const Context& context, const DeleteBackupRequest& request) {
  DeleteBackupResult result;
  std::optional<engine::Backup> found = context.database.backups().find(request.arn, context.now_ms);
  if (!found) return result;
  if (backup_creating(*found, context.now_ms)) {
    result.status = DeleteBackupResult::Status::InUse;
    return result;
  }
  std::optional<engine::Backup> removed = context.database.backups().remove(request.arn, context.now_ms);
  if (!removed) return result;  // deleted meanwhile by another request
  result.status = DeleteBackupResult::Status::Deleted;
  result.backup = std::move(*removed);
  return result;
}

namespace {

bool listed(const engine::Backup& backup, const ListBackupsRequest& request) {
  if (request.backup_type != "ALL" && request.backup_type != backup.type) return false;
  if (!request.table_arn.empty() && backup.table_arn != request.table_arn) return false;
  if (request.created_from_ms && backup.creation_ms < *request.created_from_ms) return false;
  if (request.created_before_ms && backup.creation_ms >= *request.created_before_ms) return false;
  return true;
}

}  // namespace

ListBackupsResult execute(const Context& context, const ListBackupsRequest& request) {
  ListBackupsResult result;
  std::string start = request.exclusive_start_arn;
  const int64_t start_ms = request.exclusive_start_ms;
  for (auto& backup : context.database.backups().list(context.now_ms)) {
    if (!start.empty()) {
      // Backups come oldest first, ties by ARN: skip up to and including the start.
      if (backup.arn == start) {
        start.clear();
        continue;
      }
      if (backup.creation_ms < start_ms || (backup.creation_ms == start_ms && backup.arn < start)) continue;
      if (start_ms < 0) continue;
      start.clear();
    }
    if (!listed(backup, request)) continue;
    if (result.page.size() == request.limit) {
      result.more = true;
      break;
    }
    result.page.push_back(std::move(backup));
  }
  return result;
}

void keep_deleted_table(const Context& context, const engine::Table& table, const BackupIdentity& identity) {
  engine::Backup backup = make_backup(context, table, identity, "SYSTEM");
  backup.expiry_ms = context.now_ms + kDeletedTableBackupDays * engine::kMillisPerDay;
  context.database.backups().add(std::move(backup));
}

}  // namespace minnow::requests
