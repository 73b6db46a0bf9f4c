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

void keep_deleted_table(const Context& context, const engine::Table& table, const BackupIdentity& identity) {
  engine::Backup backup = make_backup(context, table, identity, "SYSTEM");
  backup.expiry_ms = context.now_ms + kDeletedTableBackupDays * engine::kMillisPerDay;
  context.database.backups().add(std::move(backup));
}

}  // namespace minnow::requests
