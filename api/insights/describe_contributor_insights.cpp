// DescribeContributorInsights: the state of contributor insights on a table or GSI, with its
// rules while enabled (api/insights/insights.h).
#include <algorithm>

#include "api/descriptions.h"
#include "api/insights/insights.h"
#include "api/operations.h"

namespace minnow::api::insights {

namespace describe_contributor_insights {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true},
  "IndexName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255, "regex": "[a-zA-Z0-9_.-]+"}
})");

// DynamoDB's rule names: DynamoDBContributorInsights-<PKC|SKC|PKT|SKT>-<table>[-<index>]-<ms>,
// consumed (all access) and throttled keys, partition and sort key.
void write_rules(JsonWriter& out, const engine::TableDefinition& def, const engine::ContributorInsights& insights) {
  bool has_sort_key = def.key_schema_elements.size() > 1;
  for (const auto& index : def.global_indexes) {
    if (index.name == insights.index_name)
      has_sort_key =
          std::any_of(index.key_schema.begin(), index.key_schema.end(), [](const auto& e) { return !e.is_hash; });
  }
  const std::string suffix = "-" + def.name + (insights.index_name.empty() ? "" : "-" + insights.index_name) + "-" +
                             std::to_string(insights.last_update_ms);
  out.Key("ContributorInsightsRuleList");
  out.StartArray();
  for (const char* kind : {"PKC", "SKC", "PKT", "SKT"}) {
    if (kind[0] == 'S' && !has_sort_key) continue;
    if (kind[2] == 'C' && insights.mode == "THROTTLED_KEYS") continue;
    const std::string rule = std::string("DynamoDBContributorInsights-") + kind + suffix;
    out.String(rule.data(), rule.size());
  }
  out.EndArray();
}

requests::DescribeContributorInsightsRequest decode(const ActionContext& context, const JsonValue& json) {
  const JsonValue* index = member(json, "IndexName");
  return {find_insights_table(context, json), index ? std::string(view(*index)) : ""};
}

void describe_contributor_insights(const ActionContext& context, requests::DescribeContributorInsightsRequest request,
                                   JsonWriter& out) {
  const requests::DescribeContributorInsightsResult result = requests::execute(context.requests(), request);
  const engine::TableDefinition& def = result.definition;
  const std::optional<engine::ContributorInsights>& insights = result.insights;
  const std::string status = insights_status(insights, context.now_ms);
  out.StartObject();
  write_string(out, "TableName", def.name);
  if (!request.index_name.empty()) write_string(out, "IndexName", request.index_name);
  if (insights && insights->enabled) write_rules(out, def, *insights);
  write_string(out, "ContributorInsightsStatus", status);
  if (insights) {
    write_time(out, "LastUpdateDateTime", insights->last_update_ms);
    write_string(out, "ContributorInsightsMode", insights->mode);
  }
  out.EndObject();
}

}  // namespace describe_contributor_insights

const Action kDescribeContributorInsights{"DescribeContributorInsights", &describe_contributor_insights::kShape,
                                          describe_contributor_insights::decode,
                                          describe_contributor_insights::describe_contributor_insights};

}  // namespace minnow::api::insights
