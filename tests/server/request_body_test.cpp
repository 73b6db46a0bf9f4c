#include "server/request_body.h"

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

namespace request_body_test {

namespace {

namespace http = boost::beast::http;
using Parser = http::request_parser<minnow::server::RequestBody>;

// Feeds `raw` to a parser `piece` bytes at a time, as a connection does when its reads end
// anywhere; returns the body once the request is complete.
std::string parse_in_pieces(std::string_view raw, std::size_t piece) {
  Parser parser;
  parser.eager(true);
  std::string pending;
  for (std::size_t at = 0; at < raw.size(); at += piece) {
    pending.append(raw.substr(at, piece));
    boost::beast::error_code ec;
    const std::size_t used = parser.put(boost::asio::buffer(pending), ec);
    if (ec && ec != http::error::need_more) FAIL(ec.message());
    pending.erase(0, used);
  }
  REQUIRE(parser.is_done());
  return parser.release().body();
}

}  // namespace

TEST_CASE("request body: every byte arrives once, in order, whatever the pieces") {
  std::string body;
  for (int i = 0; i < 3000; ++i) body += static_cast<char>('a' + i % 26);
  const std::string raw = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{1000}, raw.size()}) {
    INFO("pieces of " << piece);
    CHECK(parse_in_pieces(raw, piece) == body);
  }
}

TEST_CASE("request body: a chunked body is the chunks joined") {
  const std::string raw =
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\n\r\n";
  for (const std::size_t piece : {std::size_t{1}, std::size_t{4}, raw.size()}) {
    INFO("pieces of " << piece);
    CHECK(parse_in_pieces(raw, piece) == "hello world");
  }
}

TEST_CASE("request body: none, and over the parser's limit") {
  CHECK(parse_in_pieces("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", 3).empty());

  Parser parser;
  parser.body_limit(4);
  const std::string raw = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello";
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(raw), ec);
  CHECK(ec == http::error::body_limit);
}

}  // namespace request_body_test
