// The typed Kinesis destination requests without JSON: Enable adds or re-enables a destination,
// Disable and Update change an ACTIVE one only, a refusal changes nothing, and Describe reports
// each destination's status at the request's time.
#include "requests/kinesis.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace kinesis_test {

namespace {

using namespace minnow;
using Status = requests::KinesisDestinationResult::Status;

const std::string kArn = "arn:aws:kinesis:us-east-1:000000000000:stream/s";

}  // namespace

TEST_CASE("Kinesis destinations: enable, update, disable, describe") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  auto described = [&] {
    return requests::execute(f.context(), requests::DescribeKinesisStreamingDestinationRequest{table}).destinations;
  };

  CHECK(requests::execute(f.context(), requests::DisableKinesisStreamingDestinationRequest{table, kArn}).status ==
        Status::NotEnabled);
  CHECK(requests::execute(f.context(), requests::UpdateKinesisStreamingDestinationRequest{table, kArn, "MICROSECOND"})
            .status == Status::NotEnabled);
  CHECK(described().empty());

  CHECK(requests::execute(f.context(), requests::EnableKinesisStreamingDestinationRequest{table, kArn}).status ==
        Status::Changed);
  CHECK(requests::execute(f.context(), requests::EnableKinesisStreamingDestinationRequest{table, kArn}).status ==
        Status::InUse);
  REQUIRE(described().size() == 1);
  CHECK(described()[0].status == "ACTIVE");  // without -delayTransientStatuses, at once
  CHECK(described()[0].precision == "MILLISECOND");

  CHECK(requests::execute(f.context(), requests::UpdateKinesisStreamingDestinationRequest{table, kArn, "MICROSECOND"})
            .status == Status::Changed);
  CHECK(described()[0].precision == "MICROSECOND");

  CHECK(requests::execute(f.context(), requests::DisableKinesisStreamingDestinationRequest{table, kArn}).status ==
        Status::Changed);
  CHECK(described()[0].status == "DISABLED");  // still described
  CHECK(requests::execute(f.context(), requests::EnableKinesisStreamingDestinationRequest{table, kArn}).status ==
        Status::Changed);
  CHECK(described().size() == 1);
}

}  // namespace kinesis_test
