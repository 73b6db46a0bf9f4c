#include "server/env_command.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <chrono>

#include "dataapi/data_api.h"

namespace minnow::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

int print_data_api_environment(const std::string& host, std::uint16_t port, const std::string& token, std::ostream& out,
                               std::ostream& err) {
  const std::string target_host = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host;
  const std::string address = target_host + ":" + std::to_string(port);
  constexpr auto kTimeout = std::chrono::seconds(10);
  try {
    asio::io_context io;
    beast::tcp_stream stream(io);
    asio::ip::tcp::resolver resolver(io);
    stream.expires_after(kTimeout);
    stream.connect(resolver.resolve(target_host, std::to_string(port)));
    http::request<http::string_body> request{http::verb::post, std::string(dataapi::kRoutePrefix) + "env", 11};
    request.set(http::field::host, address);
    request.set(http::field::authorization, "Bearer " + token);
    request.set(http::field::content_type, "application/json");
    request.body() = "{}";
    request.prepare_payload();
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    if (response.result_int() == 200) {
      out << response.body() << std::flush;
      return 0;
    }
    err << "minnow env: " << address << " answered HTTP " << response.result_int() << ": " << response.body()
        << std::endl;
  } catch (const std::exception& e) {
    err << "minnow env: " << address << ": " << e.what() << std::endl;
  }
  return 1;
}

}  // namespace minnow::server
