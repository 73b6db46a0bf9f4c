#include "engine/database.h"

#include <mutex>

#include "engine/table.h"

namespace minnow::engine {

Database::Database(const Clock& clock, DatabaseOptions options, CommitLog* log, ReplicaFeed* feed)
    : clock_(clock),
      options_(options),
      log_(log),
      feed_(feed),
      streams_(clock, incarnations_),
      backups_(log),
      stale_reads_(options_.consistency) {}
Database::~Database() = default;

std::shared_ptr<Table> Database::find(const std::string& name) const {
  std::shared_lock lock(mu_);
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Database::create(TableDefinition definition, const StoredItems* items) {
  std::string name = definition.name;
  std::unique_lock lock(mu_);
  if (tables_.count(name)) return nullptr;
  auto table = std::make_shared<Table>(std::move(definition), &streams_, log_, incarnations_.fetch_add(1) + 1, &clock_,
                                       feed_);
  table->set_consistency_lag(options_.consistency.lag_ms);
  if (log_) log_->table_defined(table->incarnation(), table->definition_locked(), table->stream().get());
  // A restore's items go in through the commit point (indexes and the log see each one) before
  // the table is visible.
  if (items) table->load(*items);
  tables_.emplace(std::move(name), table);
  return table;
}

std::shared_ptr<Table> Database::remove(const std::string& name) {
  std::unique_lock lock(mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return nullptr;
  auto table = std::move(it->second);
  tables_.erase(it);
  table->close_stream();  // a deleted table's stream stays describable, DISABLED
  if (log_) log_->table_deleted(table->incarnation());
  return table;
}

std::vector<std::string> Database::list(const std::optional<std::string>& exclusive_start, std::size_t limit) const {
  std::shared_lock lock(mu_);
  std::vector<std::string> names;
  auto it = exclusive_start ? tables_.upper_bound(*exclusive_start) : tables_.begin();
  for (; it != tables_.end() && names.size() < limit; ++it) names.push_back(it->first);
  return names;
}

void Database::clear() {
  std::unique_lock lock(mu_);
  for (auto& [name, table] : tables_) table->close_stream();
  tables_.clear();
  streams_.clear();
  backups_.clear();
  transfers_.clear();
  if (log_) log_->cleared();
}

std::vector<std::shared_ptr<Table>> Database::tables() const {
  std::shared_lock lock(mu_);
  std::vector<std::shared_ptr<Table>> tables;
  for (const auto& [name, table] : tables_) tables.push_back(table);
  return tables;
}

void Database::freeze(FunctionRef<void(const std::vector<std::shared_ptr<Table>>&)> visit) const {
  std::shared_lock lock(mu_);
  std::vector<std::shared_ptr<Table>> tables;
  std::vector<std::shared_lock<std::shared_mutex>> locks;
  // By name, the order transactions lock tables in (engine/transaction.h).
  for (const auto& [name, table] : tables_) {
    tables.push_back(table);
    locks.emplace_back(table->mutex());
  }
  visit(tables);
}

}  // namespace minnow::engine
