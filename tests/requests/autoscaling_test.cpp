// The typed UpdateTableReplicaAutoScaling without JSON: steps apply in order to the table's
// stored settings; a step naming an unknown GSI or another region, or leaving a minimum above
// its maximum, is refused and the definition stays as it was.
#include "requests/autoscaling.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace autoscaling_test {

namespace {

using namespace minnow;
using Status = requests::UpdateTableReplicaAutoScalingResult::Status;

requests::AutoScalingStep write_step(std::string index, int64_t minimum, int64_t maximum, bool with_policy) {
  requests::AutoScalingStep step;
  step.index = std::move(index);
  step.update.minimum_units = minimum;
  step.update.maximum_units = maximum;
  if (with_policy) step.update.policy = engine::ScalingPolicy{.target_value = 70};
  return step;
}

}  // namespace

TEST_CASE("UpdateTableReplicaAutoScaling: in order, all or nothing") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  auto run = [&](std::vector<requests::AutoScalingStep> steps) {
    return requests::execute(f.context(), requests::UpdateTableReplicaAutoScalingRequest{table, std::move(steps)});
  };

  const auto updated = run({write_step("", 1, 10, true)});
  REQUIRE(updated.status == Status::Updated);
  REQUIRE(updated.definition.auto_scaling.size() == 1);
  const auto& write = updated.definition.auto_scaling[0].write;
  REQUIRE(write);
  CHECK(*write->minimum_units == 1);
  CHECK(*write->maximum_units == 10);
  REQUIRE(write->policies.size() == 1);
  CHECK(write->policies[0].name == "DynamoDBWriteCapacityUtilization:table/t");

  const auto unknown = run({write_step("", 2, 20, false), write_step("nope", 1, 2, false)});
  CHECK(unknown.status == Status::IndexNotFound);
  CHECK(unknown.name == "nope");
  CHECK(*table->definition().auto_scaling[0].write->minimum_units == 1);  // the first step undone too

  requests::AutoScalingStep foreign;
  foreign.foreign_region = "eu-west-1";
  const auto replica = run({foreign, write_step("nope", 1, 2, false)});  // the region, met first
  CHECK(replica.status == Status::ReplicaNotFound);
  CHECK(replica.name == "eu-west-1");

  CHECK(run({write_step("", 5, 4, false)}).status == Status::MinimumAboveMaximum);
  requests::AutoScalingStep minimum_only;
  minimum_only.update.minimum_units = 11;  // above the stored maximum, 10
  CHECK(run({minimum_only}).status == Status::MinimumAboveMaximum);
  CHECK(*table->definition().auto_scaling[0].write->minimum_units == 1);
}

}  // namespace autoscaling_test
