// HOST:PORT as an endpoint, for listening and for the subcommands' calls.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <string>

namespace minnow::server {

// Numeric addresses and "localhost" (127.0.0.1) are answered without the system's resolver: the
// static binary of the image FROM scratch has no /etc/hosts and no NSS modules to ask. Any other
// name goes to the resolver and its first address is taken. Throws std::runtime_error.
boost::asio::ip::tcp::endpoint resolve_endpoint(boost::asio::io_context& io, const std::string& host,
                                                std::uint16_t port);

}  // namespace minnow::server
