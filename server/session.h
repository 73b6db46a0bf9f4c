// One HTTP/1.1 connection: read a request, call api::Service::handle, write the reply, repeat.
// Server-private: includes Beast.
//
// A connection's life, one request at a time (pipelined requests wait in the read buffer):
//   idle     waiting for the first bytes of the next request     idle timeout
//   read     header, then body (body limit: 413, then close)     read timeout for the whole request
//   handle   Service::handle, synchronously, on this strand
//   write    the reply                                           read timeout again
// Broken HTTP gets a 400 and the connection closes; a client that goes silent or away is just
// closed. Error replies that close the connection linger briefly, reading and discarding what
// the client still sends, so that it sees the reply instead of a reset.
//
// Concurrency: every member of Session is used only on its strand (the socket's executor).
// SessionRegistry is shared by the listener and all sessions; its set of live sessions is
// protected by mu_, everything else in it is constant after construction.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "api/service.h"
#include "server/http_adapter.h"

namespace minnow::server {

class Session;

struct SessionLimits {
  std::size_t max_body_bytes = 0;
  std::chrono::milliseconds idle_timeout{0};
  std::chrono::milliseconds read_timeout{0};
};

// What sessions need to serve, and the set of live sessions a graceful stop must reach.
class SessionRegistry {
 public:
  // `on_drained` runs once, on whichever thread ends the last session after stop().
  SessionRegistry(api::Service& service, SessionLimits limits, std::function<void()> on_drained);

  api::Service& service() const { return service_; }
  const SessionLimits& limits() const { return limits_; }

  // False once stopping: the caller drops the connection instead of serving it.
  bool add(const std::shared_ptr<Session>& session);
  void remove(const Session* session);

  // Asks every live session to finish its request in flight, if any, and close.
  void stop();

 private:
  void drained_if_done(std::unique_lock<std::mutex>& lock);

  api::Service& service_;
  const SessionLimits limits_;
  const std::function<void()> on_drained_;

  std::mutex mu_;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;  // Protected by mu_.
  bool stopping_ = false;                                                 // Protected by mu_.
  bool drained_ = false;                                                  // Protected by mu_.
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  // The socket's executor must be a strand of its own.
  Session(boost::asio::ip::tcp::socket socket, std::shared_ptr<SessionRegistry> registry);
  ~Session();

  void start();
  // Thread-safe. Closes the connection now when it is idle, else after the reply in flight.
  void shutdown();

 private:
  using Parser = http::request_parser<http::string_body>;

  void wait_for_request();
  void on_first_bytes(boost::system::error_code ec, std::size_t bytes);
  void read_header();
  void on_header(boost::system::error_code ec);
  void on_continue_sent(boost::system::error_code ec);
  void read_body();
  void on_body(boost::system::error_code ec);
  void handle();
  void write(HttpResponse response, bool keep_alive);
  void on_write(boost::system::error_code ec, bool keep_alive);
  // Answers a request that could not be read, then closes.
  void reject(http::status status, std::string_view message);
  void on_read_error(boost::system::error_code ec);
  void linger();
  void drain();
  void close();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<Parser> parser_;
  std::optional<HttpResponse> response_;
  const std::shared_ptr<SessionRegistry> registry_;
  bool idle_ = false;      // an idle read is outstanding
  bool stopping_ = false;  // finish the request in flight, then close
  bool lingering_ = false;  // the reply being written rejects the request
};

}  // namespace minnow::server
