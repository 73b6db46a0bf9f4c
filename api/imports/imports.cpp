#include "api/imports/imports.h"

#include "api/movement/movement.h"
#include "api/descriptions.h"

namespace minnow::api::imports {

const char* import_status(const engine::ImportRecord& record, int64_t now_ms) {
  if (now_ms < record.done_ms) return "IN_PROGRESS";
  return record.failure_code.empty() ? "COMPLETED" : "FAILED";
}

namespace {

void write_common(JsonWriter& out, const engine::ImportRecord& record, std::string_view status) {
  write_string(out, "ImportArn", record.arn);
  write_string(out, "ImportStatus", std::string(status));
  write_string(out, "TableArn", record.table_arn);
  out.Key("S3BucketSource");
  out.StartObject();
  if (!record.s3_bucket_owner.empty()) write_string(out, "S3BucketOwner", record.s3_bucket_owner);
  write_string(out, "S3Bucket", record.s3_bucket);
  if (!record.s3_key_prefix.empty()) write_string(out, "S3KeyPrefix", record.s3_key_prefix);
  out.EndObject();
  write_string(out, "CloudWatchLogGroupArn", record.log_group_arn);
  write_string(out, "InputFormat", record.input_format);
  write_time(out, "StartTime", record.start_ms);
  if (status != "IN_PROGRESS") write_time(out, "EndTime", record.done_ms);
}

}  // namespace

void write_import_summary(JsonWriter& out, const engine::ImportRecord& record, int64_t now_ms) {
  out.StartObject();
  write_common(out, record, import_status(record, now_ms));
  out.EndObject();
}

void write_import_description(JsonWriter& out, const engine::ImportRecord& record, int64_t now_ms, const char* status) {
  const std::string_view current = status ? status : import_status(record, now_ms);
  out.StartObject();
  write_common(out, record, current);
  write_string(out, "TableId", record.table_id);
  if (!record.client_token.empty()) write_string(out, "ClientToken", record.client_token);
  movement::write_json_text(out, "InputFormatOptions", record.input_format_options);
  write_string(out, "InputCompressionType", record.compression);
  movement::write_json_text(out, "TableCreationParameters", record.table_creation_parameters);
  if (current != "IN_PROGRESS") {
    out.Key("ErrorCount");
    out.Uint64(record.error_count);
    out.Key("ProcessedSizeBytes");
    out.Uint64(record.processed_size_bytes);
    out.Key("ProcessedItemCount");
    out.Uint64(record.processed_item_count);
    out.Key("ImportedItemCount");
    out.Uint64(record.imported_item_count);
  }
  if (current == "FAILED") {
    write_string(out, "FailureCode", record.failure_code);
    write_string(out, "FailureMessage", record.failure_message);
  }
  out.EndObject();
}

}  // namespace minnow::api::imports
