#include "engine/database_image.h"

#include <utility>

#include "engine/commit_log.h"
#include "engine/database.h"
#include "engine/restore.h"
#include "engine/table.h"

namespace minnow::engine {

uint64_t DatabaseImage::item_count() const {
  uint64_t count = 0;
  for (const TableImage& table : tables) count += table.items.size();
  return count;
}

DatabaseImage capture_image(Database& database) {
  DatabaseImage image;
  database.freeze([&](const std::vector<std::shared_ptr<Table>>& tables) {
    for (const auto& table : tables) image.tables.push_back(table->image_locked());
    // Appends happen under their table's lock (table, then stream): none while frozen.
    for (const auto& stream : database.streams().list(std::nullopt)) {
      image.streams.push_back({stream->state(), stream->records()});
    }
    image.backups = database.backups().all();
    image.sequence = database.streams().sequence();
  });
  return image;
}

namespace {

// Under the Restorer's exclusive hold of the catalog, which ends before the log is told.
void install_locked(Database& database, const DatabaseImage& image) {
  Restorer restorer(database);
  restorer.clear();
  // New incarnations, tables' then streams', as /_minnow/restore numbers an image.
  uint64_t next = restorer.reserve_incarnations(image.tables.size() + image.streams.size());
  for (const TableImage& table : image.tables) {
    Table* installed = restorer.define(next++, table.definition);
    restorer.put_image(*installed, table);
  }
  for (const StreamImage& s : image.streams) {
    StreamState state = s.state;
    state.incarnation = next++;
    restorer.restore_stream(state)->restore_records(s.records);
  }
  for (const Backup& backup : image.backups) restorer.put_backup(backup);
  restorer.raise_sequence(image.sequence);
}

}  // namespace

void install_image(Database& database, const DatabaseImage& image) {
  install_locked(database, image);
  if (CommitLog* log = database.commit_log()) log->installed(database);
}

}  // namespace minnow::engine
