// ListExports: summaries (ExportArn, ExportStatus, ExportType) of this account and region's
// exports, of one table with TableArn, in reverse alphanumeric order of ExportArn as AWS
// documents. Paging: at most MaxResults (1-25; all by default), NextToken when more follow (the
// last ARN answered; the next page starts after it).
#include <limits>

#include "api/descriptions.h"
#include "api/exports/exports.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "requests/movement.h"

namespace minnow::api::exports {

namespace list_exports {

// AWS's API model.
const Shape kShape(R"({
  "TableArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 25},
  "NextToken": "String"
})");

requests::ListTransfersRequest<engine::ExportRecord> decode(const ActionContext& context, const JsonValue& json) {
  requests::ListTransfersRequest<engine::ExportRecord> r;
  if (const JsonValue* table = member(json, "TableArn")) r.table_arn = table_arn(context, table_name_of(view(*table)));
  r.next_token = string_member(json, "NextToken");
  if (const JsonValue* max = member(json, "MaxResults")) r.limit = static_cast<std::size_t>(coral_long(*max));
  return r;
}

void list_exports(const ActionContext& context, requests::ListTransfersRequest<engine::ExportRecord> request,
                  JsonWriter& out) {
  const auto result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("ExportSummaries");
  out.StartArray();
  for (const engine::ExportRecord& record : result.page) {
    out.StartObject();
    write_string(out, "ExportArn", record.arn);
    write_string(out, "ExportStatus", export_status(record, context.now_ms));
    write_string(out, "ExportType", record.export_type);
    out.EndObject();
  }
  out.EndArray();
  if (!result.next_token.empty()) write_string(out, "NextToken", result.next_token);
  out.EndObject();
}

}  // namespace list_exports

const Action kListExports{"ListExports", &list_exports::kShape, list_exports::decode, list_exports::list_exports};

}  // namespace minnow::api::exports
