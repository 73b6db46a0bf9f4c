// The states /_minnow/snapshot and /_minnow/checkpoint save and /_minnow/restore and
// /_minnow/rewind put back (requests/controls.h): the whole state of one namespace or of every
// namespace, saved under a name (a checkpoint: under an id Minnow chooses), so that a test suite loads its fixtures once and
// returns to them before each test. A saved state is an engine::DatabaseImage per namespace,
// which shares the items and index entries with the namespace (engine/database_image.h): saving
// and putting back cost O(tables + indexes + stream records), not O(items). Kept in memory for
// the server's life, also across /_minnow/reset; a restore is logged like any change
// (install_state below), so with -dbPath the restored state is what a restart finds.
// Thread-safe: mu_ protects the map.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>


namespace minnow::engine {
class Database;
class Namespaces;
struct DatabaseImage;
}  // namespace minnow::engine

namespace minnow::requests {

// Puts a namespace's state back, or another's into it, as restore, rewind and fork all must: the
// image installed (engine/database_image.h; with -dbPath also logged, so that a restart finds
// it), the namespace's idempotency tokens and item holds forgotten (a token must not replay a
// write that is gone).
void install_state(engine::Database& database, const engine::DatabaseImage& image);

struct SavedStateStats {
  uint64_t namespaces = 0;
  uint64_t tables = 0;
  uint64_t items = 0;
  uint64_t bytes = 0;  // the saved items' stored size
};

class SavedStates {
 public:
  // Saves namespace `id` (made if need be), or every namespace (nullopt), under `name`.
  SavedStateStats save(const std::string& name, engine::Namespaces& namespaces, const std::optional<std::string>& id);
  // Puts back what `name` saved: of namespace `id` only, or all of it. A namespace a save of
  // every namespace did not have is emptied, as if it were new. nullopt when `name` saved
  // nothing of namespace `id` (or nothing at all).
  std::optional<SavedStateStats> restore(const std::string& name, engine::Namespaces& namespaces,
                                         const std::optional<std::string>& id);
  bool forget(const std::string& name);
  std::vector<std::string> names() const;
  // A name no state has had: "checkpoint-N".
  std::string new_checkpoint_id();
  // The clock's time when `name` was saved; nullopt when nothing is saved under it.
  std::optional<int64_t> saved_at_ms(const std::string& name) const;

 private:
  struct Saved {
    std::map<std::string, std::shared_ptr<const engine::DatabaseImage>> images;  // by namespace
    std::map<std::string, SavedStateStats> stats;                                // by namespace
    bool every_namespace = false;
    int64_t at_ms = 0;
  };
  mutable std::mutex mu_;
  std::map<std::string, Saved> saved_;  // Protected by mu_.
  uint64_t checkpoints_ = 0;            // Protected by mu_.
};

}  // namespace minnow::requests
