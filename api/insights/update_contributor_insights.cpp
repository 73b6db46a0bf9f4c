// UpdateContributorInsights: ENABLE or DISABLE contributor insights on a table or GSI; answers
// ENABLING or DISABLING (api/insights/insights.h). The mode defaults to
// ACCESSED_AND_THROTTLED_KEYS, and is kept when disabling.
#include <algorithm>

#include "api/insights/insights.h"
#include "api/operations.h"
#include "api/tables/table_description.h"

namespace minnow::api::insights {

namespace {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true, "regex": "[a-zA-Z0-9_.-]+"},
  "IndexName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255, "regex": "[a-zA-Z0-9_.-]+"},
  "ContributorInsightsAction": {"type": "String", "required": true, "enum": ["ENABLE", "DISABLE"]},
  "ContributorInsightsMode": {"type": "String", "enum": ["ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS"]}
})");

void update_contributor_insights(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_insights_table(context, request);
  const JsonValue* index = member(request, "IndexName");
  const std::string index_name = index ? std::string(view(*index)) : "";
  const bool enable = view(request["ContributorInsightsAction"]) == "ENABLE";
  const JsonValue* mode = member(request, "ContributorInsightsMode");
  std::string shown_mode;
  table->update_definition([&](engine::TableDefinition& def) {
    auto it = std::find_if(def.contributor_insights.begin(), def.contributor_insights.end(),
                           [&](const auto& insights) { return insights.index_name == index_name; });
    if (it == def.contributor_insights.end()) {
      def.contributor_insights.push_back({index_name, false, "ACCESSED_AND_THROTTLED_KEYS", 0, 0});
      it = def.contributor_insights.end() - 1;
    }
    it->enabled = enable;
    if (mode) it->mode = std::string(view(*mode));
    it->last_update_ms = context.now_ms;
    it->transient_until_ms =
        context.now_ms + (context.database.options().delay_transient_statuses ? engine::kTransientPhaseMs : 0);
    shown_mode = it->mode;
  });
  out.StartObject();
  write_string(out, "TableName", table->name());
  if (index) write_string(out, "IndexName", index_name);
  write_string(out, "ContributorInsightsStatus", enable ? "ENABLING" : "DISABLING");
  write_string(out, "ContributorInsightsMode", shown_mode);
  out.EndObject();
}

}  // namespace

const Action kUpdateContributorInsights{"UpdateContributorInsights", &kShape, update_contributor_insights};

}  // namespace minnow::api::insights
