#include "server/server.h"

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <csignal>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/cors.h"
#include "server/listener.h"
#include "server/request_logger.h"
#include "server/resolve.h"
#include "server/session.h"

namespace minnow::server {

namespace asio = boost::asio;
using boost::asio::ip::tcp;
using boost::system::error_code;

namespace {

std::string url_host(const std::string& host) { return host.find(':') != std::string::npos ? "[" + host + "]" : host; }

// One io_context per thread, each run by its thread alone: connections are spread over them, so
// a connection's handlers never run concurrently and need no strand, and each context can skip
// the cross-thread hand-offs of a shared one. The first also runs the listener and signals.
std::vector<std::unique_ptr<asio::io_context>> make_contexts(unsigned threads) {
  std::vector<std::unique_ptr<asio::io_context>> contexts;
  for (unsigned i = 0; i < std::max(1u, threads); ++i) contexts.push_back(std::make_unique<asio::io_context>(1));
  return contexts;
}

}  // namespace

struct Server::Impl {
  Impl(api::Service& service, const Options& options, ReplyGate reply_gate)
      : options(options),
        cors(options.cors_origins),
        logger(service.request_log(), options.log_requests ? stdout : nullptr, options.log_format),
        contexts(make_contexts(options.threads)),
        io(*contexts.front()),
        registry(std::make_shared<SessionRegistry>(
            ExchangeSettings{service, cors, options.max_body_bytes, &logger},
            SessionLimits{options.max_body_bytes, options.max_connections, options.idle_timeout, options.read_timeout,
                          options.shutdown_grace},
            // Every session is gone: nothing is left to serve (signals and timers may still wait).
            [this] { stop_all(); }, std::move(reply_gate))) {
    // The other contexts wait for connections even while they have none.
    for (std::size_t i = 1; i < contexts.size(); ++i) guards.emplace_back(asio::make_work_guard(*contexts[i]));
    std::vector<asio::io_context*> session_contexts;
    for (auto& context : contexts) session_contexts.push_back(context.get());
    const tcp::endpoint endpoint = resolve_endpoint(io, options.host, options.port);
    try {
      listener = std::make_shared<Listener>(io, endpoint, registry, std::move(session_contexts));
    } catch (const boost::system::system_error& e) {
      throw std::runtime_error("cannot listen on " + url_host(options.host) + ":" + std::to_string(options.port) +
                               ": " + e.code().message());
    }
    listener->start();
  }

  void on_signal(error_code ec, int signal) {
    if (ec) return;
    const char* name = signal == SIGINT ? "SIGINT" : "SIGTERM";
    if (stopping.exchange(true)) {
      std::cerr << "minnow: " << name << " again: stopping now" << std::endl;
      stop_all();  // second signal: do not wait for requests in flight
      return;
    }
    std::cerr << "minnow: " << name << ": stopping (requests being handled are answered)" << std::endl;
    listener->stop();
    signals->async_wait([this](error_code ec, int signal) { on_signal(ec, signal); });
  }

  void stop_all() {
    for (auto& context : contexts) context->stop();
  }

  const Options options;
  const CorsPolicy cors;
  RequestLogger logger;
  std::vector<std::unique_ptr<asio::io_context>> contexts;
  asio::io_context& io;  // the first context: listener and signals
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> guards;
  std::shared_ptr<SessionRegistry> registry;
  std::shared_ptr<Listener> listener;
  std::optional<asio::signal_set> signals;
  std::atomic<bool> stopping{false};
};

Server::Server(api::Service& service, const Options& options, ReplyGate reply_gate)
    : impl_(std::make_unique<Impl>(service, options, std::move(reply_gate))) {}

// Sessions still pending after a hard stop are destroyed with the io_context's handlers; they
// only touch the registry, which they share.
Server::~Server() = default;

std::uint16_t Server::port() const { return impl_->listener->local_endpoint().port(); }

std::string Server::url() const { return "http://" + url_host(impl_->options.host) + ":" + std::to_string(port()); }

void Server::stop_on_signals() {
  impl_->signals.emplace(impl_->io, SIGINT, SIGTERM);
  impl_->signals->async_wait([impl = impl_.get()](error_code ec, int signal) { impl->on_signal(ec, signal); });
}

void Server::run() {
  auto serve = [](asio::io_context& io) {
    // A handler that throws is a bug; keep serving the other connections.
    for (;;) {
      try {
        io.run();
        return;
      } catch (const std::exception& e) {
        std::cerr << "minnow: internal error: " << e.what() << std::endl;
      }
    }
  };
  std::vector<std::thread> threads;
  const auto& contexts = impl_->contexts;
  threads.reserve(contexts.size() - 1);
  for (std::size_t i = 1; i < contexts.size(); ++i) threads.emplace_back(serve, std::ref(*contexts[i]));
  serve(*contexts.front());
  for (auto& thread : threads) thread.join();
}

void Server::stop() {
  impl_->stopping.store(true);
  impl_->listener->stop();
}

}  // namespace minnow::server
