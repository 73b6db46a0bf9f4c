// DescribeEndpoints: the endpoint a client should send its requests to. DynamoDB answers its
// regional host name; Minnow answers its own address as the client reached it (the request's
// Host header, "localhost" without one), so that SDKs with endpoint discovery stay on Minnow.
// The cache period is DynamoDB's, 1440 minutes.
#include "api/operations.h"
#include "requests/account.h"

namespace minnow::api::account {

namespace describe_endpoints {

requests::DescribeEndpointsRequest decode(const ActionContext& context, const JsonValue& /*json*/) {
  return {context.host.empty() ? std::string("localhost") : std::string(context.host)};
}

void describe_endpoints(const ActionContext& context, requests::DescribeEndpointsRequest request, JsonWriter& out) {
  const requests::DescribeEndpointsResult result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("Endpoints");
  out.StartArray();
  out.StartObject();
  out.Key("Address");
  out.String(result.address.data(), static_cast<rapidjson::SizeType>(result.address.size()));
  out.Key("CachePeriodInMinutes");
  out.Int64(result.cache_period_in_minutes);
  out.EndObject();
  out.EndArray();
  out.EndObject();
}

}  // namespace describe_endpoints

const Action kDescribeEndpoints{"DescribeEndpoints", nullptr, describe_endpoints::decode,
                                describe_endpoints::describe_endpoints};

}  // namespace minnow::api::account
