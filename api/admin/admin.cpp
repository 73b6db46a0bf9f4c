#include "api/admin/admin.h"

#include <limits>

#include "api/admin/admin_access.h"
#include "api/admin/admin_call.h"
#include "api/admin/export.h"
#include "api/admin/faults.h"
#include "api/admin/fork.h"
#include "api/admin/requests.h"
#include "api/admin/saved_states.h"
#include "api/error_reply.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/faults.h"
#include "engine/namespaces.h"
#include "engine/ttl.h"
#include "model/admin_errors.h"

namespace minnow::api {

using namespace admin;

namespace {

constexpr std::string_view kPrefix = "/_minnow/";
constexpr int64_t kMaxEpochSeconds = 253'402'300'799;  // 9999-12-31T23:59:59Z

Reply clock(Request& request, const AdminTargets& targets) {
  engine::AdjustableClock* adjustable = targets.clock;
  if (request.method == "POST") {
    if (!adjustable) throw model::Error(model::kAdminClockFixed);
    JsonDocument body;
    parse_body(request, body);
    const JsonValue* reset = member(body, "reset");
    // The clock stays from the epoch to the end of year 9999, as DynamoDB's timestamps do.
    const int64_t now_seconds = targets.namespaces.clock().now_ms() / 1000;
    if (auto advance = integer_member(body, "advanceSeconds", -now_seconds, kMaxEpochSeconds - now_seconds)) {
      adjustable->advance_ms(*advance * 1000);
    } else if (auto epoch = integer_member(body, "epochSeconds", 0, kMaxEpochSeconds)) {
      adjustable->set_ms(*epoch * 1000);
    } else if (reset && reset->IsBool() && reset->GetBool()) {
      adjustable->reset();
    } else {
      throw model::Error(model::kAdminClockBody);
    }
  } else if (request.method != "GET") {
    throw model::admin_wrong_method("GET or POST");
  }
  return number_reply("epochMillis", targets.namespaces.clock().now_ms());
}

// The namespaces a call addresses: the one of ?namespace=ID (null when it was never used), or all.
std::vector<engine::Database*> addressed(const Request& request, const AdminTargets& targets) {
  std::vector<engine::Database*> databases;
  if (auto id = namespace_parameter(request, targets.namespaces)) {
    if (engine::Database* database = targets.namespaces.find(*id)) databases.push_back(database);
  } else {
    for (const auto& [id, database] : targets.namespaces.list()) databases.push_back(database);
  }
  return databases;
}

Reply sweep(const Request& request, const AdminTargets& targets) {
  std::size_t deleted = 0;
  for (engine::Database* database : addressed(request, targets))
    deleted += engine::sweep_expired(*database, targets.namespaces.clock().now_ms());
  return number_reply("deleted", static_cast<int64_t>(deleted));
}

// One namespace: its tables, streams and tokens, and the faults aimed at it. Every namespace:
// also every fault and the clock.
Reply reset(const Request& request, const AdminTargets& targets) {
  const std::optional<std::string> id = namespace_parameter(request, targets.namespaces);
  for (engine::Database* database : addressed(request, targets)) {
    database->clear();
    database->idempotency().clear();
    database->holds().clear();
  }
  targets.faults.clear(id);
  if (!id && targets.clock) targets.clock->reset();
  return json_reply("{}");
}

Reply namespaces(const AdminTargets& targets) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("sharedDb");
  w.Bool(targets.namespaces.shared());
  w.Key("namespaces");
  w.StartArray();
  for (const auto& [id, database] : targets.namespaces.list()) {
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
  if (const std::string* last = targets.namespaces.last_used()) {
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
    if (path == "clock") return clock(request, targets);
    if (path == "faults") return faults(request, targets.namespaces, targets.faults);
    if (path == "namespaces" && request.method == "GET") return namespaces(targets);
    if (path == "requests") return requests(request, targets.requests, targets.namespaces);
    if (path == "ttl/sweep" && request.method == "POST") return sweep(request, targets);
    if (path == "reset" && request.method == "POST") return reset(request, targets);
    if (path == "snapshot") return snapshot(request, targets.namespaces, targets.saved);
    if (path == "restore" && request.method == "POST") return restore(request, targets.namespaces, targets.saved);
    if (path == "export" && request.method == "GET") return export_namespace(request, targets.namespaces);
    if (path == "namespaces/fork" && request.method == "POST") return fork(request, targets.namespaces);
    if (path == "checkpoint") return checkpoint(request, targets.namespaces, targets.saved);
    if (path == "rewind" && request.method == "POST")
      return rewind(request, targets.namespaces, targets.saved, targets.clock);
    throw model::admin_no_such_call(request.method, request.path);
  } catch (const model::Error& error) {
    return error_reply(error);
  }
}

}  // namespace minnow::api
