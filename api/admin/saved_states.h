// /_minnow/snapshot and /_minnow/restore: the whole state of one namespace (?namespace=ID) or
// of every namespace, saved under a name (persist::capture: every table and stream of a
// namespace at one instant) and put back in milliseconds, so that a test suite loads its
// fixtures once and returns to them before each test. Kept in memory for the server's life,
// also across /_minnow/reset; a restore is logged like any change, so with -dbPath the restored
// state is what a restart finds. Thread-safe: mu_ protects the map.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "api/protocol.h"

namespace minnow::engine {
class Namespaces;
}  // namespace minnow::engine

namespace minnow::api::admin {

struct SavedStateStats {
  uint64_t namespaces = 0;
  uint64_t tables = 0;
  uint64_t items = 0;
  uint64_t bytes = 0;  // of the saved images
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

 private:
  struct Saved {
    std::map<std::string, std::shared_ptr<const std::string>> images;  // by namespace; shared with restores
    std::map<std::string, SavedStateStats> stats;                      // by namespace
    bool every_namespace = false;
  };
  mutable std::mutex mu_;
  std::map<std::string, Saved> saved_;  // Protected by mu_.
};

// POST (save), GET (list the names), DELETE (forget) /_minnow/snapshot; POST /_minnow/restore.
Reply snapshot(Request& request, engine::Namespaces& namespaces, SavedStates& saved);
Reply restore(Request& request, engine::Namespaces& namespaces, SavedStates& saved);

}  // namespace minnow::api::admin
