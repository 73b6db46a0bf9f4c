#include "server/listener.h"

#include <array>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <iostream>
#include <string>
#include <utility>

#include "api/error_reply.h"
#include "model/fault_errors.h"
#include "server/http_adapter.h"

namespace minnow::server {

namespace asio = boost::asio;
using boost::asio::ip::tcp;
using boost::system::error_code;

Listener::Listener(asio::io_context& io, const tcp::endpoint& endpoint, std::shared_ptr<SessionRegistry> registry,
                   std::vector<asio::io_context*> sessions)
    : strand_(asio::make_strand(io)),
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

namespace {

// DynamoDB's answer when it cannot take a request (its documentation's ServiceUnavailable): the
// SDKs retry a 503 with backoff. Written once, by the one error writer.
const api::Reply& refusal() {
  static const api::Reply reply = api::error_reply(model::Error(model::kServiceUnavailable));
  return reply;
}

// Answers a connection beyond --max-connections with a 503 and closes it, without waiting: a
// fresh socket's send buffer takes the few hundred bytes at once, and whatever the client has
// already sent is read first so that closing does not reset the connection under the reply.
// A refusal holds no descriptor after it returns, so a flood cannot exhaust them.
void refuse(tcp::socket& socket) {
  error_code ignored;
  socket.non_blocking(true, ignored);
  const api::Reply& refused = refusal();
  std::string head;
  write_response_head(refused.status, refused.content_type, refused.body, 11, false, head);
  const std::array<asio::const_buffer, 2> reply{asio::buffer(head), asio::buffer(refused.body)};
  socket.write_some(reply, ignored);
  socket.shutdown(tcp::socket::shutdown_send, ignored);
  std::array<char, 4096> discard;
  while (socket.read_some(asio::buffer(discard), ignored) > 0) {
  }
  socket.close(ignored);
}

}  // namespace

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
  // At the cap, the session idle the longest makes room; with none idle the connection is refused.
  if (registry_->full() && !registry_->close_longest_idle()) {
    refuse(socket);
    // Once a second at most: a flood must not flood the log too.
    const auto now = std::chrono::steady_clock::now();
    if (now - last_refusal_note_ >= std::chrono::seconds(1)) {
      last_refusal_note_ = now;
      std::cerr << "minnow: refusing connections: " << registry_->limits().max_connections
                << " are open (--max-connections)" << std::endl;
    }
  } else {
    std::make_shared<Session>(std::move(socket), registry_)->start();
  }
  accept();
}

}  // namespace minnow::server
