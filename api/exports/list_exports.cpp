// ListExports: summaries (ExportArn, ExportStatus, ExportType) of this account and region's
// exports, of one table with TableArn, in reverse alphanumeric order of ExportArn as AWS
// documents. Paging: at most MaxResults (1-25; all by default), NextToken when more follow (the
// last ARN answered; the next page starts after it).
#include <limits>

#include "api/exports/exports.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/descriptions.h"

namespace minnow::api::exports {

namespace list_exports {

// AWS's API model.
const Shape kShape(R"({
  "TableArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 25},
  "NextToken": "String"
})");

void list_exports(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue* table = member(request, "TableArn");
  const std::string table_filter = table ? table_arn(context, table_name_of(view(*table))) : std::string();
  const JsonValue* max = member(request, "MaxResults");
  out.StartObject();
  out.Key("ExportSummaries");
  out.StartArray();
  const std::string token = movement::write_page(
      context.database.transfers().exports.list(), string_member(request, "NextToken"),
      max ? static_cast<std::size_t>(coral_long(*max)) : std::numeric_limits<std::size_t>::max(),
      [&](const engine::ExportRecord& r) { return table_filter.empty() || r.table_arn == table_filter; },
      [&](const engine::ExportRecord& r) {
        out.StartObject();
        write_string(out, "ExportArn", r.arn);
        write_string(out, "ExportStatus", export_status(r, context.now_ms));
        write_string(out, "ExportType", r.export_type);
        out.EndObject();
      });
  out.EndArray();
  if (!token.empty()) write_string(out, "NextToken", token);
  out.EndObject();
}

}  // namespace list_exports

const Action kListExports{"ListExports", &list_exports::kShape, list_exports::list_exports};

}  // namespace minnow::api::exports
