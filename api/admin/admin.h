// Minnow's test controls under /_minnow/ (docs/admin-api.md): the clock, the TTL sweeper,
// injected faults, the namespaces, the request log, a reset, saved states (snapshot and restore)
// and an export. Outside the DynamoDB protocol: plain JSON in and out, for callers that pass
// api/admin/admin_access.h's checks (no other authentication). A call that changes state is
// decoded into a typed request (requests/controls.h), which alone changes it. Errors go through
// api/error_reply like every other error.
// Thread-safe, as everything it calls is.
#pragma once

#include "api/protocol.h"
#include "requests/controls.h"

namespace minnow::api {

class RequestLog;

// What the admin calls change (requests/controls.h) and read.
struct AdminTargets {
  requests::ControlTargets controls;
  const RequestLog& requests;
};

// Whether `path` is an admin path (starts with "/_minnow/").
bool is_admin_path(std::string_view path);

// Answers one admin call, from a caller that passes api/admin/admin_access.h's checks.
Reply handle_admin(Request& request, const AdminTargets& targets, const AdminOptions& options);

}  // namespace minnow::api
