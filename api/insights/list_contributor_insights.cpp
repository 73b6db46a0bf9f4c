// ListContributorInsights: the state of contributor insights on every table and GSI (or on
// the given table and its GSIs), in table order, the table before its GSIs
// (api/insights/insights.h). Paging: at most MaxResults (1-100, default 100) summaries per page;
// NextToken is the position of the next one.
#include <cstdint>
#include <string>

#include "api/insights/insights.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/tables/table_description.h"
#include "model/control_errors.h"

namespace minnow::api::insights {

namespace {

// AWS's API model.
const Shape kShape(R"({
  "TableName": {"type": "String", "tableName": true, "regex": "[a-zA-Z0-9_.-]+"},
  "NextToken": "String",
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 0, "lessThanOrEqual": 100}
})");

constexpr std::size_t kDefaultMaxResults = 100;

void list_contributor_insights(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  std::vector<std::string> names;
  if (member(request, "TableName"))
    names.push_back(find_table(context, request, /*table_operation=*/true)->name());
  else
    names = context.database.list(std::nullopt, SIZE_MAX);
  const JsonValue* max = member(request, "MaxResults");
  const std::size_t limit =
      max && coral_long(*max) > 0 ? static_cast<std::size_t>(coral_long(*max)) : kDefaultMaxResults;
  std::size_t start = 0;
  if (const JsonValue* token = member(request, "NextToken")) {
    const std::string text(view(*token));
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9)
      throw model::Error(model::kInvalidNextToken);
    start = std::stoul(text);
  }

  std::size_t position = 0;
  bool more = false;
  out.StartObject();
  out.Key("ContributorInsightsSummaries");
  out.StartArray();
  auto summary = [&](const engine::TableDefinition& def, const std::string& index) {
    if (position++ < start) return;
    if (position > start + limit) {
      more = true;
      return;
    }
    const engine::ContributorInsights* insights = insights_of(def, index);
    out.StartObject();
    write_string(out, "TableName", def.name);
    if (!index.empty()) write_string(out, "IndexName", index);
    write_string(out, "ContributorInsightsStatus", insights_status(insights, context.now_ms));
    if (insights) write_string(out, "ContributorInsightsMode", insights->mode);
    out.EndObject();
  };
  for (const auto& name : names) {
    auto table = context.database.find(name);
    if (!table) continue;  // deleted meanwhile
    const engine::TableDefinition def = table->definition();
    summary(def, "");
    for (const auto& index : def.global_indexes) summary(def, index.name);
  }
  out.EndArray();
  if (more) write_string(out, "NextToken", std::to_string(start + limit));
  out.EndObject();
}

}  // namespace

const Action kListContributorInsights{"ListContributorInsights", &kShape, list_contributor_insights};

}  // namespace minnow::api::insights
