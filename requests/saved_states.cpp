#include "requests/saved_states.h"

#include <utility>

#include "engine/database.h"
#include "engine/database_image.h"
#include "engine/namespaces.h"

namespace minnow::requests {

namespace {

SavedStateStats stats_of(const engine::DatabaseImage& image) {
  SavedStateStats stats{1, image.tables.size(), image.item_count(), 0};
  for (const engine::TableImage& table : image.tables) stats.bytes += table.size_bytes;
  return stats;
}

void add(SavedStateStats& total, const SavedStateStats& one) {
  total.namespaces += one.namespaces;
  total.tables += one.tables;
  total.items += one.items;
  total.bytes += one.bytes;
}

// A namespace as new: no tables, no streams, no tokens.
void empty(engine::Database& database) {
  database.clear();
  database.idempotency().clear();
}

}  // namespace

void install_state(engine::Database& database, const engine::DatabaseImage& image) {
  engine::install_image(database, image);
  database.idempotency().clear();
  database.holds().clear();
}

SavedStateStats SavedStates::save(const std::string& name, engine::Namespaces& namespaces,
                                  const std::optional<std::string>& id) {
  Saved saved;
  saved.every_namespace = !id;
  saved.at_ms = namespaces.clock().now_ms();
  auto save_one = [&](const std::string& ns, engine::Database& database) {
    auto image = std::make_shared<const engine::DatabaseImage>(engine::capture_image(database));
    saved.stats[ns] = stats_of(*image);
    saved.images[ns] = std::move(image);
  };
  if (id) {
    save_one(*id, namespaces.get(*id).database);
  } else {
    for (const auto& [ns, database] : namespaces.list()) save_one(ns, *database);
  }
  SavedStateStats total;
  for (const auto& [ns, stats] : saved.stats) add(total, stats);
  std::lock_guard lock(mu_);
  saved_[name] = std::move(saved);
  return total;
}

std::optional<SavedStateStats> SavedStates::restore(const std::string& name, engine::Namespaces& namespaces,
                                                    const std::optional<std::string>& id) {
  Saved saved;
  {
    std::lock_guard lock(mu_);
    auto it = saved_.find(name);
    if (it == saved_.end()) return std::nullopt;
    saved = it->second;  // the images are shared, not copied
  }
  SavedStateStats total;
  auto restore_one = [&](const std::string& ns) {
    engine::Database& database = namespaces.get(ns).database;
    auto image = saved.images.find(ns);
    if (image == saved.images.end()) {
      empty(database);
      ++total.namespaces;
      return;
    }
    install_state(database, *image->second);
    add(total, saved.stats[ns]);
  };
  if (id) {
    if (!saved.images.count(*id) && !saved.every_namespace) return std::nullopt;
    restore_one(*id);
    return total;
  }
  for (const auto& [ns, image] : saved.images) restore_one(ns);
  if (saved.every_namespace) {
    for (const auto& [ns, database] : namespaces.list())
      if (!saved.images.count(ns)) restore_one(ns);
  }
  return total;
}

bool SavedStates::forget(const std::string& name) {
  std::lock_guard lock(mu_);
  return saved_.erase(name) > 0;
}

std::string SavedStates::new_checkpoint_id() {
  std::lock_guard lock(mu_);
  std::string id;
  do {
    id = "checkpoint-" + std::to_string(++checkpoints_);
  } while (saved_.count(id));  // a snapshot may have been named so
  return id;
}

std::optional<int64_t> SavedStates::saved_at_ms(const std::string& name) const {
  std::lock_guard lock(mu_);
  auto it = saved_.find(name);
  if (it == saved_.end()) return std::nullopt;
  return it->second.at_ms;
}

std::vector<std::string> SavedStates::names() const {
  std::lock_guard lock(mu_);
  std::vector<std::string> names;
  for (const auto& [name, saved] : saved_) names.push_back(name);
  return names;
}

}  // namespace minnow::requests
