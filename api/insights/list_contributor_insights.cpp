// ListContributorInsights: the state of contributor insights on every table and GSI (or on
// the given table and its GSIs), in table order, the table before its GSIs
// (api/insights/insights.h). Paging: at most MaxResults (1-100, default 100) summaries per page;
// NextToken is the position of the next one.
#include <cstdint>
#include <string>

#include "api/descriptions.h"
#include "api/insights/insights.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::insights {

namespace list_contributor_insights {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "tableName": true},
  "NextToken": "String",
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 0, "lessThanOrEqual": 100}
})");

constexpr std::size_t kDefaultMaxResults = 100;

requests::ListContributorInsightsRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::ListContributorInsightsRequest r;
  if (member(json, "TableName")) r.table_name = find_table(context, json, /*table_operation=*/true)->name();
  const JsonValue* max = member(json, "MaxResults");
  r.limit = max && coral_long(*max) > 0 ? static_cast<std::size_t>(coral_long(*max)) : kDefaultMaxResults;
  if (const JsonValue* token = member(json, "NextToken")) {
    const std::string text(view(*token));
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9)
      throw model::Error(model::kInvalidNextToken);
    r.start = std::stoul(text);
  }
  return r;
}

void list_contributor_insights(const ActionContext& context, requests::ListContributorInsightsRequest request,
                               JsonWriter& out) {
  const requests::ListContributorInsightsResult result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("ContributorInsightsSummaries");
  out.StartArray();
  for (const auto& summary : result.summaries) {
    out.StartObject();
    write_string(out, "TableName", summary.table_name);
    if (!summary.index_name.empty()) write_string(out, "IndexName", summary.index_name);
    write_string(out, "ContributorInsightsStatus", insights_status(summary.insights, context.now_ms));
    if (summary.insights) write_string(out, "ContributorInsightsMode", summary.insights->mode);
    out.EndObject();
  }
  out.EndArray();
  if (result.more) write_string(out, "NextToken", std::to_string(request.start + request.limit));
  out.EndObject();
}

}  // namespace list_contributor_insights

const Action kListContributorInsights{"ListContributorInsights", &list_contributor_insights::kShape,
                                      list_contributor_insights::decode,
                                      list_contributor_insights::list_contributor_insights};

}  // namespace minnow::api::insights
