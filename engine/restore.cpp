#include "engine/restore.h"

#include <map>
#include <utility>

#include "engine/counter.h"

namespace minnow::engine {

Restorer::Restorer(Database& database) : database_(database), lock_(database.mu_) {
  for (const auto& [name, table] : database_.tables_) by_incarnation_.emplace(table->incarnation(), table);
}

Restorer::~Restorer() {
  // A stream is open exactly while a table's definition enables it (the latest stream of that
  // table and label: a table deleted and created again may reuse a label); the log closes none.
  std::map<std::string, std::shared_ptr<Stream>> wanted;  // by table name
  for (const auto& stream : database_.streams_.list(std::nullopt)) {
    auto it = database_.tables_.find(stream->table_name());
    if (it == database_.tables_.end()) continue;
    const TableDefinition& definition = it->second->definition_locked();
    if (!definition.stream.enabled || definition.stream_label != stream->label()) continue;
    auto& w = wanted[stream->table_name()];
    if (!w || w->incarnation() < stream->incarnation()) w = stream;
  }
  for (const auto& stream : database_.streams_.list(std::nullopt)) {
    auto it = wanted.find(stream->table_name());
    if (it == wanted.end() || it->second != stream) stream->close();
  }
  for (const auto& [name, table] : database_.tables_) {
    table->attach(&database_.streams_, database_.log_, &database_.clock_, recovery_lost_);
    table->set_consistency_lag(database_.options_.consistency.lag_ms);
  }
}

void Restorer::clear() {
  database_.tables_.clear();
  database_.streams_.clear();
  database_.backups_.clear();
  by_incarnation_.clear();
}

Table* Restorer::define(uint64_t incarnation, TableDefinition definition) {
  raise_incarnation(incarnation);
  if (auto it = by_incarnation_.find(incarnation); it != by_incarnation_.end()) {
    it->second->restore_definition(std::move(definition));
    return it->second.get();
  }
  if (database_.tables_.count(definition.name)) return nullptr;
  std::string name = definition.name;
  auto table = std::make_shared<Table>(std::move(definition), nullptr, nullptr, incarnation, nullptr, database_.feed_);
  database_.tables_.emplace(std::move(name), table);
  by_incarnation_.emplace(incarnation, table);
  return table.get();
}

void Restorer::remove(uint64_t incarnation) {
  auto it = by_incarnation_.find(incarnation);
  if (it == by_incarnation_.end()) return;
  database_.tables_.erase(it->second->name());
  by_incarnation_.erase(it);
}

Table* Restorer::find(uint64_t incarnation) const {
  auto it = by_incarnation_.find(incarnation);
  return it == by_incarnation_.end() ? nullptr : it->second.get();
}

void Restorer::put(Table& table, std::string_view storage_key, std::optional<std::string_view> encoded) {
  table.restore_item(storage_key, encoded);
}

void Restorer::put_image(Table& table, const TableImage& image) { table.restore_image(image); }

void Restorer::put_recovery_state(Table& table, const RecoveryState& state) { table.restore_recovery_state(state); }

void Restorer::put_recovery_change(Table& table, RecoveryLog::Change change, bool from_snapshot) {
  table.restore_recovery_change(std::move(change), from_snapshot);
}

void Restorer::put_backup(Backup backup) { database_.backups_.restore(std::move(backup)); }

void Restorer::remove_backup(const std::string& arn) { database_.backups_.restore_removal(arn); }

Stream* Restorer::restore_stream(const StreamState& state) { return database_.streams_.restore(state).get(); }

Stream* Restorer::find_stream(uint64_t incarnation) const {
  return database_.streams_.find_incarnation(incarnation).get();  // the registry keeps it alive
}

void Restorer::raise_incarnation(uint64_t at_least) { raise_to(database_.incarnations_, at_least); }

void Restorer::raise_sequence(uint64_t at_least) { database_.streams_.raise_sequence(at_least); }

uint64_t Restorer::reserve_incarnations(uint64_t count) { return database_.incarnations_.fetch_add(count) + 1; }

}  // namespace minnow::engine
