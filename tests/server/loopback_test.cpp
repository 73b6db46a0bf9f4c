// The server end to end over loopback: a real listener on an ephemeral port, a small Beast
// client. Only GET / (the health check) has a known answer; other requests are checked for
// framing and headers, whatever the Service says.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "server/crc32.h"
#include "server/curl_command.h"
#include "server/options.h"
#include "server/server.h"

namespace loopback_test {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::ip::tcp;
using boost::system::error_code;
using namespace std::chrono_literals;

constexpr std::size_t kBodyLimit = 4096;

minnow::server::Options test_options() {
  minnow::server::Options options;
  options.host = "127.0.0.1";
  options.port = 0;
  options.threads = 2;
  options.max_body_bytes = kBodyLimit;
  options.idle_timeout = 10s;
  options.read_timeout = 10s;
  return options;
}

// A Service and a Server running on a thread of its own; stopped and joined on destruction.
class TestServer {
 public:
  explicit TestServer(const minnow::server::Options& options = test_options())
      : namespaces_(false, clock_, minnow::engine::DatabaseOptions{}),
        service_(namespaces_, {}),
        server_(service_, options) {
    thread_ = std::thread([this] { server_.run(); });
  }
  ~TestServer() { stop_and_join(); }

  std::uint16_t port() const { return server_.port(); }
  void stop() { server_.stop(); }
  void stop_and_join() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }

 private:
  minnow::engine::AdjustableClock clock_{minnow::engine::AdjustableClock::Mode::frozen};
  minnow::engine::Namespaces namespaces_;
  minnow::api::Service service_;
  minnow::server::Server server_;
  std::thread thread_;
};

using Response = http::response<http::string_body>;

// A blocking client whose every operation gives up after a generous while instead of hanging.
// Long enough for a sanitized server on a loaded machine; only a hang ever waits this long.
constexpr auto kClientPatience = 60s;

class Client {
 public:
  explicit Client(std::uint16_t port) {
    stream_.expires_after(kClientPatience);
    error_code result;
    stream_.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                          [&](error_code ec) { result = ec; });
    run();
    REQUIRE_FALSE(result);
  }

  error_code write_raw(const std::string& bytes) {
    stream_.expires_after(kClientPatience);
    error_code result;
    asio::async_write(stream_, asio::buffer(bytes), [&](error_code ec, std::size_t) { result = ec; });
    run();
    return result;
  }

  error_code write(http::request<http::string_body> request) {
    request.prepare_payload();
    stream_.expires_after(kClientPatience);
    error_code result;
    http::async_write(stream_, request, [&](error_code ec, std::size_t) { result = ec; });
    run();
    return result;
  }

  error_code read(Response& response) {
    stream_.expires_after(kClientPatience);
    error_code result;
    http::async_read(stream_, buffer_, response, [&](error_code ec, std::size_t) { result = ec; });
    run();
    return result;
  }

  Response read() {
    Response response;
    const error_code ec = read(response);
    INFO(ec.message());
    REQUIRE_FALSE(ec);
    return response;
  }

  Response exchange(http::request<http::string_body> request) {
    REQUIRE_FALSE(write(std::move(request)));
    return read();
  }

  // True when the server has closed the connection (EOF or reset) without sending more.
  bool closed_by_server() {
    Response response;
    const error_code ec = read(response);
    return ec == http::error::end_of_stream || ec == asio::error::connection_reset || ec == asio::error::eof;
  }

 private:
  void run() {
    io_.run();
    io_.restart();
  }

  asio::io_context io_;
  beast::tcp_stream stream_{io_};
  beast::flat_buffer buffer_;
};

http::request<http::string_body> health_check() {
  http::request<http::string_body> request{http::verb::get, "/", 11};
  request.set(http::field::host, "127.0.0.1");
  return request;
}

http::request<http::string_body> dynamodb_call(std::string body) {
  http::request<http::string_body> request{http::verb::post, "/", 11};
  request.set(http::field::host, "127.0.0.1");
  request.set("X-Amz-Target", "DynamoDB_20120810.ListTables");
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.set(http::field::authorization,
              "AWS4-HMAC-SHA256 Credential=k/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, "
              "Signature=0");
  request.set("X-Amz-Date", "20260101T000000Z");
  request.body() = std::move(body);
  return request;
}

bool is_request_id(std::string_view id) {
  if (id.size() != 52) return false;
  for (char c : id) {
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

void check_dynamodb_headers(const Response& response) {
  CHECK(response[http::field::content_length] == std::to_string(response.body().size()));
  CHECK(response["x-amz-crc32"] == std::to_string(minnow::server::crc32(response.body())));
  CHECK(is_request_id(response["x-amzn-RequestId"]));
}

std::string raw_post_header(std::size_t content_length, std::string_view extra_headers = "") {
  return "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
         "Content-Type: application/x-amz-json-1.0\r\n" +
         std::string(extra_headers) + "Content-Length: " + std::to_string(content_length) + "\r\n\r\n";
}

}  // namespace

TEST_CASE("loopback: two requests on one keep-alive connection") {
  TestServer server;
  REQUIRE(server.port() != 0);
  Client client(server.port());

  const Response health = client.exchange(health_check());
  CHECK(health.result_int() == 200);
  CHECK(health.body().starts_with("healthy:"));
  CHECK(health.keep_alive());
  check_dynamodb_headers(health);

  const Response call = client.exchange(dynamodb_call("{}"));
  CHECK(call.result_int() >= 200);
  CHECK_FALSE(call[http::field::content_type].empty());
  check_dynamodb_headers(call);
  CHECK(call["x-amzn-RequestId"] != health["x-amzn-RequestId"]);
  CHECK(call.keep_alive());

  // Still the same connection.
  CHECK(client.exchange(health_check()).result_int() == 200);
}

// A request's body is read into the memory of the one before it (server/exchange.h's spare_body):
// nothing of the longer body before may be left in a shorter one.
TEST_CASE("loopback: a short body after a long one on the same connection is read alone") {
  TestServer server;
  Client client(server.port());
  const std::string long_name(200, 'a');
  const Response first = client.exchange(dynamodb_call(R"({"ExclusiveStartTableName": ")" + long_name + R"("})"));
  CHECK(first.result_int() == 200);
  const Response second = client.exchange(dynamodb_call("{}"));
  CHECK(second.result_int() == 200);
  CHECK(second.body() == R"({"TableNames":[]})");
  const Response third = client.exchange(dynamodb_call(R"({"Limit": 0})"));
  CHECK(third.result_int() == 400);
  CHECK(third.body().find("ValidationException") != std::string::npos);
}

TEST_CASE("loopback: a reply's extra headers (the console's) go out with it") {
  TestServer server;
  Client client(server.port());
  http::request<http::string_body> request{http::verb::get, "/console", 11};
  request.set(http::field::host, "127.0.0.1");
  const Response page = client.exchange(std::move(request));
  CHECK(page.result_int() == 200);
  CHECK(page[http::field::content_type] == "text/html; charset=utf-8");
  CHECK(page["X-Frame-Options"] == "DENY");
  CHECK(page["Content-Security-Policy"].find("frame-ancestors 'none'") != std::string_view::npos);
  check_dynamodb_headers(page);
  CHECK(client.exchange(health_check()).result_int() == 200);  // framing intact
}

TEST_CASE("loopback: Connection: close and HTTP/1.0 close after the reply") {
  TestServer server;
  {
    Client client(server.port());
    auto request = health_check();
    request.keep_alive(false);
    const Response response = client.exchange(request);
    CHECK(response.result_int() == 200);
    CHECK_FALSE(response.keep_alive());
    CHECK(client.closed_by_server());
  }
  {
    Client client(server.port());
    auto request = health_check();
    request.version(10);
    const Response response = client.exchange(request);
    CHECK(response.result_int() == 200);
    CHECK_FALSE(response.keep_alive());
    CHECK(client.closed_by_server());
  }
}

TEST_CASE("loopback: pipelined requests are answered in order") {
  TestServer server;
  Client client(server.port());
  REQUIRE_FALSE(client.write_raw("GET / HTTP/1.1\r\nHost: a\r\n\r\n" + raw_post_header(2) + "{}" +
                                 "GET / HTTP/1.1\r\nHost: a\r\n\r\n"));
  CHECK(client.read().body().starts_with("healthy:"));
  check_dynamodb_headers(client.read());
  CHECK(client.read().body().starts_with("healthy:"));
}

// The session waits for the socket before reading when its last read emptied it; a request that
// arrives while a reply is held back (injected latency) must still be read after that reply.
TEST_CASE("loopback: a request sent while the reply before it is held back is answered") {
  TestServer server;
  Client client(server.port());
  http::request<http::string_body> fault{http::verb::post, "/_minnow/faults", 11};
  fault.set(http::field::host, "127.0.0.1");
  fault.set("X-Minnow-Admin", "1");
  fault.set(http::field::content_type, "application/json");
  fault.body() = R"({"operation": "ListTables", "latencyMs": 500, "count": 1})";
  REQUIRE(client.exchange(std::move(fault)).result_int() == 200);

  REQUIRE_FALSE(client.write(dynamodb_call("{}")));  // held back 500 ms
  // Most likely read by then, and held: the next request then arrives during the hold. (Read
  // together with it or after the hold, it is answered too; the pause only makes the case occur.)
  std::this_thread::sleep_for(150ms);
  REQUIRE_FALSE(client.write(health_check()));
  const Response held = client.read();
  CHECK(held.result_int() == 200);
  check_dynamodb_headers(held);
  CHECK(client.read().body().starts_with("healthy:"));
}

TEST_CASE("loopback: a body over the limit gets 413 and the connection closes") {
  TestServer server;

  SECTION("announced by Content-Length, body sent") {
    Client client(server.port());
    REQUIRE_FALSE(client.write_raw(raw_post_header(kBodyLimit + 1) + std::string(kBodyLimit + 1, 'x')));
    const Response response = client.read();
    CHECK(response.result_int() == 413);
    CHECK(response.body().empty());  // as DynamoDB answers it: chunked, the last chunk only
    CHECK(response.chunked());
    CHECK_FALSE(response.keep_alive());
    CHECK(client.closed_by_server());
  }
  SECTION("announced by Content-Length, body not sent") {
    Client client(server.port());
    REQUIRE_FALSE(client.write_raw(raw_post_header(100u << 20)));
    CHECK(client.read().result_int() == 413);
    CHECK(client.closed_by_server());
  }
  SECTION("chunked") {
    Client client(server.port());
    std::string chunk(kBodyLimit, 'x');
    REQUIRE_FALSE(client.write_raw("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1000\r\n" + chunk +
                                   "\r\n10\r\n" + std::string(16, 'y') + "\r\n0\r\n\r\n"));
    CHECK(client.read().result_int() == 413);
    CHECK(client.closed_by_server());
  }
  SECTION("a body exactly at the limit is accepted") {
    Client client(server.port());
    const Response response = client.exchange(dynamodb_call(std::string(kBodyLimit, ' ')));
    CHECK(response.result_int() != 413);
    check_dynamodb_headers(response);
  }
}

TEST_CASE("loopback: broken HTTP gets 400 and the connection closes") {
  TestServer server;
  Client client(server.port());
  REQUIRE_FALSE(client.write_raw("NOT HTTP AT ALL\r\n\r\n"));
  const Response response = client.read();
  CHECK(response.result_int() == 400);
  CHECK(client.closed_by_server());
}

TEST_CASE("loopback: Expect: 100-continue gets an interim 100") {
  TestServer server;
  Client client(server.port());
  REQUIRE_FALSE(client.write_raw(raw_post_header(2, "Expect: 100-continue\r\n")));
  CHECK(client.read().result_int() == 100);
  REQUIRE_FALSE(client.write_raw("{}"));
  check_dynamodb_headers(client.read());
}

TEST_CASE("loopback: an idle connection is closed after the idle timeout") {
  auto options = test_options();
  options.idle_timeout = 3s;  // also the first request's deadline: room for a stalled test thread
  TestServer server(options);
  Client client(server.port());
  CHECK(client.exchange(health_check()).result_int() == 200);
  CHECK(client.closed_by_server());  // long before the client's patience runs out
}

TEST_CASE("loopback: a request that stalls is closed after the read timeout") {
  auto options = test_options();
  options.read_timeout = 200ms;
  TestServer server(options);
  Client client(server.port());
  REQUIRE_FALSE(client.write_raw(raw_post_header(10) + "{"));
  CHECK(client.closed_by_server());
}

TEST_CASE("loopback: graceful stop closes idle connections and finishes requests in flight") {
  auto options = test_options();
  options.shutdown_grace = 60s;
  TestServer server(options);
  Client idle(server.port());
  CHECK(idle.exchange(health_check()).result_int() == 200);

  Client busy(server.port());
  // The interim 100 says the server has read the header: the request is in flight when the stop
  // comes, and the grace lets its body arrive however slowly this test runs.
  REQUIRE_FALSE(busy.write_raw(raw_post_header(2, "Expect: 100-continue\r\n")));
  CHECK(busy.read().result_int() == 100);
  server.stop();

  CHECK(idle.closed_by_server());
  REQUIRE_FALSE(busy.write_raw("{}"));
  const Response response = busy.read();
  check_dynamodb_headers(response);
  CHECK_FALSE(response.keep_alive());
  CHECK(busy.closed_by_server());

  server.stop_and_join();  // returns: every connection is gone
}

TEST_CASE("loopback: stop before any connection returns at once") {
  TestServer server;
  server.stop_and_join();
}

TEST_CASE("loopback: a port in use is reported") {
  TestServer first;
  auto options = test_options();
  options.port = first.port();
  minnow::engine::AdjustableClock clock{minnow::engine::AdjustableClock::Mode::frozen};
  minnow::engine::Namespaces namespaces(false, clock, minnow::engine::DatabaseOptions{});
  minnow::api::Service service(namespaces, {});
  try {
    minnow::server::Server second(service, options);
    FAIL("a second server bound the same port");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).starts_with("cannot listen on 127.0.0.1:" + std::to_string(first.port())));
  }
}

// A new client's health check, tried until it is answered 200 (each try on a fresh connection,
// closed after it), or kClientPatience has passed.
bool served_within_patience(std::uint16_t port) {
  for (const auto give_up = std::chrono::steady_clock::now() + kClientPatience;
       std::chrono::steady_clock::now() < give_up;) {
    Client next(port);
    Response response;
    if (!next.write(health_check()) && !next.read(response) && response.result_int() == 200) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

TEST_CASE("loopback: beyond --max-connections, with no connection idle, a new one gets a 503 and is closed") {
  auto options = test_options();
  options.max_connections = 2;
  TestServer server(options);
  // Two connections in the middle of a request (the 100 Continue says the server has its head):
  // neither is idle.
  Client first(server.port());
  std::optional<Client> second(std::in_place, server.port());
  REQUIRE_FALSE(first.write_raw(raw_post_header(2, "Expect: 100-continue\r\n")));
  CHECK(first.read().result_int() == 100);
  REQUIRE_FALSE(second->write_raw(raw_post_header(2, "Expect: 100-continue\r\n")));
  CHECK(second->read().result_int() == 100);

  {
    Client refused(server.port());
    const Response response = refused.read();  // sent at once, before any request
    CHECK(response.result_int() == 503);
    CHECK(response.body().find("#ServiceUnavailable") != std::string::npos);
    CHECK_FALSE(response.keep_alive());
    check_dynamodb_headers(response);
    CHECK(refused.closed_by_server());
  }
  // The connections being served are not disturbed.
  REQUIRE_FALSE(first.write_raw("{}"));
  CHECK(first.read().result_int() != 503);

  // A slot frees when a connection closes (the session ends on its own thread, a moment later).
  second.reset();
  CHECK(served_within_patience(server.port()));
}

TEST_CASE("loopback: at --max-connections, the connection idle the longest makes room for a new one") {
  auto options = test_options();
  options.max_connections = 2;
  TestServer server(options);
  Client oldest(server.port());
  Client newer(server.port());
  CHECK(oldest.exchange(health_check()).result_int() == 200);
  CHECK(newer.exchange(health_check()).result_int() == 200);
  // Both are idle once their threads are back to waiting: a new client is served (retried until
  // then), and one idle connection (the oldest, unless its thread was late) is closed for it.
  CHECK(served_within_patience(server.port()));
  int closed = 0;
  for (Client* idle : {&oldest, &newer}) {
    Response response;
    if (idle->write(health_check()) || idle->read(response)) ++closed;
  }
  CHECK(closed == 1);
}

TEST_CASE("loopback: a stop does not wait for a client that stalls mid-request") {
  auto options = test_options();
  options.read_timeout = 3600s;
  TestServer server(options);
  Client stalled(server.port());
  REQUIRE_FALSE(stalled.write_raw(raw_post_header(100, "Expect: 100-continue\r\n") + "{"));
  CHECK(stalled.read().result_int() == 100);  // the request is being received
  const auto start = std::chrono::steady_clock::now();
  server.stop_and_join();
  // The shutdown grace (0.5 s) plus scheduling, however loaded the machine: not the hour's read timeout.
  CHECK(std::chrono::steady_clock::now() - start < 600s);
  CHECK(stalled.closed_by_server());
}

TEST_CASE("loopback: a request line or header fields over 16 KB are 400, with an empty body") {
  TestServer server;
  {
    Client client(server.port());
    REQUIRE_FALSE(client.write_raw("GET /" + std::string(16 * 1024, 'a') + " HTTP/1.1\r\nHost: a\r\n\r\n"));
    const Response response = client.read();
    CHECK(response.result_int() == 400);
    CHECK(response.body().empty());
    CHECK(client.closed_by_server());
  }
  {
    // Two fields, neither over the limit alone.
    Client client(server.port());
    REQUIRE_FALSE(client.write_raw("GET / HTTP/1.1\r\nHost: a\r\nX-A: " + std::string(8 * 1024, 'a') +
                                   "\r\nX-B: " + std::string(8 * 1024, 'b') + "\r\n\r\n"));
    const Response response = client.read();
    CHECK(response.result_int() == 400);
    CHECK(response.body().empty());
    CHECK(client.closed_by_server());
  }
  {
    // Far over both: Beast's own limit on the whole head.
    Client client(server.port());
    REQUIRE_FALSE(client.write_raw("GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + std::string(70 * 1024, 'a') + "\r\n\r\n"));
    CHECK(client.read().result_int() == 400);
    CHECK(client.closed_by_server());
  }
  {
    // A 15 KB line and 15 KB of fields: read.
    Client client(server.port());
    REQUIRE_FALSE(client.write_raw("GET /?" + std::string(15 * 1024, 'a') + " HTTP/1.1\r\nHost: a\r\nX-A: " +
                                   std::string(15 * 1024, 'a') + "\r\n\r\n"));
    CHECK(client.read().result_int() == 200);
  }
}

// The image's curl (a link to minnow) as the health checks of compose files use it.
struct CurlRun {
  int status;
  std::string out;
  std::string err;
};

CurlRun curl(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int status = minnow::server::run_curl(args, out, err);
  return {status, out.str(), err.str()};
}

TEST_CASE("loopback: curl as health checks call it") {
  TestServer server;
  const std::string url = "http://localhost:" + std::to_string(server.port());

  const CurlRun code = curl({"-s", "-o", "/dev/null", "-w", "%{http_code}", url});
  CHECK(code.status == 0);
  CHECK(code.out == "200");

  const CurlRun body = curl({"-s", url + "/"});
  CHECK(body.status == 0);
  CHECK(body.out.starts_with("healthy:"));

  // HEAD: the status line and fields only, whatever the status (the image's check greps it).
  const CurlRun head_code = curl({"-s", "-o", "/dev/null", "-I", "-w", "%{http_code}", url});
  const CurlRun head = curl({"-sI", url});
  CHECK(head.status == 0);
  CHECK(head.out.starts_with("HTTP/1.1 " + head_code.out + " "));
  CHECK(head.out.find("x-amzn-RequestId: ") != std::string::npos);
  CHECK(head.out.ends_with("\r\n\r\n"));  // the head only

  const CurlRun included = curl({"-si", "-w", "\\n%{response_code}\\n", url});
  CHECK(included.out.starts_with("HTTP/1.1 200 OK\r\n"));
  CHECK(included.out.find("\r\n\r\nhealthy:") != std::string::npos);
  CHECK(included.out.ends_with("\n200\n"));
}

TEST_CASE("loopback: curl's exit statuses") {
  TestServer server;
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/";

  // --fail on an error answer: 22, and the message only with -S.
  const CurlRun failed = curl({"-fsS", "-X", "POST", "-d", "{}", url});
  CHECK(failed.status == 22);
  CHECK(failed.err.starts_with("curl: (22) The requested URL returned error: 4"));
  CHECK(curl({"-sf", "-X", "POST", url}).err.empty());
  CHECK(curl({"-s", "-X", "POST", url}).status == 0);  // without --fail an answer is an answer

  // Nothing listening: 7. A port bound here but not listening refuses, and nothing else takes it.
  asio::io_context io;
  tcp::socket bound(io);
  bound.open(tcp::v4());
  bound.bind(tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const CurlRun refused = curl({"-sS", "http://127.0.0.1:" + std::to_string(bound.local_endpoint().port()) + "/"});
  CHECK(refused.status == 7);
  CHECK(refused.err.starts_with("curl: (7) Failed to connect to 127.0.0.1:"));

  CHECK(curl({"-s", "--bogus", url}).status == 2);
  CHECK(curl({"-s"}).status == 2);
  CHECK(curl({"-s", "-o"}).status == 2);
  CHECK(curl({"-s", "ftp://localhost/"}).status == 1);
  CHECK(curl({"-s", "http://localhost:99999/"}).status == 3);
}

}  // namespace loopback_test
