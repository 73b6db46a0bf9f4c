#include "server/ttl_timer.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <exception>
#include <iostream>
#include <thread>

#include "engine/database.h"
#include "engine/namespaces.h"
#include "engine/ttl.h"

namespace minnow::server {

namespace asio = boost::asio;

struct TtlTimer::Impl {
  Impl(engine::Namespaces& namespaces, std::chrono::milliseconds interval)
      : namespaces(namespaces), interval(interval), timer(io) {
    arm();
    thread = std::thread([this] { io.run(); });
  }

  ~Impl() {
    asio::post(io, [this] { timer.cancel(); });
    io.stop();
    thread.join();
  }

  void arm() {
    timer.expires_after(interval);
    timer.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      try {
        const int64_t now_ms = namespaces.clock().now_ms();
        for (const auto& [id, database] : namespaces.list()) engine::sweep_expired(*database, now_ms);
      } catch (const std::exception& e) {
        std::cerr << "minnow: TTL sweep failed: " << e.what() << std::endl;
      }
      arm();
    });
  }

  engine::Namespaces& namespaces;
  const std::chrono::milliseconds interval;
  asio::io_context io{1};
  asio::steady_timer timer;
  std::thread thread;
};

TtlTimer::TtlTimer(engine::Namespaces& namespaces, std::chrono::milliseconds interval)
    : impl_(std::make_unique<Impl>(namespaces, interval)) {}

TtlTimer::~TtlTimer() = default;

}  // namespace minnow::server
