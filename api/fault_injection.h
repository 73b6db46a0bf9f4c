// Where injected faults (engine/faults.h, /_minnow/faults) meet requests.
//
// api/service calls inject_request_faults once a request has passed its declarative checks and
// before the operation runs: with an injected error the request has no effect; injected latency
// holds the reply (error or not) back.
// Conflicts on items (injected, or --transaction-window holds) are decided where the typed
// requests execute (requests::conflicting_items).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "api/action.h"
#include "engine/faults.h"
#include "model/errors.h"

namespace minnow::api {

struct InjectedFaults {
  int64_t latency_ms = 0;
  std::optional<model::Error> error;
};
InjectedFaults inject_request_faults(const ActionContext& context, const JsonValue& request);

}  // namespace minnow::api
