// `minnow health`: asks a running Minnow for GET / and says whether it answered healthy, for
// container health checks that must follow the port Minnow was given (the image sets
// MINNOW_ADDRESS_FILE: the server writes its URL there, `minnow health` reads it).
// No Boost in this header.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace minnow::server {

// 0 when http://HOST:PORT/ answers 200 with the health text (or, under --compat dynamodb-local,
// DynamoDB Local's 400) within a second and a half (a
// health check's usual timeout is 2 s); else 1, with one line on `err` saying why.
int check_health(const std::string& host, std::uint16_t port, std::ostream& err);

}  // namespace minnow::server
