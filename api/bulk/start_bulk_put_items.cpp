// StartBulkPutItems (api/bulk/bulk.h). Order of checks: the Shape; OutputType not empty,
// MaxWriteRequestUnits at least 1024 (ValidationException); a ClientToken used in the last 8
// hours answers that operation again with the same parameters, with others
// IdempotentParameterMismatchException; the table exists (ResourceNotFoundException).
#include "api/bulk/bulk.h"
#include "api/movement/item_source.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/transfer_errors.h"

namespace minnow::api::bulk {

namespace start_bulk_put_items {

// AWS's API model.
const Shape kShape(R"({
  "ClientToken": "String",
  "InputS3Configuration": {"type": "FieldStruct<InputS3Configuration>", "required": true, "children": {
    "S3BucketOwner": "String",
    "S3Bucket": {"type": "String", "notNull": true, "lengthLessThanOrEqual": 255},
    "S3KeyPrefix": {"type": "String", "lengthLessThanOrEqual": 1024},
    "InputFormat": {"type": "String", "notNull": true, "enum": ["DYNAMODB_JSON", "ION"]},
    "InputCompressionType": {"type": "String", "enum": ["GZIP", "ZSTD", "NONE"]}}},
  "OutputS3Configuration": {"type": "FieldStruct<OutputS3Configuration>", "required": true, "children": {
    "S3BucketOwner": "String",
    "S3Bucket": {"type": "String", "lengthLessThanOrEqual": 255},
    "S3KeyPrefix": {"type": "String", "lengthLessThanOrEqual": 1024},
    "S3SseAlgorithm": {"type": "String", "enum": ["AES256", "KMS"]},
    "S3SseKmsKeyId": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 2048},
    "OutputType": {"type": "List", "notNull": true, "children": {"type": "String", "enum": ["ERROR", "CONDITION_CHECK_FAILURE"]}}}},
  "TableName": {"type": "String", "required": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1024},
  "MaxWriteRequestUnits": "Long",
  "PerformanceTier": {"type": "String", "enum": ["STANDARD", "ACCELERATED"]}
})");

constexpr int64_t kMinWriteRequestUnits = 1024;

// The error records of ERROR output: one JSON line per failed item.
class ErrorOutput {
 public:
  ErrorOutput(const engine::BulkOperationRecord& record, bool wanted) : record_(record), wanted_(wanted) {}
  void add(const std::string& bucket, const movement::SourceLocation& where, const std::string& message) {
    if (!wanted_) return;
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.StartObject();
    w.Key("itemS3Pointer");
    w.StartObject();
    w.Key("bucket");
    w.String(bucket);
    w.Key("key");
    w.String(*where.key);
    w.Key("itemIndex");
    w.Uint64(where.line);
    w.EndObject();
    w.Key("bulkOperationArn");
    w.String(record_.arn);
    w.Key("errorMessages");
    w.StartArray();
    w.String(message);
    w.EndArray();
    w.EndObject();
    text_.append(buffer.GetString(), buffer.GetSize());
    text_ += '\n';
  }
  // Writes the records (if any) to the output bucket; the failure when it refuses.
  std::optional<movement::Failure> flush(const ActionContext& context, const JsonValue& output) {
    if (text_.empty()) return std::nullopt;
    const s3local::Store* s3 = movement::s3_store(context);
    if (!s3) return movement::no_such_bucket(context);
    std::string prefix = string_member(output, "S3KeyPrefix");
    while (prefix.ends_with('/')) prefix.pop_back();
    if (!prefix.empty()) prefix += '/';
    const std::string id = record_.arn.substr(record_.arn.rfind('/') + 1);
    return movement::s3_failure(context, s3->put(string_member(output, "S3Bucket"),
                                                 prefix + "AWSDynamoDB/BulkOperations/" + id + "/errors.json", text_));
  }

 private:
  const engine::BulkOperationRecord& record_;
  const bool wanted_;
  std::string text_;
};

void run(const ActionContext& context, engine::BulkOperationRecord& record, engine::Table& table,
         const JsonValue& input, const JsonValue& output) {
  movement::SourceFormat format;
  format.kind = view(input["InputFormat"]) == "ION" ? movement::SourceFormat::Kind::Ion
                                                    : movement::SourceFormat::Kind::DynamoDbJson;
  if (const JsonValue* compression = member(input, "InputCompressionType"))
    format.compression = *transfer::parse_compression(view(*compression));
  bool error_output = false;
  for (const auto& type : output["OutputType"].GetArray()) error_output |= view(type) == "ERROR";
  ErrorOutput errors(record, error_output);
  const std::string bucket(view(input["S3Bucket"]));
  movement::SourceStats stats;
  std::optional<movement::Failure> failure =
      movement::read_source(context, bucket, string_member(input, "S3KeyPrefix"), format, table.key_schema(), stats,
                            [&](model::Item* item, const std::string& message, const movement::SourceLocation& where) {
                              ++record.processed_item_count;
                              std::optional<std::string> refused = item ? movement::load_item(table, *item) : message;
                              if (refused) {
                                ++record.failed_item_count;
                                return errors.add(bucket, where, *refused);
                              }
                              record.bulk_put_bytes += model::item_size(*item);
                            });
  record.total_input_bytes = record.processed_input_bytes = stats.total_bytes;
  if (!failure) failure = errors.flush(context, output);
  if (failure) {
    record.final_status = "FAILED";
    record.failure_code = failure->code;
    record.failure_message = failure->message;
  } else {
    record.final_status = record.failed_item_count ? "COMPLETED_WITH_ERRORS" : "COMPLETED";
  }
}

void start_bulk_put_items(const ActionContext& context, const JsonValue& json, JsonWriter& out) {
  const JsonValue& output = json["OutputS3Configuration"];
  if (output["OutputType"].Empty()) throw model::Error(model::kBulkOutputTypeRequired);
  const JsonValue* units = member(json, "MaxWriteRequestUnits");
  if (units && coral_long(*units) < kMinWriteRequestUnits) throw model::Error(model::kBulkMaxWriteRequestUnitsTooLow);
  engine::BulkOperationRecord record;
  record.client_token = string_member(json, "ClientToken");
  record.parameters = movement::token_parameters(json);
  if (!record.client_token.empty()) {
    if (auto earlier = context.database.transfers().bulk_operations.find_token(record.client_token, context.now_ms)) {
      if (earlier->parameters != record.parameters) throw model::Error(model::kBulkParameterMismatch);
      out.StartObject();
      out.Key("BulkOperationDescription");
      write_bulk_description(out, *earlier, context.now_ms);
      out.EndObject();
      return;
    }
  }
  const std::string name = table_name_of(view(json["TableName"]));
  std::shared_ptr<engine::Table> table = context.database.find(name);
  if (!table) throw model::bulk_table_not_found(name);

  record.arn = arn(context, "dynamodb", "bulk-operation/" + movement::new_transfer_id(context.now_ms));
  record.table_name = name;
  record.table_id = table->definition().id;
  record.input_configuration = movement::json_text(&json["InputS3Configuration"]);
  record.output_configuration = movement::json_text(&output);
  const JsonValue* tier = member(json, "PerformanceTier");
  record.performance_tier = tier ? std::string(view(*tier)) : "STANDARD";
  record.max_write_request_units = units ? coral_long(*units) : 0;
  record.start_ms = context.now_ms;
  record.done_ms = movement::done_ms(context);
  run(context, record, *table, json["InputS3Configuration"], output);
  context.database.transfers().bulk_operations.add(record);

  out.StartObject();
  out.Key("BulkOperationDescription");
  write_bulk_description(out, record, context.now_ms, "IN_PROGRESS");
  out.EndObject();
}

}  // namespace start_bulk_put_items

const Action kStartBulkPutItems{"StartBulkPutItems", &start_bulk_put_items::kShape, start_bulk_put_items::start_bulk_put_items};

}  // namespace minnow::api::bulk
