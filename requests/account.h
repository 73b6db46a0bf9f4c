// The account's operations as typed requests: DescribeLimits (the provisioned-capacity quotas of
// an account in a region) and DescribeEndpoints (where a client should send its requests).
// Neither reads the database; the front end decodes the address a client reached Minnow at.
#pragma once

#include <cstdint>
#include <string>

#include "engine/throughput_buckets.h"
#include "requests/context.h"

namespace minnow::requests {

struct DescribeLimitsRequest {};

// A new AWS account's quotas (and DynamoDB Local's): 80,000 read and write capacity units per
// account, 40,000 per table. The capacity model enforces the table's on on-demand tables
// (engine/throughput_buckets.h); nothing enforces the account's.
struct DescribeLimitsResult {
  int64_t account_max_read_capacity_units = 80000;
  int64_t account_max_write_capacity_units = 80000;
  int64_t table_max_read_capacity_units = static_cast<int64_t>(engine::kTableQuotaUnitsPerSecond);
  int64_t table_max_write_capacity_units = static_cast<int64_t>(engine::kTableQuotaUnitsPerSecond);
};

DescribeLimitsResult execute(const Context& context, const DescribeLimitsRequest& request);

struct DescribeEndpointsRequest {
  std::string address;  // the request's Host header, "localhost" without one
};

struct DescribeEndpointsResult {
  std::string address;
  int64_t cache_period_in_minutes = 1440;  // DynamoDB's
};

DescribeEndpointsResult execute(const Context& context, const DescribeEndpointsRequest& request);

}  // namespace minnow::requests
