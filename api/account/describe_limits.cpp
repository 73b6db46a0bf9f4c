// DescribeLimits: the provisioned-capacity quotas of an account in a region. The figures are
// those of a new AWS account (and DynamoDB Local's): 80,000 read and write capacity units per
// account, 40,000 per table. Minnow does not enforce them.
#include "api/operations.h"

namespace minnow::api::account {

namespace describe_limits {

constexpr int64_t kAccountMaxCapacityUnits = 80000;
constexpr int64_t kTableMaxCapacityUnits = 40000;

void describe_limits(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  out.StartObject();
  out.Key("AccountMaxReadCapacityUnits");
  out.Int64(kAccountMaxCapacityUnits);
  out.Key("AccountMaxWriteCapacityUnits");
  out.Int64(kAccountMaxCapacityUnits);
  out.Key("TableMaxReadCapacityUnits");
  out.Int64(kTableMaxCapacityUnits);
  out.Key("TableMaxWriteCapacityUnits");
  out.Int64(kTableMaxCapacityUnits);
  out.EndObject();
}

}  // namespace describe_limits

const Action kDescribeLimits{"DescribeLimits", nullptr, describe_limits::describe_limits};

}  // namespace minnow::api::account
