#include "requests/update_table.h"

#include "engine/transient_statuses.h"
#include "model/errors.h"

namespace minnow::requests {

namespace {

// The plan made on `def` in its place: made on the global table's settings, with the replica's
// own overrides put over them again.
UpdateTablePlan update(const Context& context, engine::TableDefinition& def, const UpdateTableRequest& request,
                       UpdateTablePlanner plan) {
  engine::settle_transient_statuses(def, context.now_ms);
  engine::TableDefinition shared = def;
  engine::remove_replica_overrides(shared);
  UpdateTablePlan result = plan(request, shared);
  engine::apply_replica_overrides(result.next);
  engine::apply_replica_overrides(result.shown);
  def = result.next;
  return result;
}

}  // namespace

UpdateTableResult execute(const Context& context, const UpdateTableRequest& request, UpdateTablePlanner plan) {
  UpdateTablePlan result;
  request.table->update_definition([&](engine::TableDefinition& def) { result = update(context, def, request, plan); });
  for_each_peer(context, result.next, [&](engine::Table& peer) {
    UpdateTableRequest theirs = request;
    theirs.deletion_protection.reset();
    theirs.stream.reset();
    theirs.sse.reset();
    try {
      peer.update_definition([&](engine::TableDefinition& def) { update(context, def, theirs, plan); });
    } catch (const model::Error&) {  // it stays as it is
    }
  });
  return result;
}

}  // namespace minnow::requests
