// UpdateContributorInsights: ENABLE or DISABLE contributor insights on a table or GSI; answers
// ENABLING or DISABLING (api/insights/insights.h). The mode defaults to
// ACCESSED_AND_THROTTLED_KEYS, and is kept when disabling.
#include "api/descriptions.h"
#include "api/insights/insights.h"
#include "api/operations.h"

namespace minnow::api::insights {

namespace update_contributor_insights {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true},
  "IndexName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255, "regex": "[a-zA-Z0-9_.-]+"},
  "ContributorInsightsAction": {"type": "String", "required": true, "enum": ["ENABLE", "DISABLE"]},
  "ContributorInsightsMode": {"type": "String", "enum": ["ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS"]}
})");

requests::UpdateContributorInsightsRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::UpdateContributorInsightsRequest r;
  r.table = find_insights_table(context, json);
  if (const JsonValue* index = member(json, "IndexName")) r.index_name = std::string(view(*index));
  r.enable = view(json["ContributorInsightsAction"]) == "ENABLE";
  if (const JsonValue* mode = member(json, "ContributorInsightsMode")) r.mode = std::string(view(*mode));
  return r;
}

void update_contributor_insights(const ActionContext& context, requests::UpdateContributorInsightsRequest request,
                                 JsonWriter& out) {
  const requests::UpdateContributorInsightsResult result = requests::execute(context.requests(), request);
  out.StartObject();
  write_string(out, "TableName", request.table->name());
  if (!request.index_name.empty()) write_string(out, "IndexName", request.index_name);  // given (its Shape: 3+)
  write_string(out, "ContributorInsightsStatus", request.enable ? "ENABLING" : "DISABLING");
  write_string(out, "ContributorInsightsMode", result.mode);
  out.EndObject();
}

}  // namespace update_contributor_insights

const Action kUpdateContributorInsights{"UpdateContributorInsights", &update_contributor_insights::kShape,
                                        update_contributor_insights::decode,
                                        update_contributor_insights::update_contributor_insights};

}  // namespace minnow::api::insights
