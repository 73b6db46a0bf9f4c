#include "api/admin/admin.h"

#include <cmath>
#include <optional>

#include "api/codec.h"
#include "api/error_reply.h"
#include "api/json.h"
#include "api/table_lookup.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/ttl.h"
#include "model/errors.h"

namespace minnow::api {

namespace {

constexpr std::string_view kPrefix = "/_minnow/";

Reply json_reply(const std::string& body) { return Reply{200, "application/json", body}; }

Reply number_reply(const char* name, int64_t n) {
  return json_reply(std::string("{\"") + name + "\":" + std::to_string(n) + "}");
}

// The body as a JSON object (an empty body is {}).
void parse_body(Request& request, JsonDocument& document) {
  if (request.body.find_first_not_of(" \t\r\n") == std::string::npos) {
    document.SetObject();
    return;
  }
  parse_request_json(request.body, document);
  if (!document.IsObject()) throw model::admin_invalid("the body must be a JSON object");
}

std::optional<int64_t> integer_member(const JsonValue& body, const char* name) {
  const JsonValue* v = member(body, name);
  if (!v) return std::nullopt;
  if (!v->IsNumber() || std::trunc(v->GetDouble()) != v->GetDouble())
    throw model::admin_invalid(std::string(name) + " must be an integer");
  return v->IsInt64() ? v->GetInt64() : static_cast<int64_t>(v->GetDouble());
}

Reply clock(Request& request, engine::Database& database, engine::AdjustableClock* adjustable) {
  if (request.method == "POST") {
    if (!adjustable) throw model::admin_invalid("this server's clock cannot be moved");
    JsonDocument body;
    parse_body(request, body);
    const JsonValue* reset = member(body, "reset");
    if (auto advance = integer_member(body, "advanceSeconds")) {
      adjustable->advance_ms(*advance * 1000);
    } else if (auto epoch = integer_member(body, "epochSeconds")) {
      adjustable->set_ms(*epoch * 1000);
    } else if (reset && reset->IsBool() && reset->GetBool()) {
      adjustable->reset();
    } else {
      throw model::admin_invalid("expected advanceSeconds, epochSeconds or reset: true");
    }
  } else if (request.method != "GET") {
    throw model::admin_invalid("use GET or POST");
  }
  return number_reply("epochMillis", database.clock().now_ms());
}

Reply faults(Request& request, engine::Database& database) {
  if (request.method == "DELETE") {
    database.faults().clear();
    return number_reply("pending", 0);
  }
  if (request.method != "POST") throw model::admin_invalid("use POST or DELETE");
  JsonDocument body;
  parse_body(request, body);
  const JsonValue* error = member(body, "error");
  if (!error || !error->IsString() || view(*error) != "TransactionConflict")
    throw model::admin_invalid("error must be \"TransactionConflict\"");
  const JsonValue* table = member(body, "table");
  if (!table || !table->IsString() || table->GetStringLength() == 0)
    throw model::admin_invalid("table must be a table name");
  std::optional<model::AttributeMap> key;
  if (const JsonValue* k = member(body, "key"); k && !k->IsNull()) {
    if (!k->IsObject()) throw model::admin_invalid("key must be a primary key in DynamoDB JSON");
    key = decode_attribute_map(*k);
  }
  int64_t count = integer_member(body, "count").value_or(1);
  if (count < 1) throw model::admin_invalid("count must be at least 1");
  return number_reply("pending", database.faults().add_conflict(table_name_of(view(*table)), std::move(key), count));
}

}  // namespace

bool is_admin_path(std::string_view path) { return path.substr(0, kPrefix.size()) == kPrefix; }

Reply handle_admin(Request& request, engine::Database& database, engine::AdjustableClock* adjustable) {
  try {
    std::string_view path = request.path.substr(kPrefix.size());
    if (auto q = path.find('?'); q != std::string_view::npos) path = path.substr(0, q);
    if (path == "clock") return clock(request, database, adjustable);
    if (path == "faults") return faults(request, database);
    if (path == "ttl/sweep" && request.method == "POST")
      return number_reply("deleted", static_cast<int64_t>(engine::sweep_expired(database, database.clock().now_ms())));
    if (path == "reset" && request.method == "POST") {
      database.clear();
      database.faults().clear();
      database.idempotency().clear();
      if (adjustable) adjustable->reset();
      return json_reply("{}");
    }
    throw model::admin_invalid("no such call: " + std::string(request.method) + " " + std::string(request.path));
  } catch (const model::Error& error) {
    return error_reply(error);
  }
}

}  // namespace minnow::api
