// ListBulkOperations: summaries (BulkOperationArn, BulkOperationStatus, StartTime, EndTime) of
// this account and region's bulk operations, most recent first (their ARNs end with the start
// time, so ARN order is time order). Paging: MaxResults (10 by default), NextToken.
#include "api/bulk/bulk.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/descriptions.h"

namespace minnow::api::bulk {

namespace list_bulk_operations {

// AWS's API model.
const Shape kShape(R"({
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 100},
  "NextToken": "String"
})");

constexpr std::size_t kDefaultMaxResults = 10;

void list_bulk_operations(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue* max = member(request, "MaxResults");
  out.StartObject();
  out.Key("BulkOperationsSummaryList");
  out.StartArray();
  const std::string token = movement::write_page(
      context.database.transfers().bulk_operations.list(), string_member(request, "NextToken"),
      max ? static_cast<std::size_t>(coral_long(*max)) : kDefaultMaxResults,
      [](const engine::BulkOperationRecord&) { return true; },
      [&](const engine::BulkOperationRecord& r) {
        const std::string status = bulk_status(r, context.now_ms);
        out.StartObject();
        write_string(out, "BulkOperationArn", r.arn);
        write_string(out, "BulkOperationStatus", status);
        write_time(out, "StartTime", r.start_ms);
        if (status != "IN_PROGRESS" && status != "CANCELLING") write_time(out, "EndTime", r.done_ms);
        out.EndObject();
      });
  out.EndArray();
  if (!token.empty()) write_string(out, "NextToken", token);
  out.EndObject();
}

}  // namespace list_bulk_operations

const Action kListBulkOperations{"ListBulkOperations", &list_bulk_operations::kShape, list_bulk_operations::list_bulk_operations};

}  // namespace minnow::api::bulk
