// Accepts TCP connections and starts a Session for each, on the session io_contexts in turn
// (each run by one thread, so a session needs no strand). At the registry's max_connections the
// session idle the longest is closed to make room; when none is idle, the connection is answered
// 503 at once and closed.
// Server-private: includes Asio.
//
// Concurrency: the acceptor is used only on strand_; stop() may be called from any thread.
// local_endpoint() and the list of session io_contexts are constant after construction.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstddef>
#include <memory>
#include <vector>

#include "server/session.h"

namespace minnow::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens at once; throws boost::system::system_error when it cannot.
  // `sessions`: the io_contexts new connections go to, in turn; not empty.
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           std::shared_ptr<SessionRegistry> registry, std::vector<boost::asio::io_context*> sessions);

  // The bound address: with port 0, the port the system picked.
  const boost::asio::ip::tcp::endpoint& local_endpoint() const { return local_endpoint_; }

  void start();
  // Stops accepting and asks every session to finish (see SessionRegistry::stop).
  void stop();

 private:
  void accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_timer_;  // backs off when accept fails (e.g. out of file descriptors)
  boost::asio::ip::tcp::endpoint local_endpoint_;
  const std::shared_ptr<SessionRegistry> registry_;
  const std::vector<boost::asio::io_context*> sessions_;
  std::size_t next_session_ = 0;                             // Used on strand_.
  bool stopped_ = false;                                     // Used on strand_.
  std::chrono::steady_clock::time_point last_refusal_note_;  // Used on strand_.
};

}  // namespace minnow::server
