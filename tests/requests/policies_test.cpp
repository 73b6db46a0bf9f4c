// The typed resource-policy requests without JSON: a put keeps the revision of the same document,
// ExpectedRevisionId guards puts and deletes (NO_POLICY for a put on a resource without one), and
// a mismatch changes nothing.
#include "requests/policies.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace policies_test {

namespace {

using namespace minnow;

}  // namespace

TEST_CASE("PutResourcePolicy, GetResourcePolicy, DeleteResourcePolicy") {
  testing::RequestsFixture f;
  const requests::PolicyResource table{f.create_table("t"), "", "arn:table/t"};
  auto put = [&](const std::string& document, const std::string& revision, std::optional<std::string> expected) {
    return requests::execute(f.context(), requests::PutResourcePolicyRequest{table, {document, revision}, expected});
  };
  auto current = [&] { return requests::execute(f.context(), requests::GetResourcePolicyRequest{table}).policy; };

  CHECK_FALSE(current());
  CHECK(put("{}", "1", "other").revision_mismatch);
  CHECK_FALSE(current());
  CHECK(put("{}", "1", std::string(requests::kNoPolicy)).revision_id == "1");
  CHECK(put("{}", "2", std::nullopt).revision_id == "1");  // the same document keeps its revision
  CHECK(put("{\"a\":1}", "3", "1").revision_id == "3");
  REQUIRE(current());
  CHECK(current()->document == "{\"a\":1}");

  auto remove = [&](std::optional<std::string> expected) {
    return requests::execute(f.context(), requests::DeleteResourcePolicyRequest{table, expected});
  };
  CHECK(remove("1").revision_mismatch);
  CHECK(current());
  CHECK(remove(std::nullopt).revision_id == "3");
  CHECK_FALSE(current());
  CHECK(remove(std::nullopt).revision_id.empty());  // idempotent
  CHECK(remove("3").revision_mismatch);             // but not with an expected revision
}

}  // namespace policies_test
