#include "api/admin/fork.h"

#include <optional>
#include <string>

#include "api/admin/admin_call.h"
#include "api/admin/install_state.h"
#include "api/json.h"
#include "engine/database.h"
#include "engine/database_image.h"
#include "engine/namespaces.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace {

// The namespace a member names, as ACCESS_KEY/REGION.
std::string namespace_member(const JsonValue& body, const char* name, const engine::Namespaces& namespaces) {
  const JsonValue* value = member(body, name);
  if (!value || !value->IsString()) throw model::Error(model::kAdminForkNamespaces);
  const std::string_view id = view(*value);
  std::optional<engine::NamespaceName> parsed = engine::parse_namespace_id(id);
  if (!parsed || id == engine::kSharedNamespace) throw model::Error(model::kAdminForkNamespaces);
  return namespaces.id_for(parsed->access_key, parsed->region);
}

}  // namespace

Reply fork(Request& request, engine::Namespaces& namespaces) {
  if (namespaces.shared()) throw model::Error(model::kAdminForkShared);
  JsonDocument body;
  parse_body(request, body);
  const std::string source = namespace_member(body, "source", namespaces);
  const std::string target = namespace_member(body, "target", namespaces);
  if (source == target) throw model::Error(model::kAdminForkSame);
  const JsonValue* replace = member(body, "replace");
  if (replace && !replace->IsBool()) throw model::Error(model::kAdminForkReplace);
  // A namespace used before keeps its tables unless the caller says to replace them; a new one
  // (seeded with --seed, if any) is the caller's to fill.
  const engine::Database* existing = namespaces.find(target);
  if (existing && !(replace && replace->GetBool()) && !existing->list(std::nullopt, 1).empty())
    throw model::admin_fork_target_has_tables(target);

  const engine::DatabaseImage image = engine::capture_image(namespaces.get(source).database);
  install_state(namespaces.get(target).database, image);

  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("source");
  w.String(source);
  w.Key("target");
  w.String(target);
  w.Key("tables");
  w.Uint64(image.tables.size());
  w.Key("items");
  w.Uint64(image.item_count());
  w.EndObject();
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

}  // namespace minnow::api::admin
