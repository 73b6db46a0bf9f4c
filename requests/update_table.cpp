#include "requests/update_table.h"

#include "engine/transient_statuses.h"

namespace minnow::requests {

UpdateTableResult execute(const Context& context, const UpdateTableRequest& request,
                          engine::FunctionRef<UpdateTablePlan(const engine::TableDefinition& current)> plan) {
  UpdateTablePlan result;
  request.table->update_definition([&](engine::TableDefinition& def) {
    engine::settle_transient_statuses(def, context.now_ms);
    result = plan(def);
    def = result.next;
  });
  return result;
}

}  // namespace minnow::requests
