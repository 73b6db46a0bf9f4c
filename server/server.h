// The HTTP server around an api::Service: one io_context per thread, a Listener.
// No Boost in this header, so main() and other users compile quickly.
//
// Lifecycle: construct (binds and listens at once, so port() is known and start-up errors
// surface before anything is printed), then run() on one thread until stop() or a signal.
// stop() is graceful: no new connections, idle keep-alive connections close at once, requests
// being handled are answered, a request still arriving or a reply still leaving gets
// Options::shutdown_grace to finish, then run() returns.
// Thread-safe: stop() and port() may be called from any thread; run() once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "api/service.h"
#include "server/options.h"

namespace minnow::server {

class Server {
 public:
  // Throws std::runtime_error ("cannot listen on HOST:PORT: ...") when it cannot bind.
  // `service` must outlive the Server.
  // `reply_gate`, when given, may hold each reply back (server/session.h).
  Server(api::Service& service, const Options& options, std::function<bool(std::function<void()>)> reply_gate = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  std::uint16_t port() const;
  // "http://HOST:PORT", with the port actually bound.
  std::string url() const;

  // SIGINT or SIGTERM: the first stops gracefully, a second one at once.
  void stop_on_signals();

  // Serves on options.threads threads, the caller's included; returns once stopped.
  void run();

  // Graceful stop; returns at once. Also effective when called before run().
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace minnow::server
