#include "api/admin/consistency.h"

#include <optional>
#include <string>

#include "api/admin/admin_call.h"
#include "api/json.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace consistency_call {

requests::SetConsistencyLagRequest decode(Request& request, engine::Namespaces& namespaces) {
  JsonDocument body;
  parse_body(request, body);
  const JsonValue* table = member(body, "table");
  // null is a value here (back to the server's lag), not an absent member.
  const auto lag = body.FindMember("lagMs");
  if (!table || !table->IsString() || lag == body.MemberEnd() || !(lag->value.IsInt64() || lag->value.IsNull()) ||
      (lag->value.IsInt64() && (lag->value.GetInt64() < 0 || lag->value.GetInt64() > engine::kMaxConsistencyLagMs)))
    throw model::Error(model::kAdminConsistencyBody);
  return {namespace_parameter(request, namespaces), std::string(view(*table)),
          lag->value.IsNull() ? std::nullopt : std::optional<int64_t>(lag->value.GetInt64())};
}

}  // namespace consistency_call

Reply consistency(Request& request, const requests::ControlTargets& controls) {
  engine::Namespaces& namespaces = controls.namespaces;
  if (request.method == "POST") {
    const requests::SetConsistencyLagRequest set = consistency_call::decode(request, namespaces);
    return number_reply("tables", static_cast<int64_t>(requests::execute(controls, set)));
  }
  if (request.method != "GET") throw model::admin_wrong_method("GET or POST");
  return namespaces_report(request, namespaces, [](JsonWriter& w, engine::Database& database) {
    const engine::ConsistencyOptions& server = database.options().consistency;
    w.Key("lagMs");  // the server's; a table may lag otherwise
    w.Int64(server.lag_ms);
    w.Key("worstCase");
    w.Bool(server.worst_case);
    w.Key("tables");
    w.StartArray();
    for (const auto& table : database.tables()) {
      w.StartObject();
      w.Key("name");
      w.String(table->name());
      w.Key("lagMs");
      w.Int64(table->consistency_lag());
      w.EndObject();
    }
    w.EndArray();
  });
}

}  // namespace minnow::api::admin
