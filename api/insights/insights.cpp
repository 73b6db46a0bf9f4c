#include "api/insights/insights.h"

#include <algorithm>

#include "api/table_lookup.h"
#include "model/control_errors.h"

namespace minnow::api::insights {

std::shared_ptr<engine::Table> find_insights_table(const ActionContext& context, const JsonValue& request) {
  auto table = find_table(context, request, /*table_operation=*/true);
  if (const JsonValue* index = member(request, "IndexName")) {
    const std::string name(view(*index));
    const engine::TableDefinition def = table->definition();
    if (std::none_of(def.global_indexes.begin(), def.global_indexes.end(),
                     [&](const auto& gsi) { return gsi.name == name; }))
      throw model::table_index_not_found(table->name(), name);
  }
  return table;
}

const char* insights_status(const std::optional<engine::ContributorInsights>& insights, int64_t now_ms) {
  if (!insights) return "DISABLED";
  const bool transient = now_ms < insights->transient_until_ms;
  if (insights->enabled) return transient ? "ENABLING" : "ENABLED";
  return transient ? "DISABLING" : "DISABLED";
}

}  // namespace minnow::api::insights
