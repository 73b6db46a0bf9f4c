// What every /_minnow call reads and answers with: its JSON body, its query parameters (the
// namespace), its JSON answer. Private to api/admin/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/json.h"
#include "api/protocol.h"

#include "engine/function_ref.h"

namespace minnow::engine {
class Database;
class Namespaces;
}

namespace minnow::api::admin {

Reply json_reply(std::string body);
Reply number_reply(const char* name, int64_t n);
// A report by namespace, {"namespaces": [{"id": ID, ...}, ...]}, over the namespaces the call's
// `?namespace=` addresses (requests::addressed): `write` adds each one's members after its id.
Reply namespaces_report(const Request& request, engine::Namespaces& namespaces,
                        engine::FunctionRef<void(JsonWriter& w, engine::Database& database)> write);

// The body as a JSON object (an empty body is {}). Throws kAdminBodyNotObject otherwise.
void parse_body(Request& request, JsonDocument& document);
// An integer member from `min` to `max`, when present (an integral JSON double such as 5.0
// counts; 1.5 and 1e300 do not); throws admin_integer_range otherwise.
std::optional<int64_t> integer_member(const JsonValue& body, const char* name, int64_t min, int64_t max);

// The query parameter `name` of the request, percent-decoded; nullopt when absent.
std::optional<std::string> query_parameter(const Request& request, std::string_view name);

// The namespace a call's `?namespace=ID` names, as a request signed with that access key and
// region would use it (with -sharedDb, "shared" whatever the ID); nullopt without the
// parameter: every namespace. Throws kAdminNamespaceForm for a malformed ID.
std::optional<std::string> namespace_parameter(const Request& request, const engine::Namespaces& namespaces);

}  // namespace minnow::api::admin
