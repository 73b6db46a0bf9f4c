#include "engine/backups.h"

#include <algorithm>

#include "engine/commit_log.h"

namespace minnow::engine {

namespace {
bool expired(const Backup& backup, int64_t now_ms) { return backup.expiry_ms && now_ms >= backup.expiry_ms; }
}  // namespace

bool Backups::add(Backup backup) {
  std::string record = log_ ? log_->backup_record(backup) : std::string();
  std::lock_guard lock(mu_);
  std::string arn = backup.arn;
  if (!backups_.emplace(std::move(arn), std::move(backup)).second) return false;
  if (log_) log_->backup_added(std::move(record));
  return true;
}

void Backups::restore(Backup backup) {
  std::lock_guard lock(mu_);
  std::string arn = backup.arn;
  backups_.insert_or_assign(std::move(arn), std::move(backup));
}

void Backups::restore_removal(const std::string& arn) {
  std::lock_guard lock(mu_);
  backups_.erase(arn);
}

std::vector<Backup> Backups::all() const {
  std::lock_guard lock(mu_);
  std::vector<Backup> all;
  for (const auto& [arn, backup] : backups_) all.push_back(backup);
  return all;
}

std::optional<Backup> Backups::find(const std::string& arn, int64_t now_ms) const {
  std::lock_guard lock(mu_);
  auto it = backups_.find(arn);
  if (it == backups_.end() || expired(it->second, now_ms)) return std::nullopt;
  return it->second;
}

std::optional<Backup> Backups::remove(const std::string& arn, int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto it = backups_.find(arn);
  if (it == backups_.end() || expired(it->second, now_ms)) return std::nullopt;
  Backup backup = std::move(it->second);
  backups_.erase(it);
  if (log_) log_->backup_removed(arn);
  return backup;
}

std::vector<Backup> Backups::list(int64_t now_ms) const {
  std::vector<Backup> list;
  {
    std::lock_guard lock(mu_);
    for (const auto& [arn, backup] : backups_) {
      if (expired(backup, now_ms)) continue;
      list.push_back(backup);
      list.back().items.reset();
    }
  }
  std::sort(list.begin(), list.end(), [](const Backup& a, const Backup& b) {
    return a.creation_ms != b.creation_ms ? a.creation_ms < b.creation_ms : a.arn < b.arn;
  });
  return list;
}

void Backups::clear() {
  std::lock_guard lock(mu_);
  backups_.clear();
}

}  // namespace minnow::engine
