#include "requests/account.h"

namespace minnow::requests {

DescribeLimitsResult execute(const Context&, const DescribeLimitsRequest&) { return {}; }

DescribeEndpointsResult execute(const Context&, const DescribeEndpointsRequest& request) { return {request.address}; }

}  // namespace minnow::requests
