// DescribeImport: an import's description (api/imports/imports.h), its status as of now.
// ImportNotFoundException for an unknown ARN.
#include "api/imports/imports.h"
#include "api/operations.h"
#include "requests/movement.h"
#include "model/transfer_errors.h"

namespace minnow::api::imports {

namespace describe_import {

// AWS's API model: ImportArn of 37-1024 characters.
const Shape kShape(R"({
  "ImportArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

void describe_import(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::optional<engine::ImportRecord> record = requests::execute(
      context.requests(), requests::DescribeTransferRequest<engine::ImportRecord>{std::string(view(request["ImportArn"]))});
  if (!record) throw model::Error(model::kImportNotFound);
  out.StartObject();
  out.Key("ImportTableDescription");
  write_import_description(out, *record, context.now_ms);
  out.EndObject();
}

}  // namespace describe_import

const Action kDescribeImport{"DescribeImport", &describe_import::kShape, describe_import::describe_import};

}  // namespace minnow::api::imports
