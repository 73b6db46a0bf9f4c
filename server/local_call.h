// One HTTP/1.1 request to a running Minnow, for the subcommands that ask one (`minnow env`,
// `minnow health`, and curl in the image). 0.0.0.0 and :: are asked on loopback. No Boost in
// this header.
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace minnow::server {

struct LocalCall {
  std::string host;
  std::uint16_t port = 0;
  std::string method = "GET";
  std::string target = "/";
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::chrono::milliseconds timeout{std::chrono::seconds(10)};
};

struct LocalAnswer {
  int status = 0;
  std::string head;  // the status line and header fields as received, CRLF-terminated
  std::string body;  // empty for HEAD
};

// Why a call got no answer.
struct LocalCallError : std::runtime_error {
  enum class Kind { kResolve, kConnect, kTimeout, kExchange };
  LocalCallError(Kind kind, const std::string& message) : std::runtime_error(message), kind(kind) {}
  Kind kind;
};

// "HOST:PORT" as the call connects to it.
std::string call_address(const LocalCall& call);

// The answer; throws LocalCallError when there is none (refused, timed out, broken HTTP).
LocalAnswer local_call(const LocalCall& call);

}  // namespace minnow::server
