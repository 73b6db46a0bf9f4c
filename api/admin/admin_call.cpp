#include "api/admin/admin_call.h"

#include <cmath>

#include "engine/namespaces.h"
#include "requests/controls.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

Reply json_reply(std::string body) { return Reply{200, "application/json", std::move(body)}; }

Reply number_reply(const char* name, int64_t n) {
  return json_reply(std::string("{\"") + name + "\":" + std::to_string(n) + "}");
}

Reply namespaces_report(const Request& request, engine::Namespaces& namespaces,
                        engine::FunctionRef<void(JsonWriter& w, engine::Database& database)> write) {
  const std::optional<std::string> id = namespace_parameter(request, namespaces);
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("namespaces");
  w.StartArray();
  for (const auto& [ns, database] : requests::addressed(namespaces, id)) {
    w.StartObject();
    w.Key("id");
    w.String(ns);
    write(w, *database);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

void parse_body(Request& request, JsonDocument& document) {
  if (request.body.find_first_not_of(" \t\r\n") == std::string::npos) {
    document.SetObject();
    return;
  }
  parse_request_json(request.body, document);
  if (!document.IsObject()) throw model::Error(model::kAdminBodyNotObject);
}

std::optional<int64_t> integer_member(const JsonValue& body, const char* name, int64_t min, int64_t max) {
  const JsonValue* v = member(body, name);
  if (!v) return std::nullopt;
  std::optional<int64_t> n;
  if (v->IsInt64()) {
    n = v->GetInt64();
  } else if (v->IsDouble() && std::trunc(v->GetDouble()) == v->GetDouble() && std::fabs(v->GetDouble()) < 1e15) {
    n = static_cast<int64_t>(v->GetDouble());  // exact: below 2^53
  }
  if (!n || *n < min || *n > max) throw model::admin_integer_range(name, min, max);
  return n;
}

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 && hex_digit(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      out += text[i] == '+' ? ' ' : text[i];
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> query_parameter(const Request& request, std::string_view name) {
  std::string_view query = request.query;
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query = pair.size() < query.size() ? query.substr(pair.size() + 1) : std::string_view();
    auto eq = pair.find('=');
    if (percent_decoded(pair.substr(0, eq)) != name) continue;
    return eq == std::string_view::npos ? std::string() : percent_decoded(pair.substr(eq + 1));
  }
  return std::nullopt;
}

std::optional<std::string> namespace_parameter(const Request& request, const engine::Namespaces& namespaces) {
  std::optional<std::string> id = query_parameter(request, "namespace");
  if (!id) return std::nullopt;
  std::optional<engine::NamespaceName> name = engine::parse_namespace_id(*id);
  if (!name) throw model::Error(model::kAdminNamespaceForm);
  if (*id == engine::kSharedNamespace && !namespaces.shared()) throw model::Error(model::kAdminNoSharedNamespace);
  return namespaces.id_for(name->access_key, name->region);
}

}  // namespace minnow::api::admin
