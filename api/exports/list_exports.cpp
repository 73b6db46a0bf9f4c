// ListExports: summaries (ExportArn, ExportStatus, ExportType) of this account and region's
// exports, of one table with TableArn, in reverse alphanumeric order of ExportArn as AWS
// documents. Paging: at most MaxResults (1-25; all by default), NextToken when more follow (the
// last ARN answered; the next page starts after it).
#include <limits>

#include "api/exports/exports.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/tables/table_description.h"

namespace minnow::api::exports {

namespace {

// AWS's API model.
const Shape kShape(R"({
  "TableArn": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 25},
  "NextToken": "String"
})");

void list_exports(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  std::vector<engine::ExportRecord> records = context.database.transfers().exports.list();
  const JsonValue* table = member(request, "TableArn");
  const std::string table_filter = table ? table_arn(context, table_name_of(view(*table))) : std::string();
  const JsonValue* next = member(request, "NextToken");
  const std::string after = next ? std::string(view(*next)) : std::string();
  const JsonValue* max = member(request, "MaxResults");
  const std::size_t limit = max ? static_cast<std::size_t>(coral_long(*max)) : std::numeric_limits<std::size_t>::max();

  out.StartObject();
  out.Key("ExportSummaries");
  out.StartArray();
  std::size_t answered = 0;
  std::string last;
  bool more = false;
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    if (!after.empty() && it->arn >= after) continue;
    if (!table_filter.empty() && it->table_arn != table_filter) continue;
    if (answered == limit) {
      more = true;
      break;
    }
    out.StartObject();
    write_string(out, "ExportArn", it->arn);
    write_string(out, "ExportStatus", export_status(*it, context.now_ms));
    write_string(out, "ExportType", it->export_type);
    out.EndObject();
    last = it->arn;
    ++answered;
  }
  out.EndArray();
  if (more) write_string(out, "NextToken", last);
  out.EndObject();
}

}  // namespace

const Action kListExports{"ListExports", &kShape, list_exports};

}  // namespace minnow::api::exports
