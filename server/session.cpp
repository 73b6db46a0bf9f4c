#include "server/session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <iostream>
#include <utility>
#include <vector>

namespace minnow::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
using boost::asio::ip::tcp;
using boost::system::error_code;

namespace {

// One read usually holds a whole DynamoDB request; bigger bodies follow through the parser.
constexpr std::size_t kFirstReadBytes = 16 * 1024;
// SigV4 Authorization headers are a few hundred bytes; Beast's default limit is 8 KiB.
constexpr std::uint32_t kHeaderLimit = 64 * 1024;
// How long a rejected client may keep sending before the connection is closed regardless.
constexpr std::chrono::seconds kLingerTime{2};
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

bool is_http_error(const error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

// The Service answers every error itself; this is the last line of defence against a bug.
api::Reply call_service(api::Service& service, HttpRequest& request) {
  api::Request api_request = to_api_request(request);
  try {
    return service.handle(api_request);
  } catch (const std::exception& e) {
    std::cerr << "minnow: internal error: " << e.what() << std::endl;
  } catch (...) {
    std::cerr << "minnow: internal error: unknown exception" << std::endl;
  }
  return api::Reply{500, "application/x-amz-json-1.0",
                    R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"})"};
}

}  // namespace

// ---- SessionRegistry ------------------------------------------------------------------------

SessionRegistry::SessionRegistry(api::Service& service, SessionLimits limits, std::function<void()> on_drained)
    : service_(service), limits_(limits), on_drained_(std::move(on_drained)) {}

bool SessionRegistry::add(const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mu_);
  if (stopping_) return false;
  sessions_.emplace(session.get(), session);
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
    : stream_(std::move(socket)), registry_(std::move(registry)) {
  error_code ignored;
  // Replies go out in one write; never hold them back waiting for an ACK.
  stream_.socket().set_option(tcp::no_delay(true), ignored);
}

Session::~Session() { registry_->remove(this); }

void Session::start() {
  if (!registry_->add(shared_from_this())) return;  // stopping: the socket closes with us
  asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->wait_for_request(); });
}

void Session::shutdown() {
  asio::post(stream_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    if (self->idle_) self->stream_.cancel();
  });
}

void Session::wait_for_request() {
  if (stopping_) return close();
  if (buffer_.size() > 0) return read_header();  // a pipelined request is already here
  idle_ = true;
  stream_.expires_after(registry_->limits().idle_timeout);
  stream_.async_read_some(buffer_.prepare(kFirstReadBytes),
                          [self = shared_from_this()](error_code ec, std::size_t bytes) {
                            self->on_first_bytes(ec, bytes);
                          });
}

void Session::on_first_bytes(error_code ec, std::size_t bytes) {
  idle_ = false;
  if (ec) return close();  // the client left, the idle timeout fired, or we are stopping
  buffer_.commit(bytes);
  read_header();
}

void Session::read_header() {
  parser_.emplace();
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(registry_->limits().max_body_bytes);
  // One deadline for the whole request, header and body.
  stream_.expires_after(registry_->limits().read_timeout);
  http::async_read_header(stream_, buffer_, *parser_, [self = shared_from_this()](error_code ec, std::size_t) {
    self->on_header(ec);
  });
}

void Session::on_header(error_code ec) {
  if (ec) return on_read_error(ec);
  const auto& header = parser_->get();
  // curl and some SDKs wait (curl: a whole second) for this before sending a large body.
  if (header.version() >= 11 && !parser_->is_done() && beast::iequals(header[http::field::expect], "100-continue")) {
    asio::async_write(stream_, asio::buffer(kContinue.data(), kContinue.size()),
                      [self = shared_from_this()](error_code ec, std::size_t) { self->on_continue_sent(ec); });
    return;
  }
  read_body();
}

void Session::on_continue_sent(error_code ec) {
  if (ec) return close();
  read_body();
}

void Session::read_body() {
  http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](error_code ec, std::size_t) {
    self->on_body(ec);
  });
}

void Session::on_body(error_code ec) {
  if (ec) return on_read_error(ec);
  handle();
}

void Session::handle() {
  HttpRequest request = parser_->release();
  parser_.reset();
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive() && !stopping_;
  api::Reply reply = call_service(registry_->service(), request);
  write(to_http_response(std::move(reply), version, keep_alive), keep_alive);
}

void Session::write(HttpResponse response, bool keep_alive) {
  response_.emplace(std::move(response));
  stream_.expires_after(registry_->limits().read_timeout);
  http::async_write(stream_, *response_, [self = shared_from_this(), keep_alive](error_code ec, std::size_t) {
    self->on_write(ec, keep_alive);
  });
}

void Session::on_write(error_code ec, bool keep_alive) {
  response_.reset();
  if (ec) return close();
  if (lingering_) return linger();
  if (!keep_alive || stopping_) return close();
  wait_for_request();
}

void Session::on_read_error(error_code ec) {
  if (ec == http::error::body_limit) return reject(http::status::payload_too_large, "Request body too large\n");
  if (ec == http::error::end_of_stream || ec == http::error::partial_message) return close();
  if (is_http_error(ec)) return reject(http::status::bad_request, "Bad request\n");
  close();  // timeout, reset, or cancelled
}

void Session::reject(http::status status, std::string_view message) {
  parser_.reset();
  lingering_ = true;
  write(to_http_response(api::Reply{static_cast<int>(status), "text/plain", std::string(message)}, 11, false), false);
}

void Session::linger() {
  error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.expires_after(kLingerTime);
  drain();
}

void Session::drain() {
  stream_.async_read_some(buffer_.prepare(kFirstReadBytes), [self = shared_from_this()](error_code ec, std::size_t) {
    if (ec) return self->close();  // the client closed too, or time is up
    self->drain();
  });
}

void Session::close() {
  error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.close();
}

}  // namespace minnow::server
