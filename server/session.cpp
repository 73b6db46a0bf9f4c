#include "server/session.h"

#include <algorithm>
#include <array>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <iostream>
#include <utility>
#include <vector>

#include "model/errors.h"
#include "server/request_id.h"

namespace minnow::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
using boost::asio::ip::tcp;
using boost::system::error_code;

namespace {

// One read usually holds a whole DynamoDB request; bigger bodies follow through the parser.
constexpr std::size_t kFirstReadBytes = 16 * 1024;
// DynamoDB answers 400 to a request line of more than 16 KB, or header fields of more than 16 KB
// in all; Beast's one limit on the whole head leaves room for both, head_too_large() splits it.
constexpr std::size_t kMaxRequestLineBytes = 16 * 1024;
constexpr std::size_t kMaxHeaderFieldsBytes = 16 * 1024;
constexpr std::uint32_t kHeaderLimit = kMaxRequestLineBytes + kMaxHeaderFieldsBytes + 2;
// How long a rejected client may keep sending before the connection is closed regardless.
constexpr std::chrono::seconds kLingerTime{2};
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

bool is_http_error(const error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

bool head_too_large(const HttpRequest& head) {
  const std::size_t line = head.method_string().size() + 1 + head.target().size() + sizeof " HTTP/1.1\r\n" - 1;
  std::size_t fields = 0;
  for (const auto& field : head) fields += field.name_string().size() + 2 + field.value().size() + 2;
  return line > kMaxRequestLineBytes || fields > kMaxHeaderFieldsBytes;
}

}  // namespace

// ---- SessionRegistry ------------------------------------------------------------------------

SessionRegistry::SessionRegistry(ExchangeSettings settings, SessionLimits limits, std::function<void()> on_drained,
                                 ReplyGate reply_gate)
    : settings_(settings), limits_(limits), on_drained_(std::move(on_drained)), reply_gate_(std::move(reply_gate)) {}

bool SessionRegistry::full() {
  std::lock_guard lock(mu_);
  return sessions_.size() >= limits_.max_connections;
}

bool SessionRegistry::add(const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mu_);
  if (stopping_) return false;
  sessions_.emplace(session.get(), session);
  return true;
}

bool SessionRegistry::close_longest_idle() {
  std::shared_ptr<Session> victim;
  {
    std::lock_guard lock(mu_);
    std::chrono::steady_clock::rep earliest = 0;
    for (auto& [key, weak] : sessions_) {
      const auto until = key->idle_until();
      if (until == 0 || (earliest != 0 && until >= earliest)) continue;
      if (auto session = weak.lock()) {
        victim = std::move(session);
        earliest = until;
      }
    }
  }
  if (!victim) return false;
  victim->close_if_idle();
  return true;
}

void SessionRegistry::remove(const Session* session) {
  std::unique_lock lock(mu_);
  sessions_.erase(session);
  drained_if_done(lock);
}

void SessionRegistry::stop() {
  std::vector<std::shared_ptr<Session>> live;
  {
    std::unique_lock lock(mu_);
    stopping_ = true;
    live.reserve(sessions_.size());
    for (auto& [key, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
    drained_if_done(lock);
  }
  for (auto& session : live) session->shutdown();
}

void SessionRegistry::drained_if_done(std::unique_lock<std::mutex>& lock) {
  if (!stopping_ || !sessions_.empty() || drained_) return;
  drained_ = true;
  lock.unlock();
  if (on_drained_) on_drained_();
}

// ---- Session --------------------------------------------------------------------------------

Session::Session(tcp::socket socket, std::shared_ptr<SessionRegistry> registry)
    : socket_(std::move(socket)),
      timer_(socket_.get_executor()),
      hold_timer_(socket_.get_executor()),
      registry_(std::move(registry)),
      timer_step_(std::max(std::chrono::milliseconds(1),
                           std::min(registry_->limits().idle_timeout, registry_->limits().read_timeout))) {
  error_code ignored;
  // Replies go out in one write; never hold them back waiting for an ACK.
  socket_.set_option(tcp::no_delay(true), ignored);
  // Reads and writes are tried at once and wait for the socket only when it is not ready.
  socket_.non_blocking(true, ignored);
}

Session::~Session() { registry_->remove(this); }

void Session::start() {
  if (!registry_->add(shared_from_this())) return;  // stopping: the socket closes with us
  asio::post(socket_.get_executor(), [self = shared_from_this()] { self->serve(); });
}

void Session::close_if_idle() {
  idle_until_.store(0, std::memory_order_relaxed);  // the next connection picks another
  asio::post(socket_.get_executor(), [self = shared_from_this()] {
    // Still waiting for a request's first bytes (none arrived since the listener looked).
    if (self->state_ == State::kIdle && !self->woken_ && self->buffer_.size() == 0) self->close();
  });
}

void Session::shutdown() {
  asio::post(socket_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    if (self->state_ == State::kClosed) return;
    if (self->state_ == State::kIdle) {
      error_code ignored;
      self->socket_.cancel(ignored);
      return;
    }
    // Receiving a request, sending a reply or lingering: a client that stalls is not waited for.
    const auto grace = self->registry_->limits().shutdown_grace;
    self->stop_deadline_ = Clock::now() + grace;
    self->set_deadline(grace);
  });
}

void Session::serve() {
  for (;;) {
    if (state_ == State::kIdle) {
      if (!woken_) {
        if (stopping_) return close();
        if (buffer_.size() == 0) {  // else a pipelined request is already here
          set_deadline(registry_->limits().idle_timeout);
          idle_until_.store(deadline_.time_since_epoch().count(), std::memory_order_relaxed);
          return start_read();  // the first bytes of the next request
        }
      }
      woken_ = false;
      idle_until_.store(0, std::memory_order_relaxed);
      state_ = State::kRead;
      parser_.emplace();
      parser_->get().body() = std::move(buffers_.spare_body);
      parser_->eager(true);
      parser_->header_limit(kHeaderLimit);
      parser_->body_limit(registry_->limits().max_body_bytes);
      continue_sent_ = false;
      head_checked_ = false;
      // One deadline for the whole request, header and body.
      set_deadline(registry_->limits().read_timeout);
    }
    // State::kRead: parse what has arrived.
    if (buffer_.size() > 0) {
      error_code ec;
      const std::size_t used = parser_->put(buffer_.data(), ec);
      buffer_.consume(used);
      if (ec && ec != http::error::need_more) return on_read_error(ec);
      if (!head_checked_ && parser_->is_header_done()) {
        head_checked_ = true;
        if (head_too_large(parser_->get())) return reject(http::status::bad_request);
      }
      if (parser_->is_done()) {
        if (handle()) return;  // the reply waits for the log; resume_reply() goes on
        if (reply_delay_.count() > 0) return hold_reply();
        if (!send_reply() || !after_reply()) return;
        continue;
      }
      if (!ec && used > 0 && buffer_.size() > 0) continue;
    }
    // More bytes are needed.
    if (!continue_sent_ && parser_->is_header_done()) {
      continue_sent_ = true;
      const auto& header = parser_->get();
      // curl and some SDKs wait (curl: a whole second) for this before sending a large body.
      if (header.version() >= 11 && beast::iequals(header[http::field::expect], "100-continue")) {
        asio::async_write(socket_, asio::buffer(kContinue.data(), kContinue.size()),
                          [self = shared_from_this()](error_code ec, std::size_t) { self->on_continue_sent(ec); });
        return;
      }
    }
    return start_read();
  }
}

void Session::start_read() {
  // Asio tries the recv at once after every read that returned data, so waiting for the next
  // request on a keep-alive connection usually costs a failed recv (EAGAIN): `perf stat` counts
  // 1.94 recvfrom a GetItem at 64 connections, where nginx makes 1.00. Waiting for readiness
  // first (async_wait) trades it for an epoll_ctl each time (measured: 1.00 and 1.00), no gain.
  socket_.async_read_some(buffer_.prepare(kFirstReadBytes),
                          [self = shared_from_this()](error_code ec, std::size_t bytes) { self->on_read(ec, bytes); });
}

void Session::on_read(error_code ec, std::size_t bytes) {
  // The client left (end of stream or reset, mid-request or not), a timeout fired, or we are
  // stopping.
  if (ec) return close();
  buffer_.commit(bytes);
  if (state_ == State::kIdle) woken_ = true;
  serve();
}

void Session::on_continue_sent(error_code ec) {
  if (ec) return close();
  serve();
}

bool Session::handle() {
  HttpRequest request = parser_->release();
  parser_.reset();
  keep_alive_ = request.keep_alive() && !stopping_;
  const RequestId id = make_request_id();
  const std::string_view request_id(id.data(), id.size());
  const ExchangeResult result =
      exchange(registry_->settings(), request, request_id, keep_alive_, buffers_, out_head_, out_body_);
  reply_delay_ = result.delay;
  if (result.close) {
    lingering_ = true;
    keep_alive_ = false;
  }
  state_ = State::kWrite;
  const ReplyGate& gate = registry_->reply_gate();
  return gate && gate([self = shared_from_this()] {
           asio::post(self->socket_.get_executor(), [self] { self->resume_reply(); });
         });
}

void Session::resume_reply() {
  if (state_ == State::kClosed) return;
  if (reply_delay_.count() > 0) return hold_reply();
  if (send_reply() && after_reply()) serve();
}

void Session::hold_reply() {
  // The connection's deadline covers the wait too; a stop still cuts it to the shutdown grace.
  set_deadline(reply_delay_ + registry_->limits().read_timeout);
  hold_timer_.expires_after(reply_delay_);
  hold_timer_.async_wait([self = shared_from_this()](error_code ec) {
    if (ec || self->state_ == State::kClosed) return;
    if (self->send_reply() && self->after_reply()) self->serve();
  });
}

bool Session::send_reply() {
  std::array<asio::const_buffer, 2> buffers{asio::buffer(out_head_), asio::buffer(out_body_)};
  const std::size_t total = out_head_.size() + out_body_.size();
  error_code ec;
  std::size_t sent = socket_.write_some(buffers, ec);
  if (ec == asio::error::would_block || ec == asio::error::try_again) {
    sent = 0;
    ec = {};
  }
  if (ec) {
    close();
    return false;
  }
  if (sent == total) return true;
  // The socket's send buffer is full: the rest goes out asynchronously.
  if (sent < out_head_.size()) {
    buffers[0] += sent;
  } else {
    buffers[0] = asio::const_buffer();
    buffers[1] += sent - out_head_.size();
  }
  set_deadline(registry_->limits().read_timeout);
  asio::async_write(socket_, buffers,
                    [self = shared_from_this()](error_code ec, std::size_t) { self->on_written(ec); });
  return false;
}

void Session::on_written(error_code ec) {
  if (ec) return close();
  if (after_reply()) serve();
}

bool Session::after_reply() {
  if (lingering_) {
    linger();
    return false;
  }
  if (!keep_alive_ || stopping_) {
    close();
    return false;
  }
  state_ = State::kIdle;
  return true;
}

// Statuses as DynamoDB gives them: 413 for a body over the limit (server/http_adapter.h), 400 for
// a head over its limits or anything else that does not parse as HTTP.
void Session::on_read_error(error_code ec) {
  if (ec == http::error::body_limit) return reject(http::status::payload_too_large);
  if (ec == http::error::end_of_stream || ec == http::error::partial_message) return close();
  if (ec == http::error::header_limit || is_http_error(ec)) return reject(http::status::bad_request);
  close();
}

void Session::reject(http::status status) {
  parser_.reset();
  lingering_ = true;
  keep_alive_ = false;
  out_body_.clear();
  if (status == http::status::payload_too_large) {
    write_payload_too_large(11, out_head_, out_body_);
  } else {
    write_response_head(static_cast<int>(status), "", out_body_, 11, false, out_head_);
  }
  state_ = State::kWrite;
  if (send_reply()) after_reply();
}

void Session::linger() {
  state_ = State::kLinger;
  error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
  set_deadline(std::chrono::duration_cast<std::chrono::milliseconds>(kLingerTime));
  drain();
}

void Session::drain() {
  socket_.async_read_some(buffer_.prepare(kFirstReadBytes), [self = shared_from_this()](error_code ec, std::size_t) {
    if (ec) return self->close();  // the client closed too, or time is up
    self->drain();
  });
}

void Session::close() {
  if (state_ == State::kClosed) return;
  state_ = State::kClosed;
  idle_until_.store(0, std::memory_order_relaxed);
  error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
  socket_.close(ignored);
  timer_.cancel();
  hold_timer_.cancel();
}

// One timer serves every deadline without being re-armed per request: it is armed no later than
// now + timer_step_, which is no later than any idle or read deadline set from now on, so it only
// needs re-arming for a deadline that is nearer still (lingering).
void Session::set_deadline(std::chrono::milliseconds timeout) {
  const auto now = Clock::now();
  deadline_ = std::min(now + timeout, stop_deadline_);
  if (!timer_armed_ || deadline_ < timer_expiry_) arm_timer(std::min(deadline_, now + timer_step_));
}

void Session::arm_timer(Clock::time_point expiry) {
  timer_armed_ = true;
  timer_expiry_ = expiry;
  const unsigned generation = ++timer_generation_;
  timer_.expires_at(expiry);  // cancels the wait in flight, if any
  timer_.async_wait([self = shared_from_this(), generation](error_code ec) { self->on_timer(ec, generation); });
}

void Session::on_timer(error_code ec, unsigned generation) {
  if (generation != timer_generation_ || state_ == State::kClosed) return;  // superseded, or over
  timer_armed_ = false;
  if (ec) return;
  const auto now = Clock::now();
  if (now >= deadline_) return close();  // the wait in flight, if any, ends with operation_aborted
  arm_timer(std::min(deadline_, now + timer_step_));
}

}  // namespace minnow::server
