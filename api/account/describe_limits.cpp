// DescribeLimits: the provisioned-capacity quotas of an account in a region (requests/account.h:
// a new AWS account's, reported and not enforced).
#include "api/operations.h"
#include "requests/account.h"

namespace minnow::api::account {

namespace describe_limits {

requests::DescribeLimitsRequest decode(const ActionContext& /*context*/, const JsonValue& /*json*/) { return {}; }

void describe_limits(const ActionContext& context, requests::DescribeLimitsRequest request, JsonWriter& out) {
  const requests::DescribeLimitsResult limits = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("AccountMaxReadCapacityUnits");
  out.Int64(limits.account_max_read_capacity_units);
  out.Key("AccountMaxWriteCapacityUnits");
  out.Int64(limits.account_max_write_capacity_units);
  out.Key("TableMaxReadCapacityUnits");
  out.Int64(limits.table_max_read_capacity_units);
  out.Key("TableMaxWriteCapacityUnits");
  out.Int64(limits.table_max_write_capacity_units);
  out.EndObject();
}

}  // namespace describe_limits

const Action kDescribeLimits{"DescribeLimits", nullptr, describe_limits::decode, describe_limits::describe_limits};

}  // namespace minnow::api::account
