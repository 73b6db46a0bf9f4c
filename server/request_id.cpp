#include "server/request_id.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>

namespace minnow::server {

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

class Generator {
 public:
  Generator() {
    const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    const auto thread = static_cast<std::uint64_t>(std::hash<std::thread::id>{}(std::this_thread::get_id()));
    state_ = splitmix64(now ^ splitmix64(thread) ^ reinterpret_cast<std::uintptr_t>(this));
    if (state_ == 0) state_ = 0x2545F4914F6CDD1Dull;  // xorshift must not start at zero
  }

  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1Dull;
  }

 private:
  std::uint64_t state_;
};

constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// 36^12 < 2^64: one draw yields 12 characters.
constexpr std::size_t kCharsPerDraw = 12;

}  // namespace

RequestId make_request_id() {
  thread_local Generator generator;
  RequestId id;
  std::size_t i = 0;
  while (i < kRequestIdLength) {
    std::uint64_t r = generator.next();
    for (std::size_t k = 0; k < kCharsPerDraw && i < kRequestIdLength; ++k, ++i) {
      id[i] = kAlphabet[r % 36];
      r /= 36;
    }
  }
  return id;
}

}  // namespace minnow::server
