// Cross-origin resource sharing, as DynamoDB Local offers it: every origin by default, or only
// those -cors lists. A preflight (OPTIONS with Origin) is answered here, with what DynamoDB
// answers (dynalite recorded it): the requested method and headers allowed, for two days. Every
// answer to an allowed origin, preflights included, says which response headers a page may read.
// Minnow's /_minnow test controls never get CORS headers: a web page must not reach them.
// Immutable once built; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace minnow::server {

class CorsPolicy {
 public:
  // "*" (or an empty list) allows every origin; otherwise exact origins ("http://localhost:3000").
  explicit CorsPolicy(std::vector<std::string> origins = {"*"});
  // -cors's value: origins separated by commas (spaces around them ignored).
  static std::vector<std::string> parse_list(std::string_view value);

  bool allows(std::string_view origin) const;

  // Header lines ("Name: value\r\n") for a response to a request from `origin`; nothing when
  // the origin is not allowed.
  void append_response_headers(std::string_view origin, std::string& out) const;
  // The same for a preflight, with what it asked for (Access-Control-Request-Method and
  // -Headers, either may be empty).
  void append_preflight_headers(std::string_view origin, std::string_view method, std::string_view headers,
                                std::string& out) const;

 private:
  bool any_ = false;
  std::vector<std::string> origins_;
};

}  // namespace minnow::server
