#include "server/http_adapter.h"

#include <boost/beast/http/parser.hpp>
#include <boost/crc.hpp>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "server/crc32.h"
#include "server/http_date.h"
#include "server/request_id.h"

namespace http_adapter_test {

using minnow::server::crc32;

TEST_CASE("crc32 known vectors") {
  CHECK(crc32("") == 0u);
  CHECK(crc32("123456789") == 3421780262u);
  // x-amz-crc32 that DynamoDB Local sent with this ListTables reply.
  CHECK(crc32(R"({"TableNames":[]})") == 1315925753u);
  CHECK(crc32("The quick brown fox jumps over the lazy dog") == 0x414FA339u);
}

TEST_CASE("crc32 agrees with boost::crc_32_type at every length and alignment") {
  std::mt19937 random(12345);
  std::string data(4096 + 16, '\0');
  for (char& c : data) c = static_cast<char>(random());
  for (std::size_t offset = 0; offset < 8; ++offset) {
    for (std::size_t length = 0; length <= 4096; length += length < 300 ? 1 : 97) {
      boost::crc_32_type reference;
      reference.process_bytes(data.data() + offset, length);
      INFO("offset " << offset << " length " << length);
      CHECK(crc32(std::string_view(data).substr(offset, length)) == reference.checksum());
    }
  }
}

// The folding path takes whole 64-byte blocks, then 16-byte ones, then zlib the tail.
TEST_CASE("crc32 of large bodies agrees with boost::crc_32_type") {
  std::mt19937 random(7);
  std::string data(409600 + 3, '\0');
  for (char& c : data) c = static_cast<char>(random());
  for (std::size_t length : {65536, 65537, 65551, 409600, 409603}) {
    boost::crc_32_type reference;
    reference.process_bytes(data.data(), length);
    INFO("length " << length);
    CHECK(crc32(std::string_view(data).substr(0, length)) == reference.checksum());
  }
}

TEST_CASE("request ids look like DynamoDB's and do not repeat") {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const auto id = minnow::server::make_request_id();
    const std::string text(id.begin(), id.end());
    REQUIRE(text.size() == 52);
    for (char c : text) REQUIRE(((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')));
    seen.insert(text);
  }
  CHECK(seen.size() == 1000);
}

TEST_CASE("Beast request to api::Request: views into the headers, body moved") {
  minnow::server::HttpRequest request{minnow::server::http::verb::post, "/?x=1", 11};
  request.set("X-Amz-Target", "DynamoDB_20120810.GetItem");
  request.set(minnow::server::http::field::content_type, "application/x-amz-json-1.0");
  request.set(minnow::server::http::field::authorization, "AWS4-HMAC-SHA256 Credential=k/...");
  request.set(minnow::server::http::field::host, "localhost:8000");
  request.body() = std::string(1000, 'x');
  const char* body_bytes = request.body().data();

  std::vector<minnow::auth::Header> headers;
  const minnow::api::Request api = minnow::server::to_api_request(request, "REQUEST1", headers);
  CHECK(api.method == "POST");
  CHECK(api.path == "/");
  CHECK(api.query == "x=1");
  CHECK(api.target == "DynamoDB_20120810.GetItem");
  CHECK(api.content_type == "application/x-amz-json-1.0");
  CHECK(api.host == "localhost:8000");
  CHECK(api.request_id == "REQUEST1");
  REQUIRE(api.headers.size() == 4);
  CHECK(minnow::auth::find_header(api.headers, "authorization") == "AWS4-HMAC-SHA256 Credential=k/...");
  CHECK(api.headers[0].name == "X-Amz-Target");
  CHECK(api.body == std::string(1000, 'x'));
  CHECK(api.body.data() == body_bytes);  // moved, not copied
  CHECK(api.target.data() == request["X-Amz-Target"].data());
}

TEST_CASE("Beast request to api::Request: names in any case; a field named twice is its first value") {
  minnow::server::HttpRequest request{minnow::server::http::verb::post, "/", 11};
  request.insert("x-amz-TARGET", "DynamoDB_20120810.PutItem");
  request.insert("X-Amz-Target", "DynamoDB_20120810.DeleteTable");
  request.insert("CONTENT-type", "application/json");
  request.insert("content-type", "text/plain");
  request.insert("x-minnow-admin", "");
  request.insert("X-Minnow-Admin", "token");
  request.insert("AUTHORIZATION", "AWS4-HMAC-SHA256 x");
  request.insert("HOST", "h:1");
  std::vector<minnow::auth::Header> headers;
  const minnow::api::Request api = minnow::server::to_api_request(request, "", headers);
  CHECK(api.target == "DynamoDB_20120810.PutItem");
  CHECK(api.content_type == "application/json");
  CHECK(api.admin_header.empty());
  CHECK(api.authorization == "AWS4-HMAC-SHA256 x");
  CHECK(api.host == "h:1");
  CHECK(api.headers.size() == 8);
}

TEST_CASE("absent headers become empty views") {
  minnow::server::HttpRequest request{minnow::server::http::verb::get, "/", 11};
  std::vector<minnow::auth::Header> headers;
  const minnow::api::Request api = minnow::server::to_api_request(request, "", headers);
  CHECK(api.method == "GET");
  CHECK(api.query.empty());
  CHECK(api.target.empty());
  CHECK(api.content_type.empty());
  CHECK(api.host.empty());
  CHECK(api.headers.empty());
  CHECK(api.body.empty());
}

namespace {

// write_response_head's output with `body` after it, read back by Beast's parser.
minnow::server::http::response<minnow::server::http::string_body> response_of(int status, std::string_view type,
                                                                              const std::string& body, unsigned version,
                                                                              bool keep_alive) {
  std::string head;
  minnow::server::write_response_head(status, type, body, version, keep_alive, head);
  minnow::server::http::response_parser<minnow::server::http::string_body> parser;
  parser.eager(true);
  boost::system::error_code ec;
  const std::string wire = head + body;
  parser.put(boost::asio::buffer(wire), ec);
  if (!ec && !parser.is_done()) parser.put_eof(ec);
  INFO(wire);
  REQUIRE_FALSE(ec);
  REQUIRE(parser.is_done());
  return parser.release();
}

}  // namespace

TEST_CASE("response head: DynamoDB's headers") {
  namespace http = minnow::server::http;
  const std::string body = R"({"TableNames":[]})";
  const auto response = response_of(200, "application/x-amz-json-1.0", body, 11, true);
  CHECK(response.result_int() == 200);
  CHECK(response.version() == 11);
  CHECK(response[http::field::content_type] == "application/x-amz-json-1.0");
  CHECK(response[http::field::content_length] == std::to_string(body.size()));
  CHECK(response["x-amz-crc32"] == "1315925753");
  CHECK(response["x-amzn-RequestId"].size() == 52);
  CHECK(response[http::field::server] == "Server");
  CHECK(response[http::field::date] == minnow::server::http_date_now());
  CHECK(response.keep_alive());
  CHECK(response.body() == body);

  const auto closing = response_of(413, "", "", 11, false);
  CHECK(closing.result_int() == 413);
  CHECK_FALSE(closing.keep_alive());
  CHECK(closing[http::field::connection] == "close");
  CHECK(closing.find(http::field::content_type) == closing.end());
  CHECK(closing["x-amz-crc32"] == "0");

  const auto http10 = response_of(200, "text/plain", "ok", 10, true);
  CHECK(http10.keep_alive());
  CHECK(http10[http::field::connection] == "keep-alive");
}

TEST_CASE("HTTP dates as RFC 7231 writes them") {
  CHECK(minnow::server::format_http_date(1440938160) == "Sun, 30 Aug 2015 12:36:00 GMT");
  CHECK(minnow::server::http_date_now().size() == 29);
}

}  // namespace http_adapter_test
