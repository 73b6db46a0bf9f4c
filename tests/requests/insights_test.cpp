// The typed contributor-insights requests without JSON: an update sets the table's or a GSI's
// setting (mode kept when not given), Describe reads it, List pages the table and its GSIs.
#include "requests/insights.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace insights_test {

namespace {

using namespace minnow;

}  // namespace

TEST_CASE("UpdateContributorInsights, DescribeContributorInsights, ListContributorInsights") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  table->update_definition([](engine::TableDefinition& def) {
    engine::IndexDefinition gsi;
    gsi.name = "g";
    gsi.key_schema = {{"pk", true}};
    def.global_indexes.push_back(gsi);
  });
  CHECK_FALSE(requests::execute(f.context(), requests::DescribeContributorInsightsRequest{table, ""}).insights);

  CHECK(requests::execute(f.context(), requests::UpdateContributorInsightsRequest{table, "g", true, "THROTTLED_KEYS"})
            .mode == "THROTTLED_KEYS");
  CHECK(requests::execute(f.context(), requests::UpdateContributorInsightsRequest{table, "g", false, std::nullopt})
            .mode == "THROTTLED_KEYS");  // kept
  CHECK(requests::execute(f.context(), requests::UpdateContributorInsightsRequest{table, "", true, std::nullopt}).mode ==
        "ACCESSED_AND_THROTTLED_KEYS");
  const auto described = requests::execute(f.context(), requests::DescribeContributorInsightsRequest{table, "g"});
  REQUIRE(described.insights);
  CHECK_FALSE(described.insights->enabled);

  requests::ListContributorInsightsRequest list;
  list.limit = 1;
  requests::ListContributorInsightsResult page = requests::execute(f.context(), list);
  REQUIRE(page.summaries.size() == 1);
  CHECK(page.summaries[0].index_name.empty());
  CHECK(page.summaries[0].insights->enabled);
  CHECK(page.more);
  list.start = 1;
  page = requests::execute(f.context(), list);
  REQUIRE(page.summaries.size() == 1);
  CHECK(page.summaries[0].index_name == "g");
  CHECK_FALSE(page.more);
}

}  // namespace insights_test
