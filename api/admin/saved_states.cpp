#include "api/admin/saved_states.h"

#include <utility>

#include "api/admin/admin_call.h"
#include "api/admin/install_state.h"
#include "api/json.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/database_image.h"
#include "engine/namespaces.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

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

// A saved state's name or a checkpoint's id: member `name` of the body, 1 to 255 characters.
std::string state_name(const JsonValue& body, const char* name, const model::FixedError& invalid) {
  const JsonValue* value = member(body, name);
  if (!value || !value->IsString() || value->GetStringLength() == 0 || value->GetStringLength() > 255)
    throw model::Error(invalid);
  return std::string(view(*value));
}

// The same in a body of its own.
std::string state_name(Request& request, const char* name, const model::FixedError& invalid) {
  JsonDocument body;
  parse_body(request, body);
  return state_name(body, name, invalid);
}

std::string name_member(Request& request) { return state_name(request, "name", model::kAdminSnapshotName); }

// {"name": ..., counts} (a checkpoint: "id" for "name", and the clock's time).
Reply stats_reply(const std::string& name, const SavedStateStats& stats, std::optional<int64_t> checkpoint_ms = {}) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key(checkpoint_ms ? "id" : "name");
  w.String(name);
  w.Key("namespaces");
  w.Uint64(stats.namespaces);
  w.Key("tables");
  w.Uint64(stats.tables);
  w.Key("items");
  w.Uint64(stats.items);
  w.Key("bytes");
  w.Uint64(stats.bytes);
  if (checkpoint_ms) {
    w.Key("epochMillis");
    w.Int64(*checkpoint_ms);
  }
  w.EndObject();
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

}  // namespace

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

Reply checkpoint(Request& request, engine::Namespaces& namespaces, SavedStates& saved) {
  if (request.method == "DELETE") {
    const std::string id = state_name(request, "id", model::kAdminCheckpointId);
    if (!saved.forget(id)) throw model::admin_no_checkpoint(id);
    return json_reply("{}");
  }
  if (request.method != "POST") throw model::admin_wrong_method("POST or DELETE");
  const std::string id = saved.new_checkpoint_id();
  const SavedStateStats stats = saved.save(id, namespaces, namespace_parameter(request, namespaces));
  return stats_reply(id, stats, saved.saved_at_ms(id).value_or(0));
}

Reply rewind(Request& request, engine::Namespaces& namespaces, SavedStates& saved, engine::AdjustableClock* clock) {
  JsonDocument body;
  parse_body(request, body);
  const std::string name = state_name(body, "id", model::kAdminCheckpointId);
  const JsonValue* with_clock = member(body, "clock");
  if (with_clock && !with_clock->IsBool()) throw model::Error(model::kAdminRewindClock);
  const bool set_clock = with_clock && with_clock->GetBool();
  if (set_clock && !clock) throw model::Error(model::kAdminClockFixed);
  const std::optional<std::string> ns = namespace_parameter(request, namespaces);
  const std::optional<int64_t> at_ms = saved.saved_at_ms(name);
  std::optional<SavedStateStats> stats = saved.restore(name, namespaces, ns);
  if (!stats || !at_ms) throw model::admin_no_checkpoint(name, ns);
  if (set_clock) clock->set_ms(*at_ms);
  return stats_reply(name, *stats);
}

}  // namespace minnow::api::admin
