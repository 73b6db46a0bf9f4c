#include "api/admin/admin_access.h"

#include <algorithm>
#include <cctype>

#include "api/error_reply.h"
#include "model/admin_errors.h"

namespace minnow::api {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && equals_ignoring_case(text.substr(text.size() - suffix.size()), suffix);
}

// The name in a Host header: without the port, and an IPv6 address without its brackets.
std::string_view host_name(std::string_view host) {
  if (host.starts_with('[')) {
    auto close = host.find(']');
    return close == std::string_view::npos ? host : host.substr(1, close - 1);
  }
  if (auto colon = host.rfind(':'); colon != std::string_view::npos && host.find(':') == colon)
    return host.substr(0, colon);
  return host;
}

bool is_ipv4_loopback(std::string_view host) {
  if (!host.starts_with("127.")) return false;
  int dots = 0;
  for (char c : host) {
    if (c == '.')
      ++dots;
    else if (!std::isdigit(static_cast<unsigned char>(c)))
      return false;
  }
  return dots == 3;
}

Reply forbidden(const std::string& detail) {
  Reply reply = error_reply(model::admin_forbidden(detail));
  reply.status = 403;
  return reply;
}

}  // namespace

bool is_loopback_host(std::string_view host) {
  if (host.starts_with('[') && host.ends_with(']')) host = host.substr(1, host.size() - 2);
  return equals_ignoring_case(host, "localhost") || ends_with_ignoring_case(host, ".localhost") ||
         is_ipv4_loopback(host) || host == "::1";
}

std::optional<Reply> refuse_admin_call(const Request& request, const AdminOptions& options) {
  if (request.admin_header != "1") return forbidden(model::kAdminHeaderRequired);
  if (request.method != "GET" && !equals_ignoring_case(media_type(request.content_type), "application/json"))
    return forbidden(model::kAdminJsonRequired);
  if (options.loopback_only || !options.hosts.empty()) {
    std::string_view name = host_name(request.host);
    bool listed = std::any_of(options.hosts.begin(), options.hosts.end(),
                              [&](const std::string& h) { return equals_ignoring_case(h, name); });
    if (!listed && !is_loopback_host(name)) return forbidden(model::admin_host_refused(std::string(name)));
  }
  return std::nullopt;
}

}  // namespace minnow::api
