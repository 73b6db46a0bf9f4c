#include "api/admin/fork.h"

#include <optional>
#include <string>

#include "api/admin/admin_call.h"
#include "api/json.h"
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

Reply fork(Request& request, const requests::ControlTargets& controls) {
  const engine::Namespaces& namespaces = controls.namespaces;
  if (namespaces.shared()) throw model::Error(model::kAdminForkShared);
  JsonDocument body;
  parse_body(request, body);
  requests::ForkRequest fork;
  fork.source = namespace_member(body, "source", namespaces);
  fork.target = namespace_member(body, "target", namespaces);
  if (fork.source == fork.target) throw model::Error(model::kAdminForkSame);
  const JsonValue* replace = member(body, "replace");
  if (replace && !replace->IsBool()) throw model::Error(model::kAdminForkReplace);
  fork.replace = replace && replace->GetBool();
  const requests::ForkResult forked = requests::execute(controls, fork);

  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("source");
  w.String(fork.source);
  w.Key("target");
  w.String(fork.target);
  w.Key("tables");
  w.Uint64(forked.tables);
  w.Key("items");
  w.Uint64(forked.items);
  w.EndObject();
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

}  // namespace minnow::api::admin
