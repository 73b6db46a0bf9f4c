#include "server/local_call.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace minnow::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

std::string connect_host(const std::string& host) {
  return host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host;
}

}  // namespace

std::string call_address(const LocalCall& call) { return connect_host(call.host) + ":" + std::to_string(call.port); }

LocalAnswer local_call(const LocalCall& call) {
  const std::string host = connect_host(call.host);
  asio::io_context io;
  beast::tcp_stream stream(io);
  asio::ip::tcp::resolver resolver(io);
  stream.expires_after(call.timeout);
  stream.connect(resolver.resolve(host, std::to_string(call.port)));
  http::request<http::string_body> request{http::string_to_verb(call.method), call.target, 11};
  request.set(http::field::host, call_address(call));
  for (const auto& [name, value] : call.headers) request.set(name, value);
  if (!call.body.empty()) request.body() = call.body;
  request.prepare_payload();
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  return LocalAnswer{static_cast<int>(response.result_int()), std::move(response.body())};
}

}  // namespace minnow::server
