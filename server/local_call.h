// One HTTP/1.1 request to a running Minnow, for the subcommands that ask one (`minnow env`,
// `minnow health`). 0.0.0.0 and :: are asked on loopback. No Boost in this header.
#pragma once

#include <chrono>
#include <cstdint>
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
  std::string body;
};

// "HOST:PORT" as the call connects to it.
std::string call_address(const LocalCall& call);

// The answer; throws std::exception when there is none (refused, timed out, broken HTTP).
LocalAnswer local_call(const LocalCall& call);

}  // namespace minnow::server
