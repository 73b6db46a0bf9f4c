#include "api/admin/capacity.h"

#include <optional>
#include <string>

#include "api/admin/admin_call.h"
#include "api/codec.h"
#include "api/json.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace {

const char* operation_of(engine::ThroughputKind kind) { return kind == engine::ThroughputKind::Read ? "read" : "write"; }

void write_table(JsonWriter& w, const engine::Table& table, const engine::ThroughputReport& report) {
  w.StartObject();
  w.Key("name");
  w.String(table.name());
  if (std::optional<bool> own = table.throughput().model()) {
    w.Key("capacityModel");
    w.Bool(*own);
  }
  w.Key("partitions");
  w.Int64(engine::partitions(table.definition(), table.size_bytes()));
  w.Key("buckets");
  w.StartArray();
  for (const engine::BucketReport& b : report.buckets) {
    w.StartObject();
    if (!b.index.empty()) {
      w.Key("index");
      w.String(b.index);
    }
    w.Key("operation");
    w.String(operation_of(b.kind));
    w.Key("unitsPerSecond");
    w.Double(b.rate);
    w.Key("available");
    w.Double(b.available);
    w.Key("consumed");
    w.Double(b.consumed);
    w.Key("throttled");
    w.Uint64(b.throttled);
    w.Key("lastMinute");
    w.StartArray();
    for (const auto& [second, units] : b.last_minute) {
      w.StartObject();
      w.Key("epochSecond");
      w.Int64(second);
      w.Key("units");
      w.Double(units);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.Key("hotKeys");
  w.StartArray();
  for (const engine::KeyReport& k : report.hot_keys) {
    w.StartObject();
    if (!k.index.empty()) {
      w.Key("index");
      w.String(k.index);
    }
    w.Key("key");
    write_value(w, k.key);
    w.Key("operation");
    w.String(operation_of(k.kind));
    w.Key("available");
    w.Double(k.available);
    w.Key("consumed");
    w.Double(k.consumed);
    w.Key("throttled");
    w.Uint64(k.throttled);
    w.EndObject();
  }
  w.EndArray();
  w.Key("throttles");
  w.StartArray();
  for (const engine::ThrottleEvent& t : report.throttles) {
    w.StartObject();
    w.Key("epochMillis");
    w.Int64(t.at_ms);
    w.Key("operation");
    w.String(t.operation);
    w.Key("reason");
    w.String(t.reason);
    w.Key("resource");
    w.String(t.resource);
    if (t.key) {
      w.Key("key");
      write_value(w, *t.key);
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

}  // namespace

Reply capacity(Request& request, const requests::ControlTargets& controls) {
  engine::Namespaces& namespaces = controls.namespaces;
  if (request.method == "POST") {
    JsonDocument body;
    parse_body(request, body);
    const JsonValue* table = member(body, "table");
    // null is a value here (back to the server's choice), not an absent member.
    const auto on = body.FindMember("capacityModel");
    if (!table || !table->IsString() || on == body.MemberEnd() || !(on->value.IsBool() || on->value.IsNull()))
      throw model::Error(model::kAdminCapacityBody);
    requests::SetCapacityModelRequest set{namespace_parameter(request, namespaces), std::string(view(*table)),
                                          on->value.IsNull() ? std::nullopt : std::optional<bool>(on->value.GetBool())};
    return number_reply("tables", static_cast<int64_t>(requests::execute(controls, set)));
  }
  if (request.method != "GET") throw model::admin_wrong_method("GET or POST");
  const int64_t now_ms = namespaces.clock().now_ms();
  return namespaces_report(request, namespaces, [&](JsonWriter& w, engine::Database& database) {
    w.Key("capacityModel");  // the server's; a table may choose otherwise
    w.Bool(database.options().capacity_model);
    w.Key("tables");
    w.StartArray();
    for (const auto& table : database.tables())
      if (table->throughput().used()) write_table(w, *table, table->throughput().report(now_ms));
    w.EndArray();
  });
}

}  // namespace minnow::api::admin
