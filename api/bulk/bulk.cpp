#include "api/bulk/bulk.h"

#include "api/descriptions.h"
#include "api/movement/movement.h"
#include "api/table_lookup.h"
#include "model/transfer_errors.h"
#include "requests/movement.h"

namespace minnow::api::bulk {

void write_bulk_description(JsonWriter& out, const engine::BulkOperationRecord& record, int64_t now_ms,
                            const char* status) {
  const std::string current = status ? status : bulk_status(record, now_ms);
  const bool terminal = current != "IN_PROGRESS" && current != "CANCELLING";
  const auto count = [&](const char* key, uint64_t value) {
    out.Key(key);
    out.Uint64(value);
  };
  out.StartObject();
  write_string(out, "BulkOperationArn", record.arn);
  write_string(out, "BulkOperationStatus", current);
  out.Key("TableDetails");
  out.StartArray();
  out.StartObject();
  write_string(out, "TableName", record.table_name);
  write_string(out, "TableId", record.table_id);
  out.EndObject();
  out.EndArray();
  if (!record.client_token.empty()) write_string(out, "ClientToken", record.client_token);
  movement::write_json_text(out, "InputS3Configuration", record.input_configuration);
  movement::write_json_text(out, "OutputS3Configuration", record.output_configuration);
  write_time(out, "StartTime", record.start_ms);
  if (terminal) write_time(out, "EndTime", record.done_ms);
  if (status == nullptr) {
    count("ProcessedItemCount", record.processed_item_count);
    count("ProcessedInputBytes", record.processed_input_bytes);
    count("TotalInputBytes", record.total_input_bytes);
    out.Key("BulkOperationUsage");
    out.StartArray();
    out.StartObject();
    write_string(out, "TableName", record.table_name);
    count("BulkPutBytes", record.bulk_put_bytes);
    out.Key("Table");
    out.StartObject();
    count("BulkPutBytes", record.bulk_put_bytes);
    out.EndObject();
    out.EndObject();
    out.EndArray();
    count("FailedItemCount", record.failed_item_count);
  }
  if (terminal && !record.failure_code.empty()) {
    write_string(out, "FailureCode", record.failure_code);
    write_string(out, "FailureMessage", record.failure_message);
  }
  if (record.max_write_request_units) {
    out.Key("MaxWriteRequestUnits");
    out.Int64(record.max_write_request_units);
  }
  write_string(out, "PerformanceTier", record.performance_tier);
  out.EndObject();
}

}  // namespace minnow::api::bulk
