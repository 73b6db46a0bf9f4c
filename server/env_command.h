// `minnow env --data-api TOKEN`: asks the Minnow listening at HOST:PORT for the environment of
// the token's workspace (POST /api/data/dynamodb/env, docs/data-api.md) and prints it.
// No Boost in this header.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace minnow::server {

// Writes the environment to `out` and returns 0; on any failure (no server, HTTP error) writes
// one line saying why to `err` and returns 1. 0.0.0.0 and :: are asked on loopback.
int print_data_api_environment(const std::string& host, std::uint16_t port, const std::string& token, std::ostream& out,
                               std::ostream& err);

}  // namespace minnow::server
