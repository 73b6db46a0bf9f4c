// DescribeExport: an export's description (api/exports/exports.h), its status as of now.
// ExportNotFoundException for an unknown ARN.
#include "api/exports/exports.h"
#include "api/operations.h"
#include "model/transfer_errors.h"
#include "requests/movement.h"

namespace minnow::api::exports {

namespace describe_export {

// AWS's API model: ExportArn of 37-1024 characters.
const Shape kShape(R"({
  "ExportArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

requests::DescribeTransferRequest<engine::ExportRecord> decode(const ActionContext& /*context*/,
                                                               const JsonValue& json) {
  return {std::string(view(json["ExportArn"]))};
}

void describe_export(const ActionContext& context, requests::DescribeTransferRequest<engine::ExportRecord> request,
                     JsonWriter& out) {
  const std::optional<engine::ExportRecord> record = requests::execute(context.requests(), request);
  if (!record) throw model::Error(model::kExportNotFound);
  out.StartObject();
  out.Key("ExportDescription");
  write_export_description(out, *record, context.now_ms);
  out.EndObject();
}

}  // namespace describe_export

const Action kDescribeExport{"DescribeExport", &describe_export::kShape, describe_export::decode,
                             describe_export::describe_export};

}  // namespace minnow::api::exports
