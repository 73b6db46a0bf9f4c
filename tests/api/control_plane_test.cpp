// The transient states of contributor insights and Kinesis destinations under
// -delayTransientStatuses, through the service with an adjustable clock: ENABLING, UPDATING and
// DISABLING last engine::kTransientPhaseMs, then give way to ENABLED/ACTIVE/DISABLED; without the
// flag only the answer to the request itself shows them. AWS's API reference is the
// specification (api/insights/insights.h, api/kinesis/kinesis.h).
#include <catch2/catch.hpp>
#include <string>

#include "api/json.h"
#include "engine/database.h"
#include "tests/api/service_harness.h"

namespace control_plane_test {

namespace {

using namespace minnow;

constexpr int64_t kStartMs = 1796018400000;  // 2026-11-30T06:00:00.000Z
const std::string kStream = "arn:aws:kinesis:us-east-1:000000000000:stream/minnow-test";

struct Harness : testing::ServiceHarness {
  explicit Harness(bool delay) : testing::ServiceHarness(engine::DatabaseOptions{delay}) {
    clock.set_ms(kStartMs);
    ok("CreateTable", R"({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",)"
                      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  }
  std::string insights() {
    return ok("DescribeContributorInsights", R"({"TableName":"Tbl"})")["ContributorInsightsStatus"].GetString();
  }
  std::string destination() {
    auto out = ok("DescribeKinesisStreamingDestination", R"({"TableName":"Tbl"})");
    return out["KinesisDataStreamDestinations"][0]["DestinationStatus"].GetString();
  }
  std::string destination_call(const std::string& action, const std::string& extra = "") {
    return ok(action, R"({"TableName":"Tbl","StreamArn":")" + kStream + "\"" + extra + "}")["DestinationStatus"]
        .GetString();
  }
  // Just before and just after the transient phase.
  void almost() { clock.advance_ms(engine::kTransientPhaseMs - 1000); }
  void past() { clock.advance_ms(2000); }
};

const char* kEnable = R"({"TableName":"Tbl","ContributorInsightsAction":"ENABLE"})";
const char* kDisable = R"({"TableName":"Tbl","ContributorInsightsAction":"DISABLE"})";
const char* kMicroseconds =
    R"(,"UpdateKinesisStreamingConfiguration":{"ApproximateCreationDateTimePrecision":"MICROSECOND"})";

}  // namespace

TEST_CASE("contributor insights: ENABLING and DISABLING last a phase under -delayTransientStatuses", "[control]") {
  Harness h(true);
  CHECK(h.insights() == "DISABLED");
  CHECK(std::string(h.ok("UpdateContributorInsights", kEnable)["ContributorInsightsStatus"].GetString()) == "ENABLING");
  h.almost();
  CHECK(h.insights() == "ENABLING");
  h.past();
  CHECK(h.insights() == "ENABLED");
  CHECK(std::string(h.ok("UpdateContributorInsights", kDisable)["ContributorInsightsStatus"].GetString()) ==
        "DISABLING");
  h.almost();
  CHECK(h.insights() == "DISABLING");
  h.past();
  CHECK(h.insights() == "DISABLED");
}

TEST_CASE("contributor insights: without the flag only the answer is transient", "[control]") {
  Harness h(false);
  CHECK(std::string(h.ok("UpdateContributorInsights", kEnable)["ContributorInsightsStatus"].GetString()) == "ENABLING");
  CHECK(h.insights() == "ENABLED");
}

TEST_CASE("Kinesis destinations: ENABLING, UPDATING and DISABLING last a phase under -delayTransientStatuses",
          "[control]") {
  Harness h(true);
  CHECK(h.destination_call("EnableKinesisStreamingDestination") == "ENABLING");
  h.almost();
  CHECK(h.destination() == "ENABLING");
  // Nothing else may change it meanwhile.
  CHECK(h.call("UpdateKinesisStreamingDestination",
               R"({"TableName":"Tbl","StreamArn":")" + kStream + "\"" + kMicroseconds + "}")
            .status == 400);
  h.past();
  CHECK(h.destination() == "ACTIVE");
  CHECK(h.destination_call("UpdateKinesisStreamingDestination", kMicroseconds) == "UPDATING");
  h.almost();
  CHECK(h.destination() == "UPDATING");
  h.past();
  CHECK(h.destination() == "ACTIVE");
  CHECK(h.destination_call("DisableKinesisStreamingDestination") == "DISABLING");
  h.almost();
  CHECK(h.destination() == "DISABLING");
  h.past();
  CHECK(h.destination() == "DISABLED");
}

}  // namespace control_plane_test
