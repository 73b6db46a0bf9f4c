#include "engine/database.h"

#include <mutex>

#include "engine/table.h"

namespace minnow::engine {

Database::Database(const Clock& clock, DatabaseOptions options) : clock_(clock), options_(options), streams_(clock) {}
Database::~Database() = default;

std::shared_ptr<Table> Database::find(const std::string& name) const {
  std::shared_lock lock(mu_);
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Database::create(TableDefinition definition) {
  std::string name = definition.name;
  std::unique_lock lock(mu_);
  if (tables_.count(name)) return nullptr;
  auto table = std::make_shared<Table>(std::move(definition), &streams_);
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
}

}  // namespace minnow::engine
