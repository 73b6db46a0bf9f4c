// DescribeBulkOperation: a bulk operation's description (api/bulk/bulk.h), its status as of
// now. ResourceNotFoundException for an unknown ARN.
#include "api/bulk/bulk.h"
#include "api/operations.h"
#include "model/transfer_errors.h"

namespace minnow::api::bulk {

namespace describe_bulk_operation {

// AWS's API model.
const Shape kShape(R"({
  "BulkOperationArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024}
})");

requests::DescribeTransferRequest<engine::BulkOperationRecord> decode(const ActionContext& /*context*/,
                                                                      const JsonValue& json) {
  return {std::string(view(json["BulkOperationArn"]))};
}

void describe_bulk_operation(const ActionContext& context,
                             requests::DescribeTransferRequest<engine::BulkOperationRecord> request, JsonWriter& out) {
  const std::optional<engine::BulkOperationRecord> record = requests::execute(context.requests(), request);
  if (!record) throw model::bulk_operation_not_found(request.arn);
  out.StartObject();
  out.Key("BulkOperationDescription");
  write_bulk_description(out, *record, context.now_ms);
  out.EndObject();
}

}  // namespace describe_bulk_operation

const Action kDescribeBulkOperation{"DescribeBulkOperation", &describe_bulk_operation::kShape,
                                    describe_bulk_operation::decode, describe_bulk_operation::describe_bulk_operation};

}  // namespace minnow::api::bulk
