#include "server/local_call.h"

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <sstream>

#include "server/resolve.h"

namespace minnow::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

std::string connect_host(const std::string& host) {
  return host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host;
}

// The status line and fields, CRLF-terminated, as Beast writes a header.
std::string head_of(const http::response<http::string_body>& response) {
  std::ostringstream head;
  head << response.base();
  return head.str();
}

}  // namespace

std::string call_address(const LocalCall& call) { return connect_host(call.host) + ":" + std::to_string(call.port); }

LocalAnswer local_call(const LocalCall& call) {
  using Kind = LocalCallError::Kind;
  const std::string host = connect_host(call.host);
  asio::io_context io;
  beast::tcp_stream stream(io);
  asio::ip::tcp::endpoint endpoint;
  try {
    endpoint = resolve_endpoint(io, host, call.port);
  } catch (const std::exception& e) {
    throw LocalCallError(Kind::kResolve, e.what());
  }
  auto check = [&](const beast::error_code& ec, Kind kind, const char* what) {
    if (!ec) return;
    if (ec == beast::error::timeout) throw LocalCallError(Kind::kTimeout, "Operation timed out after " +
                                                          std::to_string(call.timeout.count()) + " milliseconds");
    throw LocalCallError(kind, std::string(what) + " " + call_address(call) + ": " + ec.message());
  };
  beast::error_code ec;
  stream.expires_after(call.timeout);
  stream.connect(endpoint, ec);
  check(ec, Kind::kConnect, "Failed to connect to");
  http::request<http::string_body> request{http::string_to_verb(call.method), call.target, 11};
  request.set(http::field::host, call_address(call));
  for (const auto& [name, value] : call.headers) request.set(name, value);
  if (!call.body.empty()) request.body() = call.body;
  request.prepare_payload();
  http::write(stream, request, ec);
  check(ec, Kind::kExchange, "Failed sending to");
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  if (request.method() == http::verb::head) parser.skip(true);  // a HEAD answer has no body to wait for
  http::read(stream, buffer, parser, ec);
  check(ec, Kind::kExchange, "Failed reading the answer of");
  http::response<http::string_body> response = parser.release();
  return LocalAnswer{static_cast<int>(response.result_int()), head_of(response), std::move(response.body())};
}

}  // namespace minnow::server
