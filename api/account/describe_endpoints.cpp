// DescribeEndpoints: the endpoint a client should send its requests to. DynamoDB answers its
// regional host name; Minnow answers its own address as the client reached it (the request's
// Host header, "localhost" without one), so that SDKs with endpoint discovery stay on Minnow.
// The cache period is DynamoDB's, 1440 minutes.
#include "api/operations.h"

namespace minnow::api::account {

namespace describe_endpoints {

constexpr int64_t kCachePeriodInMinutes = 1440;

void describe_endpoints(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string_view address = context.host.empty() ? std::string_view("localhost") : context.host;
  out.StartObject();
  out.Key("Endpoints");
  out.StartArray();
  out.StartObject();
  out.Key("Address");
  out.String(address.data(), static_cast<rapidjson::SizeType>(address.size()));
  out.Key("CachePeriodInMinutes");
  out.Int64(kCachePeriodInMinutes);
  out.EndObject();
  out.EndArray();
  out.EndObject();
}

}  // namespace describe_endpoints

const Action kDescribeEndpoints{"DescribeEndpoints", nullptr, describe_endpoints::describe_endpoints};

}  // namespace minnow::api::account
