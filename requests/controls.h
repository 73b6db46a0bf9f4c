// Minnow's test controls under /_minnow/ (docs/admin-api.md) that change state, as typed
// requests: api/admin decodes a call (its body, its ?namespace=) into one of these and words
// what execute() returns; only execute() changes the namespaces, the clock, the fault rules and
// the saved states. Refusals that depend on the state (a fork onto a namespace with tables, a
// name nothing was saved under) are thrown as model/admin_errors.h's errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/faults.h"
#include "requests/saved_states.h"

namespace minnow::engine {
class AdjustableClock;
class Namespaces;
}  // namespace minnow::engine

namespace minnow::requests {

// What the controls change. `clock` is null when the server's clock cannot move.
struct ControlTargets {
  engine::Namespaces& namespaces;
  engine::FaultRegistry& faults;
  engine::AdjustableClock* clock;
  SavedStates& saved;
};

// The namespaces a call addresses: one, by its id (engine/namespaces.h), or every one (nullopt).
using NamespaceScope = std::optional<std::string>;

// Those namespaces, with their ids, in id order: none when the one named is not in use.
std::vector<std::pair<std::string, engine::Database*>> addressed(engine::Namespaces& namespaces,
                                                                  const NamespaceScope& scope);

// POST /_minnow/clock: the clock moved by `ms`, set to `ms` since the epoch, or back to the
// system's time (and unfrozen); and, given `freeze`, made to stand still (moving only when moved
// here) or to follow the system's time again from where it is. Returns the clock's time after.
struct MoveClockRequest {
  enum class How : uint8_t { None, Advance, Set, Reset };
  How how = How::None;
  int64_t ms = 0;
  std::optional<bool> freeze;
};
int64_t execute(const ControlTargets& targets, const MoveClockRequest& request);

// POST /_minnow/ttl/sweep: the expired items deleted now, as the sweeper would. Returns how many.
struct SweepExpiredRequest {
  NamespaceScope scope;
};
std::size_t execute(const ControlTargets& targets, const SweepExpiredRequest& request);

// POST /_minnow/reset: one namespace's tables, streams, tokens and holds, and the faults aimed at
// it; every namespace: also every fault and the clock.
struct ResetRequest {
  NamespaceScope scope;
};
void execute(const ControlTargets& targets, const ResetRequest& request);

// POST /_minnow/faults: a rule added. Returns its id.
struct AddFaultRequest {
  engine::FaultRule rule;
};
uint64_t execute(const ControlTargets& targets, const AddFaultRequest& request);

// DELETE /_minnow/faults: one rule (`id`), or the rules of a scope. Returns how many went.
struct RemoveFaultsRequest {
  std::optional<uint64_t> id;
  NamespaceScope scope;
};
std::size_t execute(const ControlTargets& targets, const RemoveFaultsRequest& request);

// POST /_minnow/namespaces/fork: namespace `source`'s state copied into `target` (ids from
// Namespaces::id_for), refused when the target has tables and `replace` is false.
struct ForkRequest {
  std::string source;
  std::string target;
  bool replace = false;
};
struct ForkResult {
  uint64_t tables = 0;
  uint64_t items = 0;
};
ForkResult execute(const ControlTargets& targets, const ForkRequest& request);

// POST /_minnow/snapshot (`name` given) and POST /_minnow/checkpoint (an id Minnow chooses).
struct SaveStateRequest {
  enum class Kind : uint8_t { Snapshot, Checkpoint };
  Kind kind = Kind::Snapshot;
  std::string name;  // a snapshot's
  NamespaceScope scope;
};
struct SaveStateResult {
  std::string name;  // the snapshot's name or the checkpoint's id
  SavedStateStats stats;
  int64_t at_ms = 0;  // the clock's time of the save
};
SaveStateResult execute(const ControlTargets& targets, const SaveStateRequest& request);

// DELETE /_minnow/snapshot and DELETE /_minnow/checkpoint: what was saved under `name` forgotten.
struct ForgetStateRequest {
  SaveStateRequest::Kind kind = SaveStateRequest::Kind::Snapshot;
  std::string name;
};
void execute(const ControlTargets& targets, const ForgetStateRequest& request);

// POST /_minnow/restore and POST /_minnow/rewind (a checkpoint; with `set_clock`, the clock set
// back to the checkpoint's time too).
struct PutBackStateRequest {
  SaveStateRequest::Kind kind = SaveStateRequest::Kind::Snapshot;
  std::string name;
  NamespaceScope scope;
  bool set_clock = false;
};
SavedStateStats execute(const ControlTargets& targets, const PutBackStateRequest& request);

// POST /_minnow/capacity: the capacity model turned on or off for table `table` of the scope's
// namespaces, or (nullopt) back to the server's --capacity-model. Refused when no namespace
// addressed has the table. Returns how many tables changed.
struct SetCapacityModelRequest {
  NamespaceScope scope;
  std::string table;
  std::optional<bool> on;
};
std::size_t execute(const ControlTargets& targets, const SetCapacityModelRequest& request);

// POST /_minnow/consistency: how far behind eventually consistent reads of table `table` of the
// scope's namespaces may be (requests/consistency.h), or (nullopt) back to the server's
// --consistency-lag. Refused when no namespace addressed has the table. Returns how many tables
// changed.
struct SetConsistencyLagRequest {
  NamespaceScope scope;
  std::string table;
  std::optional<int64_t> lag_ms;
};
std::size_t execute(const ControlTargets& targets, const SetConsistencyLagRequest& request);

}  // namespace minnow::requests
