// ExportTableToPointInTime: decoded into a requests::ExportTableToPointInTimeRequest whose files
// are the S3 stand-in's (api/exports/export_writer.cpp), executed (requests/exports.h), answered
// IN_PROGRESS (api/exports/exports.h).
//
// Order of checks: the Shape; TableArn an ARN of a table (ValidationException); ExportType
// against IncrementalExportSpecification and ExportTime (ValidationException); the
// FilterSpecification's expressions compiled; the table exists (TableNotFoundException); a
// ClientToken used in the last 8 hours with the same parameters answers that export again, with
// others ExportConflictException; point-in-time recovery on (PointInTimeRecoveryUnavailable-
// Exception); the times inside its window (InvalidExportTimeException); the filter's key
// condition against the key schema.
#include <string>

#include "api/codec.h"
#include "api/exports/exports.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "expressions/key_condition.h"
#include "model/control_errors.h"
#include "model/transfer_errors.h"
#include "requests/key_checks.h"

namespace minnow::api::exports {

namespace export_table_to_point_in_time {

// AWS's API model.
const Shape kShape(R"({
  "TableArn": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "ExportTime": "Date",
  "ClientToken": "String",
  "S3Bucket": {"type": "String", "required": true, "lengthLessThanOrEqual": 255},
  "S3BucketOwner": "String",
  "S3Prefix": {"type": "String", "lengthLessThanOrEqual": 1024},
  "S3SseAlgorithm": {"type": "String", "enum": ["AES256", "KMS"]},
  "S3SseKmsKeyId": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 2048},
  "ExportFormat": {"type": "String", "enum": ["DYNAMODB_JSON", "ION"]},
  "ExportType": {"type": "String", "enum": ["FULL_EXPORT", "INCREMENTAL_EXPORT"]},
  "IncrementalExportSpecification": {"type": "FieldStruct<IncrementalExportSpecification>", "children": {
    "ExportFromTime": "Date", "ExportToTime": "Date",
    "ExportViewType": {"type": "String", "enum": ["NEW_IMAGE", "NEW_AND_OLD_IMAGES"]}}},
  "FilterSpecification": {"type": "FieldStruct<FilterSpecification>", "children": {
    "FilterExpression": "String", "ProjectionExpression": "String", "KeyConditionExpression": "String",
    )" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES R"(}}
})");

// AWS: an incremental export covers 15 minutes to 24 hours.
constexpr int64_t kMinIncrementalMs = 15 * 60 * 1000;
constexpr int64_t kMaxIncrementalMs = 24 * 3600 * 1000;

// The key condition names the partition key (with =) and at most the sort key; the filter then
// names no key attribute.
void check_filter_keys(const requests::ExportTableToPointInTimeRequest& r, const model::KeySchema& schema) {
  if (!r.key_condition) return;
  bool hash = false;
  for (const auto& term : expressions::key_condition_terms(*r.key_condition)) {
    if (term.attribute == schema.hash.name && term.op == model::KeyOperator::EQ)
      hash = true;
    else if (!schema.range || term.attribute != schema.range->name)
      throw model::query_missed_key_element(schema.hash.name);
  }
  if (!hash) throw model::query_missed_key_element(schema.hash.name);
  if (!r.filter) return;
  std::vector<const expressions::Path*> paths;
  requests::collect_paths(r.filter->root, paths);
  for (const expressions::Path* path : paths) {
    const std::string& head = path->elements.front().name;
    if (head == schema.hash.name || (schema.range && head == schema.range->name))
      throw model::Error(model::kFilterKeyConditionOnKeys);
  }
}

struct Decoded {
  requests::ExportTableToPointInTimeRequest request;
  std::optional<engine::ExportRecord> replay;  // a ClientToken's earlier export
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  Decoded decoded;
  requests::ExportTableToPointInTimeRequest& r = decoded.request;
  engine::ExportRecord& record = r.record;
  const std::string table_arn_given(view(json["TableArn"]));
  if (!table_arn_given.starts_with("arn:") || table_arn_given.find(":table/") == std::string::npos)
    throw model::export_table_arn_invalid(table_arn_given);
  const std::string name = table_name_of(table_arn_given);

  const JsonValue* type = member(json, "ExportType");
  r.incremental = type && view(*type) == "INCREMENTAL_EXPORT";
  const JsonValue* incremental = member(json, "IncrementalExportSpecification");
  const JsonValue* export_time = member(json, "ExportTime");
  if (r.incremental) {
    if (!incremental) throw model::Error(model::kIncrementalSpecificationRequired);
    if (export_time) throw model::Error(model::kExportTimeWithIncremental);
    if (!member(*incremental, "ExportFromTime")) throw model::Error(model::kIncrementalFromTimeRequired);
  } else if (incremental) {
    throw model::Error(model::kIncrementalSpecificationWithFullExport);
  }

  if (const JsonValue* filter = member(json, "FilterSpecification")) {
    expressions::Compiled compiled = compile_expressions(*filter);
    r.key_condition = std::move(compiled.key_condition);
    r.filter = std::move(compiled.filter);
    r.projection = std::move(compiled.projection);
    record.filter_specification = movement::json_text(filter);
  }

  r.table = context.database.find(name);
  if (!r.table) throw model::backup_table_not_found(name);
  record.client_token = string_member(json, "ClientToken");
  record.parameters = movement::token_parameters(json);
  if (!record.client_token.empty()) {
    if (auto earlier = context.database.transfers().exports.find_token(record.client_token, context.now_ms)) {
      if (earlier->parameters != record.parameters) throw model::Error(model::kExportConflict);
      decoded.replay = std::move(earlier);
      return decoded;
    }
  }
  const std::optional<engine::RecoveryWindow> window = r.table->recovery_window(context.now_ms);
  if (!window) throw model::Error(model::kPointInTimeRecoveryUnavailable);
  const auto inside = [&](int64_t ms) { return ms >= window->earliest_ms && ms <= window->latest_ms; };
  if (r.incremental) {
    record.from_ms = coral_date_ms((*incremental)["ExportFromTime"]);
    const JsonValue* to = member(*incremental, "ExportToTime");
    record.to_ms = to ? coral_date_ms(*to) : context.now_ms;
    if (!inside(record.from_ms) || !inside(record.to_ms)) throw model::Error(model::kInvalidExportTime);
    const int64_t length = record.to_ms - record.from_ms;
    if (length < kMinIncrementalMs || length > kMaxIncrementalMs) throw model::Error(model::kIncrementalWindowInvalid);
    const JsonValue* view_type = member(*incremental, "ExportViewType");
    record.view_type = view_type ? std::string(view(*view_type)) : "NEW_AND_OLD_IMAGES";
    r.new_and_old_images = record.view_type == "NEW_AND_OLD_IMAGES";
  } else {
    record.export_time_ms = export_time ? coral_date_ms(*export_time) : context.now_ms;
    if (!inside(record.export_time_ms)) throw model::Error(model::kInvalidExportTime);
  }
  check_filter_keys(r, r.table->key_schema());

  const std::string id = movement::new_transfer_id(context.now_ms);
  record.table_arn = table_arn(context, name);
  record.arn = record.table_arn + "/export/" + id;
  record.table_id = r.table->definition().id;
  record.start_ms = context.now_ms;
  record.done_ms = movement::done_ms(context);
  record.s3_bucket = std::string(view(json["S3Bucket"]));
  record.s3_bucket_owner = string_member(json, "S3BucketOwner");
  record.s3_prefix = string_member(json, "S3Prefix");
  record.s3_sse_algorithm = string_member(json, "S3SseAlgorithm");
  record.s3_sse_kms_key_id = string_member(json, "S3SseKmsKeyId");
  const JsonValue* format = member(json, "ExportFormat");
  record.format = format ? std::string(view(*format)) : "DYNAMODB_JSON";
  record.export_type = r.incremental ? "INCREMENTAL_EXPORT" : "FULL_EXPORT";
  std::string directory = record.s3_prefix;
  while (directory.ends_with('/')) directory.pop_back();
  if (!directory.empty()) directory += '/';
  record.manifest_key = directory + "AWSDynamoDB/" + id + "/manifest-summary.json";
  r.files = s3_export_files(context, record, record.format == "ION");
  return decoded;
}

void export_table_to_point_in_time(const ActionContext& context, Decoded decoded, JsonWriter& out) {
  const bool replay = decoded.replay.has_value();
  const engine::ExportRecord record =
      replay ? std::move(*decoded.replay) : requests::execute(context.requests(), decoded.request);
  out.StartObject();
  out.Key("ExportDescription");
  write_export_description(out, record, context.now_ms, replay ? nullptr : "IN_PROGRESS");
  out.EndObject();
}

}  // namespace export_table_to_point_in_time

const Action kExportTableToPointInTime{"ExportTableToPointInTime", &export_table_to_point_in_time::kShape,
                                       export_table_to_point_in_time::decode,
                                       export_table_to_point_in_time::export_table_to_point_in_time};

}  // namespace minnow::api::exports
