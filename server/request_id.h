// x-amzn-RequestId values shaped like DynamoDB's: 52 characters of [0-9A-Z].
//
// They only need to look random and be unique in practice, not be unpredictable: each thread
// has its own xorshift64* generator (no lock, no syscall per id), seeded once from the clock,
// the thread and an address.
#pragma once

#include <array>
#include <cstddef>

namespace minnow::server {

inline constexpr std::size_t kRequestIdLength = 52;
using RequestId = std::array<char, kRequestIdLength>;

RequestId make_request_id();

}  // namespace minnow::server
