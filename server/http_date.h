// The Date header's value for now ("Tue, 01 Dec 2026 13:27:01 GMT", RFC 7231), as every
// DynamoDB response carries it (the SDKs correct their clock skew from it).
// Formatted once a second per thread; thread-safe.
#pragma once

#include <ctime>
#include <string>
#include <string_view>

namespace minnow::server {

std::string format_http_date(std::time_t seconds);
// A view into a thread-local buffer, valid until the thread's next call.
std::string_view http_date_now();

}  // namespace minnow::server
