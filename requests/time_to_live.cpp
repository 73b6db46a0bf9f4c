#include "requests/time_to_live.h"

#include "requests/replicas.h"

namespace minnow::requests {

UpdateTimeToLiveResult execute(const Context& context, const UpdateTimeToLiveRequest& request) {
  using Status = UpdateTimeToLiveResult::Status;
  UpdateTimeToLiveResult result;
  auto refuse = [&](Status status) {
    result.status = status;
    throw DefinitionUnchanged{};
  };
  try {
    request.table->update_definition([&](engine::TableDefinition& def) {
      const std::string* name = request.attribute_name ? &*request.attribute_name : nullptr;
      if (request.enabled) {
        if (def.ttl_attribute == *name) refuse(Status::AlreadyEnabled);
        if (!def.ttl_attribute.empty()) refuse(Status::DifferentAttribute);
        def.ttl_attribute = *name;
      } else {
        if (def.ttl_attribute.empty()) refuse(Status::AlreadyDisabled);
        if (name && def.ttl_attribute != *name) refuse(Status::DifferentAttribute);
        def.ttl_attribute.clear();
      }
    });
  } catch (const DefinitionUnchanged&) {
    return result;
  }
  const engine::TableDefinition changed = request.table->definition();  // a global table's replicas too
  for_each_peer(context, changed, [&](engine::Table& peer) {
    peer.update_definition([&](engine::TableDefinition& def) { def.ttl_attribute = changed.ttl_attribute; });
  });
  return result;
}

DescribeTimeToLiveResult execute(const Context&, const DescribeTimeToLiveRequest& request) {
  return {request.table->definition().ttl_attribute};
}

}  // namespace minnow::requests
