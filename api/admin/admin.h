// Minnow's test controls under /_minnow/ (docs/admin-api.md): the clock, the TTL sweeper,
// injected faults, the namespaces, the request log, a reset, saved states (snapshot and restore)
// and an export. Outside the DynamoDB protocol: plain JSON in and out, for callers that pass
// api/admin/admin_access.h's checks (no other authentication). Errors go through api/error_reply
// like every other error.
// Thread-safe, as everything it calls is.
#pragma once

#include "api/protocol.h"

namespace minnow::engine {
class AdjustableClock;
class FaultRegistry;
class Namespaces;
}  // namespace minnow::engine

namespace minnow::api {

namespace admin {
class SavedStates;
}  // namespace admin
class RequestLog;

// What the admin calls control. `clock` may be null (a Service without an adjustable clock):
// then the clock can be read but not moved.
struct AdminTargets {
  engine::Namespaces& namespaces;
  engine::FaultRegistry& faults;
  engine::AdjustableClock* clock;
  admin::SavedStates& saved;
  const RequestLog& requests;
};

// Whether `path` is an admin path (starts with "/_minnow/").
bool is_admin_path(std::string_view path);

// Answers one admin call, from a caller that passes api/admin/admin_access.h's checks.
Reply handle_admin(Request& request, const AdminTargets& targets, const AdminOptions& options);

}  // namespace minnow::api
