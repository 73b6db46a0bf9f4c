// CancelBulkOperation: an IN_PROGRESS operation becomes CANCELLING, then CANCELLED when it would
// have finished (api/bulk/bulk.h); the answer is its ARN and CANCELLING. ResourceNotFoundException
// for an unknown ARN; ValidationException for one that is over (or already cancelling).
#include "api/bulk/bulk.h"
#include "api/operations.h"
#include "api/descriptions.h"
#include "model/transfer_errors.h"

namespace minnow::api::bulk {

namespace cancel_bulk_operation {

// AWS's API model.
const Shape kShape(R"({
  "BulkOperationArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024}
})");

void cancel_bulk_operation(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const engine::BulkOperationRecord record = find_bulk_operation(context, request);
  std::string status = bulk_status(record, context.now_ms);
  context.database.transfers().bulk_operations.update(record.arn, [&](engine::BulkOperationRecord& r) {
    status = bulk_status(r, context.now_ms);  // again under the catalog's lock
    if (status != "IN_PROGRESS") return;
    r.cancel_ms = context.now_ms;
    r.final_status = "CANCELLED";
    r.failure_code = model::kBulkCancelledCode;
    r.failure_message = model::kBulkCancelledMessage;
  });
  if (status != "IN_PROGRESS") throw model::bulk_operation_not_cancellable(record.arn, status);
  out.StartObject();
  write_string(out, "BulkOperationArn", record.arn);
  write_string(out, "BulkOperationStatus", "CANCELLING");
  out.EndObject();
}

}  // namespace cancel_bulk_operation

const Action kCancelBulkOperation{"CancelBulkOperation", &cancel_bulk_operation::kShape, cancel_bulk_operation::cancel_bulk_operation};

}  // namespace minnow::api::bulk
