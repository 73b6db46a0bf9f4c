#include "server/resolve.h"

#include <stdexcept>

namespace minnow::server {

namespace asio = boost::asio;
using asio::ip::tcp;

tcp::endpoint resolve_endpoint(asio::io_context& io, const std::string& host, std::uint16_t port) {
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  if (!ec) return tcp::endpoint(address, port);
  tcp::resolver resolver(io);
  auto results = resolver.resolve(host, std::to_string(port), ec);
  if (ec || results.empty()) {
    throw std::runtime_error("cannot resolve host '" + host + "': " + (ec ? ec.message() : "no address"));
  }
  return *results.begin();
}

}  // namespace minnow::server
