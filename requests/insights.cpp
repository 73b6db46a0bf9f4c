#include "requests/insights.h"

#include <algorithm>
#include <cstdint>

namespace minnow::requests {

namespace {

std::optional<engine::ContributorInsights> copy_of(const engine::ContributorInsights* insights) {
  return insights ? std::optional<engine::ContributorInsights>(*insights) : std::nullopt;
}

}  // namespace

const engine::ContributorInsights* insights_of(const engine::TableDefinition& def, const std::string& index) {
  for (const auto& insights : def.contributor_insights) {
    if (insights.index_name == index) return &insights;
  }
  return nullptr;
}

UpdateContributorInsightsResult execute(const Context& context, const UpdateContributorInsightsRequest& request) {
  UpdateContributorInsightsResult result;
  request.table->update_definition([&](engine::TableDefinition& def) {
    auto it = std::find_if(def.contributor_insights.begin(), def.contributor_insights.end(),
                           [&](const auto& insights) { return insights.index_name == request.index_name; });
    if (it == def.contributor_insights.end()) {
      def.contributor_insights.push_back({request.index_name, false, "ACCESSED_AND_THROTTLED_KEYS", 0, 0});
      it = def.contributor_insights.end() - 1;
    }
    it->enabled = request.enable;
    if (request.mode) it->mode = *request.mode;
    it->last_update_ms = context.now_ms;
    it->transient_until_ms =
        context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
    result.mode = it->mode;
  });
  return result;
}

DescribeContributorInsightsResult execute(const Context&, const DescribeContributorInsightsRequest& request) {
  DescribeContributorInsightsResult result{request.table->definition(), std::nullopt};
  result.insights = copy_of(insights_of(result.definition, request.index_name));
  return result;
}

ListContributorInsightsResult execute(const Context& context, const ListContributorInsightsRequest& request) {
  std::vector<std::string> names;
  if (request.table_name)
    names.push_back(*request.table_name);
  else
    names = context.database.list(std::nullopt, SIZE_MAX);
  ListContributorInsightsResult result;
  std::size_t position = 0;
  auto summary = [&](const engine::TableDefinition& def, const std::string& index) {
    if (position++ < request.start) return;
    if (position > request.start + request.limit) {
      result.more = true;
      return;
    }
    result.summaries.push_back({def.name, index, copy_of(insights_of(def, index))});
  };
  for (const auto& name : names) {
    auto table = context.database.find(name);
    if (!table) continue;  // deleted meanwhile
    const engine::TableDefinition def = table->definition();
    summary(def, "");
    for (const auto& index : def.global_indexes) summary(def, index.name);
  }
  return result;
}

}  // namespace minnow::requests
