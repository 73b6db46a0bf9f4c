// libFuzzer target: HTTP request parsing as a connection does it (server/session.cpp): Beast's
// parser, eager, with the session's header limit, fed the bytes in pieces (the first input byte
// is the piece size), pipelined requests one after the other; each complete request goes through
// server/http_adapter to a fresh Minnow (tests/fuzz/fuzz_service.h), whose answer must pass its
// checks. Seeds: corpus/http_request/ (raw requests, pipelined ones, chunked bodies).
#include <algorithm>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "server/http_adapter.h"
#include "tests/fuzz/fuzz_service.h"

namespace http = boost::beast::http;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t piece = data[0] == 0 ? 1 : data[0];
  const char* bytes = reinterpret_cast<const char*>(data + 1);
  const std::size_t total = size - 1;
  minnow::fuzz::FuzzService minnow;
  boost::beast::flat_buffer buffer;
  std::optional<http::request_parser<minnow::server::RequestBody>> parser;
  std::size_t fed = 0;
  for (;;) {  // the loop of Session::serve
    if (!parser) {
      parser.emplace();
      parser->eager(true);
      parser->header_limit(2 * 16 * 1024 + 2);  // server/session.cpp's kHeaderLimit
      parser->body_limit(1 << 20);
    }
    if (buffer.size() > 0) {
      boost::system::error_code ec;
      const std::size_t used = parser->put(buffer.data(), ec);
      buffer.consume(used);
      if (ec && ec != http::error::need_more) return 0;  // the session answers 400 or 413 and closes
      if (parser->is_done()) {
        minnow::server::HttpRequest request = parser->release();
        parser.reset();
        std::vector<minnow::auth::Header> headers;
        minnow::api::Request api_request = minnow::server::to_api_request(request, "FUZZ", headers);
        minnow::fuzz::FuzzService::check(minnow.service.handle(api_request));
        continue;
      }
      if (!ec && used > 0 && buffer.size() > 0) continue;
    }
    if (fed == total) return 0;
    const std::size_t n = std::min(piece, total - fed);
    std::memcpy(buffer.prepare(n).data(), bytes + fed, n);
    buffer.commit(n);
    fed += n;
  }
}
