// ListBulkOperations: summaries (BulkOperationArn, BulkOperationStatus, StartTime, EndTime) of
// this account and region's bulk operations, most recent first (their ARNs end with the start
// time, so ARN order is time order). Paging: MaxResults (10 by default), NextToken.
#include "api/bulk/bulk.h"
#include "api/descriptions.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "requests/movement.h"

namespace minnow::api::bulk {

namespace list_bulk_operations {

// AWS's API model.
const Shape kShape(R"({
  "MaxResults": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 100},
  "NextToken": "String"
})");

constexpr std::size_t kDefaultMaxResults = 10;

requests::ListTransfersRequest<engine::BulkOperationRecord> decode(const ActionContext& /*context*/,
                                                                   const JsonValue& json) {
  requests::ListTransfersRequest<engine::BulkOperationRecord> r;
  r.next_token = string_member(json, "NextToken");
  const JsonValue* max = member(json, "MaxResults");
  r.limit = max ? static_cast<std::size_t>(coral_long(*max)) : kDefaultMaxResults;
  return r;
}

void list_bulk_operations(const ActionContext& context,
                          requests::ListTransfersRequest<engine::BulkOperationRecord> request, JsonWriter& out) {
  const auto result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("BulkOperationsSummaryList");
  out.StartArray();
  for (const engine::BulkOperationRecord& record : result.page) {
    const std::string status = bulk_status(record, context.now_ms);
    out.StartObject();
    write_string(out, "BulkOperationArn", record.arn);
    write_string(out, "BulkOperationStatus", status);
    write_time(out, "StartTime", record.start_ms);
    if (status != "IN_PROGRESS" && status != "CANCELLING") write_time(out, "EndTime", record.done_ms);
    out.EndObject();
  }
  out.EndArray();
  if (!result.next_token.empty()) write_string(out, "NextToken", result.next_token);
  out.EndObject();
}

}  // namespace list_bulk_operations

const Action kListBulkOperations{"ListBulkOperations", &list_bulk_operations::kShape, list_bulk_operations::decode,
                                 list_bulk_operations::list_bulk_operations};

}  // namespace minnow::api::bulk
