// Where injected faults (engine/faults.h, /_minnow/faults) meet requests.
//
// api/service calls inject_request_faults once a request has passed its declarative checks and
// before the operation runs: with an injected error the request has no effect; injected latency
// holds the reply (error or not) back.
// The writes and transactions call conflicting_items once they are validated and know their
// items, before any is read or written: DynamoDB decides conflicts there.
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

// Which of `targets` (the items a write or transaction touches, in request order, each with
// its validated primary key) are in conflict; empty when none is.
std::vector<bool> conflicting_items(const ActionContext& context, std::span<const engine::FaultTarget> targets);

}  // namespace minnow::api
