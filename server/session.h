// One HTTP/1.1 connection: read a request, exchange it for a reply (server/exchange.h), write
// the reply, repeat.
// Server-private: includes Beast.
//
// A connection's life, one request at a time (pipelined requests wait in the read buffer):
//   idle     waiting for the first bytes of the next request     idle timeout
//   read     header, then body (body limit: 413; head limits:    read timeout for the whole request
//            400; then close)
//   handle   exchange(): Service::handle, synchronously; the reply may then wait for the log
//            (ReplyGate)
//   hold     a reply the Service delays (injected latency) waits on a timer, no thread blocked
//   write    the reply                                           read timeout again
// Broken HTTP gets a 400 and the connection closes; a client that goes silent or away is just
// closed. Error replies that close the connection linger briefly, reading and discarding what
// the client still sends, so that it sees the reply instead of a reset.
//
// The fast path costs one epoll wait, one recv and one send per request: the socket is
// non-blocking, the request is parsed from the read buffer with Beast's parser as bytes
// arrive, and the reply (a pre-serialised head plus the body) is sent at once, falling back to
// an asynchronous write only when the socket cannot take it all. The deadlines share one timer
// that is not touched per request: it wakes at most every min(idle, read) timeout and compares
// the current deadline (a plain time point) with the clock.
//
// At max_connections, a new connection is still served when a session is idle: the one idle
// longest is closed to make room (as nginx and Envoy do), so idle sockets cannot deny service to
// a client with a request; only when none is idle is the new one refused (server/listener.h).
//
// Concurrency: a Session lives on one single-threaded io_context (the socket's); every member is
// used only on that thread, so no strand is needed, but for idle_until_, which the listener
// reads (an atomic). shutdown() and close_if_idle() post to it.
// SessionRegistry is shared by the listener and all sessions; its set of live sessions is
// protected by mu_, everything else in it is constant after construction.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "api/service.h"
#include "server/exchange.h"
#include "server/http_adapter.h"

namespace minnow::server {

class Session;

struct SessionLimits {
  std::size_t max_body_bytes = 0;
  std::size_t max_connections = 0;
  std::chrono::milliseconds idle_timeout{0};
  std::chrono::milliseconds read_timeout{0};
  // How long a stop waits for a request being received, or a reply being sent, to finish.
  std::chrono::milliseconds shutdown_grace{0};
};

// Asked after each request is handled, on the session's thread: true when the reply must wait
// (for the log to reach the disk, persist/log_writer.h) until `resume` is called, from any
// thread; false when it may go now.
using ReplyGate = std::function<bool(std::function<void()> resume)>;

// What sessions need to serve, and the set of live sessions a graceful stop must reach.
class SessionRegistry {
 public:
  // `on_drained` runs once, on whichever thread ends the last session after stop().
  SessionRegistry(ExchangeSettings settings, SessionLimits limits, std::function<void()> on_drained,
                  ReplyGate reply_gate = {});

  const ExchangeSettings& settings() const { return settings_; }
  const SessionLimits& limits() const { return limits_; }
  const ReplyGate& reply_gate() const { return reply_gate_; }

  // Whether max_connections sessions are live: the listener makes room (close_longest_idle) or
  // refuses the next connection.
  bool full();
  // Asks the session idle the longest to close; false when none is idle.
  bool close_longest_idle();
  // False once stopping: the caller drops the connection instead of serving it.
  bool add(const std::shared_ptr<Session>& session);
  void remove(const Session* session);

  // Asks every live session to finish its request in flight, if any, and close.
  void stop();

 private:
  void drained_if_done(std::unique_lock<std::mutex>& lock);

  const ExchangeSettings settings_;
  const SessionLimits limits_;
  const std::function<void()> on_drained_;
  const ReplyGate reply_gate_;

  std::mutex mu_;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;  // Protected by mu_.
  bool stopping_ = false;                                                // Protected by mu_.
  bool drained_ = false;                                                 // Protected by mu_.
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  // The socket's io_context must be run by one thread only.
  Session(boost::asio::ip::tcp::socket socket, std::shared_ptr<SessionRegistry> registry);
  ~Session();

  void start();
  // Thread-safe. Closes the connection now when it is idle, else after the reply in flight;
  // a request or reply that has not gone through within the limits' shutdown_grace is abandoned.
  void shutdown();
  // Thread-safe. Closes the connection if it is still idle when its thread gets to it.
  void close_if_idle();
  // Thread-safe. When its idle timeout expires (steady clock ticks), or 0 while not idle.
  std::chrono::steady_clock::rep idle_until() const { return idle_until_.load(std::memory_order_relaxed); }

 private:
  using Parser = http::request_parser<RequestBody>;
  using Clock = std::chrono::steady_clock;

  // Serves requests from the buffer and the socket until it must wait for the socket.
  void serve();
  void start_read();
  void on_read(boost::system::error_code ec, std::size_t bytes);
  void on_continue_sent(boost::system::error_code ec);
  // Sends the reply in out_head_ + out_body_; true when all of it went out at once.
  bool send_reply();
  void on_written(boost::system::error_code ec);
  // After a reply is completely sent; false when the connection is over.
  bool after_reply();
  // Handles the request; true when the reply waits for the ReplyGate (then resume_reply()).
  bool handle();
  // Sends the reply (after reply_delay_, if any), then goes on serving.
  void resume_reply();
  // Sends the reply after reply_delay_, then goes on serving.
  void hold_reply();
  // Answers a request that could not be read (an empty body), then closes.
  void reject(http::status status);
  void on_read_error(boost::system::error_code ec);
  void linger();
  void drain();
  void close();

  void set_deadline(std::chrono::milliseconds timeout);
  void arm_timer(Clock::time_point expiry);
  void on_timer(boost::system::error_code ec, unsigned generation);

  enum class State { kIdle, kRead, kWrite, kLinger, kClosed };

  boost::asio::ip::tcp::socket socket_;
  boost::asio::steady_timer timer_;
  boost::asio::steady_timer hold_timer_;  // of hold_reply()
  std::chrono::milliseconds reply_delay_{0};
  boost::beast::flat_buffer buffer_;
  std::optional<Parser> parser_;
  ExchangeBuffers buffers_;
  std::string out_head_;
  std::string out_body_;
  const std::shared_ptr<SessionRegistry> registry_;
  const std::chrono::milliseconds timer_step_;  // min(idle, read timeout)
  Clock::time_point deadline_;
  Clock::time_point stop_deadline_ = Clock::time_point::max();  // set by shutdown()
  Clock::time_point timer_expiry_;
  unsigned timer_generation_ = 0;
  bool timer_armed_ = false;
  State state_ = State::kIdle;
  bool continue_sent_ = false;
  bool head_checked_ = false;  // against DynamoDB's limits on the request line and header fields
  std::atomic<Clock::rep> idle_until_{0};  // idle_until(); written on the session's thread only
  bool woken_ = false;       // bytes of a new request arrived while idle
  bool keep_alive_ = false;  // of the reply being written
  bool stopping_ = false;    // finish the request in flight, then close
  bool lingering_ = false;   // the reply being written rejects the request
};

}  // namespace minnow::server
