#include "server/exchange.h"

#include <chrono>
#include <iostream>
#include <utility>

#include "api/admin/admin.h"
#include "server/content_coding.h"
#include "server/request_logger.h"

namespace minnow::server {

namespace {

constexpr std::string_view kRequestLogPath = "/_minnow/requests";

// The Service answers every error itself; this is the last line of defence against a bug.
api::Reply call_service(api::Service& service, api::Request& request) {
  try {
    return service.handle(request);
  } catch (const std::exception& e) {
    std::cerr << "minnow: internal error (request " << request.request_id << "): " << e.what() << std::endl;
  } catch (...) {
    std::cerr << "minnow: internal error (request " << request.request_id << "): unknown exception" << std::endl;
  }
  return api::internal_error_reply();
}

enum class Body { kPlain, kDecoded, kUndecodable, kTooLarge };

// Decodes a gzip or deflate body in place, keeping the bytes as sent in `encoded`. A body in a
// coding Minnow does not know, or not what its coding says, is kUndecodable; one that decodes to
// more than `limit` bytes is kTooLarge.
Body decode_body(HttpRequest& request, std::size_t limit, std::string& encoded) {
  const Coding coding = parse_content_encoding(std_view(request[http::field::content_encoding]));
  if (coding == Coding::kIdentity) return Body::kPlain;
  if (coding == Coding::kUnknown) return Body::kUndecodable;
  encoded = std::move(request.body());
  std::string decoded;
  switch (decode(encoded, coding, limit, decoded)) {
    case DecodeResult::kOk:
      request.body() = std::move(decoded);
      return Body::kDecoded;
    case DecodeResult::kTooLarge:
      return Body::kTooLarge;
    case DecodeResult::kCorrupt:
      break;
  }
  return Body::kUndecodable;
}

// Compresses `body` when the client accepts it and it is worth it, adding the header line.
void compress_reply(std::string_view accept_encoding, std::string& body, std::string& headers) {
  if (body.size() <= kMaxPlainReplyBytes) return;  // most replies: Accept-Encoding need not be read
  const Coding coding = choose_response_coding(accept_encoding);
  if (coding == Coding::kIdentity) return;
  std::string compressed = encode(body, coding);
  if (compressed.empty() || compressed.size() >= body.size()) return;
  body = std::move(compressed);
  headers.append("Content-Encoding: ").append(coding_name(coding)).append("\r\n");
}

}  // namespace

ExchangeResult exchange(const ExchangeSettings& settings, HttpRequest& request, std::string_view request_id,
                        bool keep_alive, ExchangeBuffers& buffers, std::string& head, std::string& body) {
  const auto started = std::chrono::steady_clock::now();
  const unsigned version = request.version();
  ExchangeResult result;
  const std::string_view target = std_view(request.target());
  const std::string_view path = target.substr(0, target.find('?'));
  // The test controls are never offered to other origins.
  const std::string_view origin =
      api::is_admin_path(path) ? std::string_view() : std_view(request[http::field::origin]);
  const Body state = decode_body(request, settings.max_body_bytes, buffers.encoded_body);
  const bool preflight = request.method() == http::verb::options && !origin.empty() && state != Body::kTooLarge;
  api::Reply reply;
  if (state == Body::kTooLarge) {
    // As for a body sent too large (server/session.h): 413, empty, and the connection closes.
    reply = api::Reply{413, "", ""};
    result.close = true;
    keep_alive = false;
  } else if (preflight) {
    reply = api::Reply{200, "", ""};
    settings.cors.append_preflight_headers(origin, std_view(request[http::field::access_control_request_method]),
                                           std_view(request[http::field::access_control_request_headers]),
                                           reply.headers);
  } else if (state == Body::kUndecodable) {
    // DynamoDB fails such a request with a 500 before reading it (nothing is executed).
    reply = api::internal_error_reply();
  } else {
    api::Request api_request = to_api_request(request, request_id, buffers.headers);
    if (state == Body::kDecoded) api_request.encoded_body = &buffers.encoded_body;
    reply = call_service(settings.service, api_request);
    if (api_request.body.capacity() <= kSpareBodyBytes) {
      buffers.spare_body = std::move(api_request.body);
      buffers.spare_body.clear();
    }
  }
  if (!origin.empty() && !preflight) settings.cors.append_response_headers(origin, reply.headers);
  result.delay = std::chrono::milliseconds(reply.delay_ms);
  body = std::move(reply.body);
  if (state == Body::kTooLarge) {
    write_payload_too_large(version, head, body, reply.headers);
  } else {
    compress_reply(std_view(request[http::field::accept_encoding]), body, reply.headers);
    write_response_head(reply.status, reply.content_type, body, version, keep_alive, head, request_id, reply.headers);
  }
  // A HEAD answer has the head a GET would get and no body: a body would be read as the start of
  // the next answer on the connection.
  if (request.method() == http::verb::head) body.clear();
  // Polling the record would fill it with its own reads.
  if (settings.logger && path != kRequestLogPath) {
    const auto elapsed = std::chrono::steady_clock::now() - started;
    settings.logger->record(std_view(request.method_string()), path, request_id, reply,
                            std::chrono::duration_cast<std::chrono::microseconds>(elapsed));
  }
  return result;
}

}  // namespace minnow::server
