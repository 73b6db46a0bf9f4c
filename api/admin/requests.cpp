#include "api/admin/requests.h"

#include <charconv>
#include <cstdint>

#include "api/admin/admin_call.h"
#include "api/request_log.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace {

constexpr std::uint64_t kDefaultLimit = 100;
constexpr std::uint64_t kMaxLimit = 1000;

// The query parameter `name` as an unsigned integer, or `fallback` when absent.
std::uint64_t unsigned_parameter(const Request& request, std::string_view name, std::uint64_t fallback) {
  const std::optional<std::string> text = query_parameter(request, name);
  if (!text) return fallback;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || end != text->data() + text->size() || text->empty()) throw model::admin_not_unsigned(name);
  return value;
}

}  // namespace

Reply requests(Request& request, const RequestLog& log, const engine::Namespaces& namespaces) {
  if (request.method != "GET") throw model::admin_wrong_method("GET");
  const std::uint64_t after = unsigned_parameter(request, "after", 0);
  const std::uint64_t limit = unsigned_parameter(request, "limit", kDefaultLimit);
  if (limit < 1 || limit > kMaxLimit) throw model::Error(model::kAdminRequestsLimit);
  const RequestLogPage page =
      log.since(after, static_cast<std::size_t>(limit), namespace_parameter(request, namespaces));
  std::string body = "{\"requests\":[";
  for (std::size_t i = 0; i < page.entries.size(); ++i) {
    if (i) body.push_back(',');
    body += to_json(page.entries[i]);
  }
  body += "],\"last\":" + std::to_string(page.last) + "}";
  return json_reply(std::move(body));
}

}  // namespace minnow::api::admin
