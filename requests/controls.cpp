#include "requests/controls.h"

#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/database_image.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "engine/ttl.h"
#include "model/admin_errors.h"

namespace minnow::requests {

std::vector<std::pair<std::string, engine::Database*>> addressed(engine::Namespaces& namespaces,
                                                                  const NamespaceScope& scope) {
  if (!scope) return namespaces.list();
  if (engine::Database* database = namespaces.find(*scope)) return {{*scope, database}};
  return {};
}

namespace {

// The namespaces a scope addresses: one (none when it was never used), or all.
engine::AdjustableClock& movable_clock(const ControlTargets& targets) {
  if (!targets.clock) throw model::Error(model::kAdminClockFixed);
  return *targets.clock;
}

}  // namespace

int64_t execute(const ControlTargets& targets, const MoveClockRequest& request) {
  engine::AdjustableClock& clock = movable_clock(targets);
  if (request.how == MoveClockRequest::How::Reset) clock.reset();
  if (request.freeze) clock.set_frozen(*request.freeze);
  if (request.how == MoveClockRequest::How::Advance) clock.advance_ms(request.ms);
  if (request.how == MoveClockRequest::How::Set) clock.set_ms(request.ms);
  return targets.namespaces.clock().now_ms();
}

std::size_t execute(const ControlTargets& targets, const SweepExpiredRequest& request) {
  std::size_t deleted = 0;
  for (const auto& [id, database] : addressed(targets.namespaces, request.scope))
    deleted += engine::sweep_expired(*database, targets.namespaces.clock().now_ms());
  return deleted;
}

void execute(const ControlTargets& targets, const ResetRequest& request) {
  for (const auto& [id, database] : addressed(targets.namespaces, request.scope)) {
    database->clear();
    database->idempotency().clear();
    database->holds().clear();
  }
  targets.faults.clear(request.scope);
  if (!request.scope && targets.clock) targets.clock->reset();
}

uint64_t execute(const ControlTargets& targets, const AddFaultRequest& request) {
  return targets.faults.add(request.rule);
}

std::size_t execute(const ControlTargets& targets, const RemoveFaultsRequest& request) {
  if (request.id) return targets.faults.remove(*request.id) ? 1 : 0;
  return targets.faults.clear(request.scope);
}

ForkResult execute(const ControlTargets& targets, const ForkRequest& request) {
  // A namespace used before keeps its tables unless the caller says to replace them; a new one
  // (seeded with --seed, if any) is the caller's to fill.
  const engine::Database* existing = targets.namespaces.find(request.target);
  if (existing && !request.replace && !existing->list(std::nullopt, 1).empty())
    throw model::admin_fork_target_has_tables(request.target);
  const engine::DatabaseImage image = engine::capture_image(targets.namespaces.get(request.source).database);
  install_state(targets.namespaces.get(request.target).database, image);
  return {image.tables.size(), image.item_count()};
}

SaveStateResult execute(const ControlTargets& targets, const SaveStateRequest& request) {
  const bool checkpoint = request.kind == SaveStateRequest::Kind::Checkpoint;
  SaveStateResult result;
  result.name = checkpoint ? targets.saved.new_checkpoint_id() : request.name;
  result.stats = targets.saved.save(result.name, targets.namespaces, request.scope);
  result.at_ms = targets.saved.saved_at_ms(result.name).value_or(0);
  return result;
}

void execute(const ControlTargets& targets, const ForgetStateRequest& request) {
  if (targets.saved.forget(request.name)) return;
  if (request.kind == SaveStateRequest::Kind::Checkpoint) throw model::admin_no_checkpoint(request.name);
  throw model::admin_no_snapshot(request.name);
}

SavedStateStats execute(const ControlTargets& targets, const PutBackStateRequest& request) {
  const bool checkpoint = request.kind == SaveStateRequest::Kind::Checkpoint;
  if (request.set_clock) movable_clock(targets);  // refused before anything changes
  const std::optional<int64_t> at_ms = targets.saved.saved_at_ms(request.name);
  std::optional<SavedStateStats> stats = targets.saved.restore(request.name, targets.namespaces, request.scope);
  if (!stats || !at_ms) {
    if (checkpoint) throw model::admin_no_checkpoint(request.name, request.scope);
    throw model::admin_no_snapshot(request.name, request.scope);
  }
  if (request.set_clock) targets.clock->set_ms(*at_ms);
  return *stats;
}

std::size_t execute(const ControlTargets& targets, const SetCapacityModelRequest& request) {
  std::size_t changed = 0;
  for (const auto& [id, database] : addressed(targets.namespaces, request.scope)) {
    if (std::shared_ptr<engine::Table> table = database->find(request.table)) {
      table->throughput().set_model(request.on);
      ++changed;
    }
  }
  if (!changed) throw model::admin_no_table(request.table);
  return changed;
}

std::size_t execute(const ControlTargets& targets, const SetConsistencyLagRequest& request) {
  std::size_t changed = 0;
  for (const auto& [id, database] : addressed(targets.namespaces, request.scope)) {
    if (std::shared_ptr<engine::Table> table = database->find(request.table)) {
      table->set_consistency_lag(request.lag_ms.value_or(database->options().consistency.lag_ms));
      ++changed;
    }
  }
  if (!changed) throw model::admin_no_table(request.table);
  return changed;
}

}  // namespace minnow::requests
