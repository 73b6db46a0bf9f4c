#include "api/exports/exports.h"

#include "api/movement/movement.h"
#include "api/descriptions.h"

namespace minnow::api::exports {

const char* export_status(const engine::ExportRecord& record, int64_t now_ms) {
  if (now_ms < record.done_ms) return "IN_PROGRESS";
  return record.failure_code.empty() ? "COMPLETED" : "FAILED";
}

void write_export_description(JsonWriter& out, const engine::ExportRecord& record, int64_t now_ms, const char* status) {
  const std::string_view current = status ? status : export_status(record, now_ms);
  const bool completed = current == "COMPLETED";
  const bool failed = current == "FAILED";
  const auto optional = [&](const char* key, const std::string& value) {
    if (!value.empty()) write_string(out, key, value);
  };
  out.StartObject();
  write_string(out, "ExportArn", record.arn);
  write_string(out, "ExportStatus", std::string(current));
  write_time(out, "StartTime", record.start_ms);
  if (completed || failed) write_time(out, "EndTime", record.done_ms);
  if (completed) write_string(out, "ExportManifest", record.manifest_key);
  write_string(out, "TableArn", record.table_arn);
  write_string(out, "TableId", record.table_id);
  if (record.export_type == "FULL_EXPORT") write_time(out, "ExportTime", record.export_time_ms);
  optional("ClientToken", record.client_token);
  write_string(out, "S3Bucket", record.s3_bucket);
  optional("S3BucketOwner", record.s3_bucket_owner);
  optional("S3Prefix", record.s3_prefix);
  write_string(out, "S3SseAlgorithm", record.s3_sse_algorithm.empty() ? "AES256" : record.s3_sse_algorithm);
  optional("S3SseKmsKeyId", record.s3_sse_kms_key_id);
  if (failed) {
    write_string(out, "FailureCode", record.failure_code);
    write_string(out, "FailureMessage", record.failure_message);
  }
  write_string(out, "ExportFormat", record.format);
  if (completed) {
    out.Key("BilledSizeBytes");
    out.Uint64(record.billed_size_bytes);
    out.Key("ItemCount");
    out.Uint64(record.item_count);
  }
  write_string(out, "ExportType", record.export_type);
  if (record.export_type == "INCREMENTAL_EXPORT") {
    out.Key("IncrementalExportSpecification");
    out.StartObject();
    write_time(out, "ExportFromTime", record.from_ms);
    write_time(out, "ExportToTime", record.to_ms);
    write_string(out, "ExportViewType", record.view_type);
    out.EndObject();
  }
  movement::write_json_text(out, "FilterSpecification", record.filter_specification);
  out.EndObject();
}

}  // namespace minnow::api::exports
