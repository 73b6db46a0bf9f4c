#include "api/policies/policies.h"

#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::policies {

requests::PolicyResource find_policy_resource(const ActionContext& context, const std::string& arn) {
  // arn:aws:dynamodb:REGION:ACCOUNT:table/NAME[/stream/LABEL]
  const std::string prefix = table_arn(context, "");
  if (arn.compare(0, prefix.size(), prefix) != 0) throw model::policy_resource_not_found(arn);
  const std::string rest = arn.substr(prefix.size());
  const std::size_t slash = rest.find('/');
  requests::PolicyResource resource;
  resource.arn = arn;
  resource.table = context.database.find(rest.substr(0, slash));
  if (!resource.table) throw model::policy_resource_not_found(arn);
  if (slash == std::string::npos) return resource;
  if (rest.compare(slash, 8, "/stream/") != 0) throw model::policy_resource_not_found(arn);
  resource.stream_label = rest.substr(slash + 8);
  // One of the table's streams: its current one or one it had (the Streams API still serves it).
  const bool known = context.database.streams().find(resource.table->name(), resource.stream_label) != nullptr;
  if (!known || resource.stream_label.empty()) throw model::policy_resource_not_found(arn);
  return resource;
}

}  // namespace minnow::api::policies
