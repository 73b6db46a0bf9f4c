#include "server/ttl_timer.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <exception>
#include <iostream>
#include <thread>

#include "engine/database.h"
#include "engine/ttl.h"

namespace minnow::server {

namespace asio = boost::asio;

struct TtlTimer::Impl {
  Impl(engine::Database& database, std::chrono::milliseconds interval)
      : database(database), interval(interval), timer(io) {
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
        engine::sweep_expired(database, database.clock().now_ms());
      } catch (const std::exception& e) {
        std::cerr << "minnow: TTL sweep failed: " << e.what() << std::endl;
      }
      arm();
    });
  }

  engine::Database& database;
  const std::chrono::milliseconds interval;
  asio::io_context io{1};
  asio::steady_timer timer;
  std::thread thread;
};

TtlTimer::TtlTimer(engine::Database& database, std::chrono::milliseconds interval)
    : impl_(std::make_unique<Impl>(database, interval)) {}

TtlTimer::~TtlTimer() = default;

}  // namespace minnow::server
