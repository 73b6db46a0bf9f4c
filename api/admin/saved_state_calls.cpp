#include "api/admin/saved_state_calls.h"

#include <optional>
#include <string>

#include "api/admin/admin_call.h"
#include "api/json.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace {

using Kind = requests::SaveStateRequest::Kind;

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
Reply stats_reply(const std::string& name, const requests::SavedStateStats& stats,
                  std::optional<int64_t> checkpoint_ms = {}) {
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

Reply snapshot(Request& request, const requests::ControlTargets& controls) {
  if (request.method == "GET") {
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.StartObject();
    w.Key("snapshots");
    w.StartArray();
    for (const std::string& name : controls.saved.names()) w.String(name);
    w.EndArray();
    w.EndObject();
    return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
  }
  if (request.method == "DELETE") {
    requests::execute(controls, requests::ForgetStateRequest{Kind::Snapshot, name_member(request)});
    return json_reply("{}");
  }
  if (request.method != "POST") throw model::admin_wrong_method("GET, POST or DELETE");
  requests::SaveStateRequest save{Kind::Snapshot, name_member(request), std::nullopt};
  save.scope = namespace_parameter(request, controls.namespaces);
  const requests::SaveStateResult saved = requests::execute(controls, save);
  return stats_reply(saved.name, saved.stats);
}

Reply restore(Request& request, const requests::ControlTargets& controls) {
  requests::PutBackStateRequest put_back{Kind::Snapshot, name_member(request), std::nullopt, false};
  put_back.scope = namespace_parameter(request, controls.namespaces);
  return stats_reply(put_back.name, requests::execute(controls, put_back));
}

Reply checkpoint(Request& request, const requests::ControlTargets& controls) {
  if (request.method == "DELETE") {
    const std::string id = state_name(request, "id", model::kAdminCheckpointId);
    requests::execute(controls, requests::ForgetStateRequest{Kind::Checkpoint, id});
    return json_reply("{}");
  }
  if (request.method != "POST") throw model::admin_wrong_method("POST or DELETE");
  const requests::SaveStateResult saved = requests::execute(
      controls, requests::SaveStateRequest{Kind::Checkpoint, "", namespace_parameter(request, controls.namespaces)});
  return stats_reply(saved.name, saved.stats, saved.at_ms);
}

Reply rewind(Request& request, const requests::ControlTargets& controls) {
  JsonDocument body;
  parse_body(request, body);
  requests::PutBackStateRequest rewind{Kind::Checkpoint, state_name(body, "id", model::kAdminCheckpointId),
                                       std::nullopt, false};
  const JsonValue* with_clock = member(body, "clock");
  if (with_clock && !with_clock->IsBool()) throw model::Error(model::kAdminRewindClock);
  rewind.set_clock = with_clock && with_clock->GetBool();
  if (rewind.set_clock && !controls.clock) throw model::Error(model::kAdminClockFixed);
  rewind.scope = namespace_parameter(request, controls.namespaces);
  return stats_reply(rewind.name, requests::execute(controls, rewind));
}

}  // namespace minnow::api::admin
