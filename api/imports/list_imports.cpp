// ListImports: summaries of this account and region's imports (api/imports/imports.h), of one
// table with TableArn, newest ARN first. Paging: at most PageSize (1-25; all by default),
// NextToken when more follow.
#include <limits>

#include "api/descriptions.h"
#include "api/imports/imports.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "requests/movement.h"

namespace minnow::api::imports {

namespace list_imports {

// AWS's API model.
const Shape kShape(R"({
  "TableArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "PageSize": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 25},
  "NextToken": "String"
})");

requests::ListTransfersRequest<engine::ImportRecord> decode(const ActionContext& context, const JsonValue& json) {
  requests::ListTransfersRequest<engine::ImportRecord> r;
  if (const JsonValue* table = member(json, "TableArn")) r.table_arn = table_arn(context, table_name_of(view(*table)));
  r.next_token = string_member(json, "NextToken");
  if (const JsonValue* size = member(json, "PageSize")) r.limit = static_cast<std::size_t>(coral_long(*size));
  return r;
}

void list_imports(const ActionContext& context, requests::ListTransfersRequest<engine::ImportRecord> request,
                  JsonWriter& out) {
  const auto result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("ImportSummaryList");
  out.StartArray();
  for (const engine::ImportRecord& record : result.page) write_import_summary(out, record, context.now_ms);
  out.EndArray();
  if (!result.next_token.empty()) write_string(out, "NextToken", result.next_token);
  out.EndObject();
}

}  // namespace list_imports

const Action kListImports{"ListImports", &list_imports::kShape, list_imports::decode, list_imports::list_imports};

}  // namespace minnow::api::imports
