// The web console at /console (console/ in the source tree, compiled into the binary).
//
// Static files only: the console's pages talk to Minnow through its documented APIs (the
// DynamoDB protocol and /_minnow), like any other client. The files are answered with headers
// that keep other sites out: no framing, scripts and connections from this origin only.
// Pure and thread-safe.
#pragma once

#include <string_view>

#include "api/protocol.h"

namespace minnow::api {

// Whether `path` is the console's: "/console" or anything under "/console/".
bool is_console_path(std::string_view path);

// Answers a request for a console path: the file, 404 for a path that names none, 405 for a
// method other than GET.
Reply handle_console(const Request& request);

}  // namespace minnow::api
