// Contributor insights as typed requests: UpdateContributorInsights, DescribeContributorInsights,
// ListContributorInsights. The front end (api/insights) finds the table (and checks that IndexName
// is one of its GSIs) and checks the page token; execute() sets or reads the settings in the
// table's definition and returns them as values, which the front end words as statuses.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/table.h"
#include "engine/table_settings.h"
#include "requests/context.h"

namespace minnow::requests {

// The setting of the table (index "") or of one of its GSIs, null when never set.
const engine::ContributorInsights* insights_of(const engine::TableDefinition& def, const std::string& index);

struct UpdateContributorInsightsRequest {
  std::shared_ptr<engine::Table> table;
  std::string index_name;           // empty: the table's
  bool enable = false;              // ContributorInsightsAction ENABLE (else DISABLE)
  std::optional<std::string> mode;  // ContributorInsightsMode; none: the one it has
};

struct UpdateContributorInsightsResult {
  std::string mode;  // ACCESSED_AND_THROTTLED_KEYS unless set otherwise
};

// ENABLING or DISABLING until kTransientPhaseMs later with -delayTransientStatuses, else at once.
UpdateContributorInsightsResult execute(const Context& context, const UpdateContributorInsightsRequest& request);

struct DescribeContributorInsightsRequest {
  std::shared_ptr<engine::Table> table;
  std::string index_name;  // empty: the table's
};

struct DescribeContributorInsightsResult {
  engine::TableDefinition definition;                // for the rules' names and key schemas
  std::optional<engine::ContributorInsights> insights;  // none: never set (DISABLED)
};

DescribeContributorInsightsResult execute(const Context& context, const DescribeContributorInsightsRequest& request);

struct ListContributorInsightsRequest {
  std::optional<std::string> table_name;  // that table (found) and its GSIs; none: every table
  std::size_t limit = 100;                // MaxResults
  std::size_t start = 0;                  // NextToken: the position of the first summary
};

struct ContributorInsightsSummary {
  std::string table_name;
  std::string index_name;                               // empty: the table's
  std::optional<engine::ContributorInsights> insights;  // none: never set
};

struct ListContributorInsightsResult {
  std::vector<ContributorInsightsSummary> summaries;  // in table order, each table before its GSIs
  bool more = false;                                   // NextToken: start + limit
};

ListContributorInsightsResult execute(const Context& context, const ListContributorInsightsRequest& request);

}  // namespace minnow::requests
