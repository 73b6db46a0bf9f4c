// One HTTP exchange: a request, whole, in; the response's head and body out. Around
// api::Service::handle it does what HTTP asks of a DynamoDB endpoint:
//   - a gzip or deflate request body is decoded, the body limit applying to the decoded size
//     (413 beyond it, as for a body sent too large); SigV4 still signs the bytes as sent; a body
//     in an unknown coding, or not in the one it names, is a 500 and is not executed (DynamoDB's
//     answers);
//   - CORS (server/cors.h): a preflight is answered here, other answers get the headers;
//   - a reply over kMaxPlainReplyBytes is compressed when the client accepts it;
//   - the request is timed and recorded (server/request_logger.h), but for reads of the record.
// Server-private: includes Beast. Thread-safe with an ExchangeBuffers object per connection.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "api/service.h"
#include "server/cors.h"
#include "server/http_adapter.h"

namespace minnow::server {

class RequestLogger;

struct ExchangeSettings {
  api::Service& service;
  const CorsPolicy& cors;
  std::size_t max_body_bytes = 0;
  RequestLogger* logger = nullptr;  // null: nothing recorded
};

// A connection's scratch space, kept between requests so that its capacity is reused.
struct ExchangeBuffers {
  std::vector<auth::Header> headers;  // the request's, for api::Request
  std::string encoded_body;           // a compressed body as received
  // The last request's body, emptied, for the next request's to be read into: a request of a few
  // kilobytes (a 25-item BatchWriteItem is 10 KB) then reuses its memory instead of allocating.
  // Kept up to kSpareBodyBytes, so that an idle connection holds little.
  std::string spare_body;
};

inline constexpr std::size_t kSpareBodyBytes = 16 * 1024;

struct ExchangeResult {
  bool close = false;                 // send the reply, then close (the decoded body was too large)
  std::chrono::milliseconds delay{};  // hold the reply this long first (injected latency)
};

// Answers `request`: its response head into `head` (server/http_adapter.h) and body into `body`.
ExchangeResult exchange(const ExchangeSettings& settings, HttpRequest& request, std::string_view request_id,
                        bool keep_alive, ExchangeBuffers& buffers, std::string& head, std::string& body);

}  // namespace minnow::server
