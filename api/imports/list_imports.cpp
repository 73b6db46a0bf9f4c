// ListImports: summaries of this account and region's imports (api/imports/imports.h), of one
// table with TableArn, newest ARN first. Paging: at most PageSize (1-25; all by default),
// NextToken when more follow.
#include <limits>

#include "api/imports/imports.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "requests/movement.h"
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
  requests::ListTransfersRequest<engine::ImportRecord> r;
  if (const JsonValue* table = member(request, "TableArn")) r.table_arn = table_arn(context, table_name_of(view(*table)));
  r.next_token = string_member(request, "NextToken");
  if (const JsonValue* size = member(request, "PageSize")) r.limit = static_cast<std::size_t>(coral_long(*size));
  const auto result = requests::execute(context.requests(), r);
  out.StartObject();
  out.Key("ImportSummaryList");
  out.StartArray();
  for (const engine::ImportRecord& record : result.page) write_import_summary(out, record, context.now_ms);
  out.EndArray();
  if (!result.next_token.empty()) write_string(out, "NextToken", result.next_token);
  out.EndObject();
}

}  // namespace list_imports

const Action kListImports{"ListImports", &list_imports::kShape, list_imports::list_imports};

}  // namespace minnow::api::imports
