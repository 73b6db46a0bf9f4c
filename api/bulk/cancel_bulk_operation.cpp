// CancelBulkOperation: an IN_PROGRESS operation becomes CANCELLING, then CANCELLED when it would
// have finished (api/bulk/bulk.h); the answer is its ARN and CANCELLING. ResourceNotFoundException
// for an unknown ARN; ValidationException for one that is over (or already cancelling).
#include "api/bulk/bulk.h"
#include "api/descriptions.h"
#include "api/operations.h"
#include "model/transfer_errors.h"
#include "requests/movement.h"

namespace minnow::api::bulk {

namespace cancel_bulk_operation {

// AWS's API model.
const Shape kShape(R"({
  "BulkOperationArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024}
})");

requests::CancelBulkOperationRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  return {std::string(view(json["BulkOperationArn"]))};
}

void cancel_bulk_operation(const ActionContext& context, requests::CancelBulkOperationRequest request,
                           JsonWriter& out) {
  const std::string& arn = request.arn;
  const requests::CancelBulkOperationResult result = requests::execute(context.requests(), request);
  using Status = requests::CancelBulkOperationResult::Status;
  if (result.result == Status::NotFound) throw model::bulk_operation_not_found(arn);
  if (result.result == Status::NotCancellable) throw model::bulk_operation_not_cancellable(arn, result.status);
  out.StartObject();
  write_string(out, "BulkOperationArn", arn);
  write_string(out, "BulkOperationStatus", "CANCELLING");
  out.EndObject();
}

}  // namespace cancel_bulk_operation

const Action kCancelBulkOperation{"CancelBulkOperation", &cancel_bulk_operation::kShape, cancel_bulk_operation::decode,
                                  cancel_bulk_operation::cancel_bulk_operation};

}  // namespace minnow::api::bulk
