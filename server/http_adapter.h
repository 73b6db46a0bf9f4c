// Beast messages ⇄ api::Request / api::Reply. Server-private: includes Beast.
//
// to_api_request hands the Service views into the Beast request's start line and header
// fields, and moves the body out (no copy): the api::Request is valid while the Beast request
// and the header list live and the fields are not modified.
// Pure apart from the per-thread request-id generator; thread-safe.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "api/service.h"
#include "server/request_body.h"

namespace minnow::server {

namespace http = boost::beast::http;
using HttpRequest = http::request<RequestBody>;

// Beast 1.81 has its own string_view type; the api speaks std::string_view.
template <typename View>
std::string_view std_view(View view) {
  return std::string_view(view.data(), view.size());
}

// `request_id` (kept alive by the caller) is the id the reply will carry; `headers` receives
// the request's header fields (cleared first, its capacity reused), which the api::Request's
// span points into.
api::Request to_api_request(HttpRequest& request, std::string_view request_id, std::vector<auth::Header>& headers);

// A response's status line and header fields for `body`, written into `out` (cleared first;
// its capacity is reused): what the Session sends, with the body, in one gather write. Adds
// what DynamoDB adds to every answer: Server, Date, x-amzn-RequestId (`request_id`, or a new
// one when empty; server/request_id.h), x-amz-crc32 (botocore verifies it) and
// Content-Length; Content-Type unless `content_type` is empty. `version` is the request's (10
// or 11); `keep_alive` whether the connection stays open after this response, announced with a
// Connection header where the version needs one. `extra_headers` (api::Reply::headers) are
// appended as they are.
void write_response_head(int status, std::string_view content_type, std::string_view body, unsigned version,
                         bool keep_alive, std::string& out, std::string_view request_id = {},
                         std::string_view extra_headers = {});

// DynamoDB's answer to a body over the limit (dynalite recorded it): 413, no body, sent chunked
// (the empty last chunk is `body`), and the connection closes. HTTP/1.0 has no chunks: an
// empty body with Content-Length there.
void write_payload_too_large(unsigned version, std::string& head, std::string& body,
                             std::string_view extra_headers = {});

}  // namespace minnow::server
