// ListImports: summaries of this account and region's imports (api/imports/imports.h), of one
// table with TableArn, newest ARN first. Paging: at most PageSize (1-25; all by default),
// NextToken when more follow.
#include <limits>

#include "api/imports/imports.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/descriptions.h"

namespace minnow::api::imports {

namespace list_imports {

// AWS's API model.
const Shape kShape(R"({
  "TableArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "PageSize": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 25},
  "NextToken": "String"
})");

void list_imports(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue* table = member(request, "TableArn");
  const std::string table_filter = table ? table_arn(context, table_name_of(view(*table))) : std::string();
  const JsonValue* size = member(request, "PageSize");
  out.StartObject();
  out.Key("ImportSummaryList");
  out.StartArray();
  const std::string token = movement::write_page(
      context.database.transfers().imports.list(), string_member(request, "NextToken"),
      size ? static_cast<std::size_t>(coral_long(*size)) : std::numeric_limits<std::size_t>::max(),
      [&](const engine::ImportRecord& r) { return table_filter.empty() || r.table_arn == table_filter; },
      [&](const engine::ImportRecord& r) { write_import_summary(out, r, context.now_ms); });
  out.EndArray();
  if (!token.empty()) write_string(out, "NextToken", token);
  out.EndObject();
}

}  // namespace list_imports

const Action kListImports{"ListImports", &list_imports::kShape, list_imports::list_imports};

}  // namespace minnow::api::imports
