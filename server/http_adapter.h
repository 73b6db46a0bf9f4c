// Beast messages ⇄ api::Request / api::Reply. Server-private: includes Beast.
//
// to_api_request hands the Service views into the Beast request's start line and header
// fields, and moves the body out (no copy): the api::Request is valid while the Beast request
// lives and its fields are not modified. to_http_response adds what DynamoDB adds to every
// answer: x-amzn-RequestId and x-amz-crc32 (botocore verifies the latter).
// Pure apart from the per-thread request-id generator; thread-safe.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <string>
#include <string_view>

#include "api/service.h"

namespace minnow::server {

namespace http = boost::beast::http;
using HttpRequest = http::request<http::string_body>;
using HttpResponse = http::response<http::string_body>;

// `request_id` (kept alive by the caller) is the id the reply will carry.
api::Request to_api_request(HttpRequest& request, std::string_view request_id);

// `version` is the request's (10 or 11); `keep_alive` whether the connection stays open after
// this response, announced with a Connection header where the version needs one.
HttpResponse to_http_response(api::Reply&& reply, unsigned version, bool keep_alive);

// The same response's status line and header fields, as Beast would serialise them, written
// into `out` (cleared first; its capacity is reused) for `body`: what the Session sends, with
// the body, in one gather write. `request_id`: x-amzn-RequestId (server/request_id.h); a new one
// when empty. `extra_headers` (api::Reply::headers) are appended as they are.
void write_response_head(int status, std::string_view content_type, std::string_view body, unsigned version,
                         bool keep_alive, std::string& out, std::string_view request_id = {},
                         std::string_view extra_headers = {});

}  // namespace minnow::server
