#include "server/listener.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <utility>

namespace minnow::server {

namespace asio = boost::asio;
using boost::asio::ip::tcp;
using boost::system::error_code;

Listener::Listener(asio::io_context& io, const tcp::endpoint& endpoint, std::shared_ptr<SessionRegistry> registry,
                   std::vector<asio::io_context*> sessions)
    : io_(io),
      strand_(asio::make_strand(io)),
      acceptor_(strand_),
      retry_timer_(strand_),
      registry_(std::move(registry)),
      sessions_(std::move(sessions)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  local_endpoint_ = acceptor_.local_endpoint();
}

void Listener::start() {
  asio::dispatch(strand_, [self = shared_from_this()] { self->accept(); });
}

void Listener::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    if (self->stopped_) return;
    self->stopped_ = true;
    error_code ignored;
    self->acceptor_.close(ignored);
    self->retry_timer_.cancel();
    self->registry_->stop();
  });
}

void Listener::accept() {
  if (stopped_) return;
  // Each connection lives on one single-threaded io_context: its handlers never run concurrently.
  asio::io_context& context = *sessions_[next_session_];
  next_session_ = (next_session_ + 1) % sessions_.size();
  acceptor_.async_accept(context, [self = shared_from_this()](error_code ec, tcp::socket socket) {
    self->on_accept(ec, std::move(socket));
  });
}

void Listener::on_accept(error_code ec, tcp::socket socket) {
  if (stopped_ || ec == asio::error::operation_aborted) return;
  if (ec) {
    retry_timer_.expires_after(std::chrono::milliseconds(50));
    retry_timer_.async_wait([self = shared_from_this()](error_code ec) {
      if (!ec) self->accept();
    });
    return;
  }
  std::make_shared<Session>(std::move(socket), registry_)->start();
  accept();
}

}  // namespace minnow::server
