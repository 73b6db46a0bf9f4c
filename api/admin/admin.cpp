#include "api/admin/admin.h"

#include <limits>

#include "api/admin/admin_access.h"
#include "api/admin/admin_call.h"
#include "api/admin/capacity.h"
#include "api/admin/consistency.h"
#include "api/admin/export.h"
#include "api/admin/faults.h"
#include "api/admin/fork.h"
#include "api/admin/requests.h"
#include "api/admin/saved_state_calls.h"
#include "api/error_reply.h"
#include "engine/namespaces.h"
#include "model/admin_errors.h"

namespace minnow::api {

using namespace admin;

namespace {

constexpr std::string_view kPrefix = "/_minnow/";
constexpr int64_t kMaxEpochSeconds = 253'402'300'799;  // 9999-12-31T23:59:59Z

Reply clock(Request& request, const AdminTargets& targets) {
  const requests::ControlTargets& controls = targets.controls;
  if (request.method == "POST") {
    if (!controls.clock) throw model::Error(model::kAdminClockFixed);
    JsonDocument body;
    parse_body(request, body);
    const JsonValue* reset = member(body, "reset");
    const JsonValue* freeze = member(body, "freeze");
    if (freeze && !freeze->IsBool()) throw model::Error(model::kAdminClockFreeze);
    // The clock stays from the epoch to the end of year 9999, as DynamoDB's timestamps do.
    const int64_t now_seconds = controls.namespaces.clock().now_ms() / 1000;
    requests::MoveClockRequest move;
    if (auto advance = integer_member(body, "advanceSeconds", -now_seconds, kMaxEpochSeconds - now_seconds)) {
      move = {requests::MoveClockRequest::How::Advance, *advance * 1000, std::nullopt};
    } else if (auto epoch = integer_member(body, "epochSeconds", 0, kMaxEpochSeconds)) {
      move = {requests::MoveClockRequest::How::Set, *epoch * 1000, std::nullopt};
    } else if (reset && reset->IsBool() && reset->GetBool()) {
      move = {requests::MoveClockRequest::How::Reset, 0, std::nullopt};
    } else if (!freeze) {
      throw model::Error(model::kAdminClockBody);
    }
    if (freeze) move.freeze = freeze->GetBool();
    return number_reply("epochMillis", requests::execute(controls, move));
  }
  if (request.method != "GET") throw model::admin_wrong_method("GET or POST");
  return number_reply("epochMillis", controls.namespaces.clock().now_ms());
}

Reply sweep(const Request& request, const AdminTargets& targets) {
  const requests::SweepExpiredRequest sweep{namespace_parameter(request, targets.controls.namespaces)};
  return number_reply("deleted", static_cast<int64_t>(requests::execute(targets.controls, sweep)));
}

Reply reset(const Request& request, const AdminTargets& targets) {
  requests::execute(targets.controls, requests::ResetRequest{namespace_parameter(request, targets.controls.namespaces)});
  return json_reply("{}");
}

Reply namespaces(const engine::Namespaces& namespaces) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("sharedDb");
  w.Bool(namespaces.shared());
  w.Key("namespaces");
  w.StartArray();
  for (const auto& [id, database] : namespaces.list()) {
    w.StartObject();
    w.Key("id");
    w.String(id.data(), id.size());
    if (auto name = engine::parse_namespace_id(id); name && id != engine::kSharedNamespace) {
      w.Key("accessKey");
      w.String(name->access_key.data(), name->access_key.size());
      w.Key("region");
      w.String(name->region.data(), name->region.size());
    }
    w.Key("tables");
    w.Uint64(database->list(std::nullopt, std::numeric_limits<std::size_t>::max()).size());
    w.EndObject();
  }
  w.EndArray();
  if (const std::string* last = namespaces.last_used()) {
    w.Key("lastUsed");
    w.String(last->data(), last->size());
  }
  w.EndObject();
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

}  // namespace

bool is_admin_path(std::string_view path) { return path.substr(0, kPrefix.size()) == kPrefix; }

Reply handle_admin(Request& request, const AdminTargets& targets, const AdminOptions& options) {
  if (auto refusal = refuse_admin_call(request, options)) return *refusal;
  try {
    const std::string_view path = request.path.substr(kPrefix.size());
    const requests::ControlTargets& controls = targets.controls;
    if (path == "clock") return clock(request, targets);
    if (path == "faults") return faults(request, controls);
    if (path == "namespaces" && request.method == "GET") return namespaces(controls.namespaces);
    if (path == "requests") return requests(request, targets.requests, controls.namespaces);
    if (path == "ttl/sweep" && request.method == "POST") return sweep(request, targets);
    if (path == "reset" && request.method == "POST") return reset(request, targets);
    if (path == "snapshot") return snapshot(request, controls);
    if (path == "restore" && request.method == "POST") return restore(request, controls);
    if (path == "export" && request.method == "GET") return export_namespace(request, controls.namespaces);
    if (path == "capacity") return capacity(request, controls);
    if (path == "consistency") return consistency(request, controls);
    if (path == "namespaces/fork" && request.method == "POST") return fork(request, controls);
    if (path == "checkpoint") return checkpoint(request, controls);
    if (path == "rewind" && request.method == "POST") return rewind(request, controls);
    throw model::admin_no_such_call(request.method, request.path);
  } catch (const model::Error& error) {
    return error_reply(error);
  }
}

}  // namespace minnow::api
