#include "api/admin/saved_states.h"

#include <utility>

#include "api/admin/admin_call.h"
#include "api/json.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "model/admin_errors.h"
#include "persist/image.h"

namespace minnow::api::admin {

namespace {

SavedStateStats stats_of(engine::Database& database, const std::string& image) {
  SavedStateStats stats{1, 0, 0, image.size()};
  for (const auto& table : database.tables()) {
    ++stats.tables;
    stats.items += table->item_count();
  }
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

std::string name_member(Request& request) {
  JsonDocument body;
  parse_body(request, body);
  const JsonValue* name = member(body, "name");
  if (!name || !name->IsString() || name->GetStringLength() == 0 || name->GetStringLength() > 255)
    throw model::Error(model::kAdminSnapshotName);
  return std::string(view(*name));
}

Reply stats_reply(const std::string& name, const SavedStateStats& stats) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("name");
  w.String(name);
  w.Key("namespaces");
  w.Uint64(stats.namespaces);
  w.Key("tables");
  w.Uint64(stats.tables);
  w.Key("items");
  w.Uint64(stats.items);
  w.Key("bytes");
  w.Uint64(stats.bytes);
  w.EndObject();
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

}  // namespace

SavedStateStats SavedStates::save(const std::string& name, engine::Namespaces& namespaces,
                                  const std::optional<std::string>& id) {
  Saved saved;
  saved.every_namespace = !id;
  auto save_one = [&](const std::string& ns, engine::Database& database) {
    auto image = std::make_shared<const std::string>(persist::capture(database));
    saved.stats[ns] = stats_of(database, *image);
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
    persist::restore(database, *image->second);
    database.idempotency().clear();
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

std::vector<std::string> SavedStates::names() const {
  std::lock_guard lock(mu_);
  std::vector<std::string> names;
  for (const auto& [name, saved] : saved_) names.push_back(name);
  return names;
}

Reply snapshot(Request& request, engine::Namespaces& namespaces, SavedStates& saved) {
  if (request.method == "GET") {
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.StartObject();
    w.Key("snapshots");
    w.StartArray();
    for (const std::string& name : saved.names()) w.String(name);
    w.EndArray();
    w.EndObject();
    return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
  }
  if (request.method == "DELETE") {
    const std::string name = name_member(request);
    if (!saved.forget(name)) throw model::admin_no_snapshot(name);
    return json_reply("{}");
  }
  if (request.method != "POST") throw model::admin_wrong_method("GET, POST or DELETE");
  const std::string name = name_member(request);
  return stats_reply(name, saved.save(name, namespaces, namespace_parameter(request, namespaces)));
}

Reply restore(Request& request, engine::Namespaces& namespaces, SavedStates& saved) {
  const std::string name = name_member(request);
  const std::optional<std::string> id = namespace_parameter(request, namespaces);
  std::optional<SavedStateStats> stats = saved.restore(name, namespaces, id);
  if (!stats) throw model::admin_no_snapshot(name, id);
  return stats_reply(name, *stats);
}

}  // namespace minnow::api::admin
