// DescribeImport: an import's description (api/imports/imports.h), its status as of now.
// ImportNotFoundException for an unknown ARN.
#include "api/imports/imports.h"
#include "api/operations.h"
#include "model/transfer_errors.h"
#include "requests/movement.h"

namespace minnow::api::imports {

namespace describe_import {

// AWS's API model: ImportArn of 37-1024 characters.
const Shape kShape(R"({
  "ImportArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

requests::DescribeTransferRequest<engine::ImportRecord> decode(const ActionContext& /*context*/,
                                                               const JsonValue& json) {
  return {std::string(view(json["ImportArn"]))};
}

void describe_import(const ActionContext& context, requests::DescribeTransferRequest<engine::ImportRecord> request,
                     JsonWriter& out) {
  const std::optional<engine::ImportRecord> record = requests::execute(context.requests(), request);
  if (!record) throw model::Error(model::kImportNotFound);
  out.StartObject();
  out.Key("ImportTableDescription");
  write_import_description(out, *record, context.now_ms);
  out.EndObject();
}

}  // namespace describe_import

const Action kDescribeImport{"DescribeImport", &describe_import::kShape, describe_import::decode,
                             describe_import::describe_import};

}  // namespace minnow::api::imports
