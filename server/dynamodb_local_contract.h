// DynamoDB Local's start-up lines, which some harnesses wait for (Testcontainers' Rust module
// waits for the first): printed on stdout with --compat dynamodb-local (model/compat.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/options.h"

namespace minnow::server {

// The DynamoDB Local release whose behaviour the contract follows, and that its lines name.
inline constexpr std::string_view kDynamoDBLocalVersion = "3.3.1";

// "Initializing DynamoDB Local with the following configuration:" and a "Name:<TAB>value" line
// each for Port (the port listened on), InMemory, Version, DbPath, SharedDb,
// shouldDelayTransientStatuses and CorsParams, as DynamoDB Local prints them.
std::string dynamodb_local_banner(const Options& options, std::uint16_t port);

}  // namespace minnow::server
