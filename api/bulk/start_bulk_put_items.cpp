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
#include "requests/loads.h"

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

// The error records of ERROR output: one JSON line per failed item, put in the output bucket
// when the operation ends. Without ERROR output, none.
class ErrorOutput final : public requests::ErrorRecords {
 public:
  ErrorOutput(const ActionContext& context, const JsonValue& input, const JsonValue& output, std::string operation_arn)
      : context_(context),
        input_bucket_(view(input["S3Bucket"])),
        output_bucket_(string_member(output, "S3Bucket")),
        operation_arn_(std::move(operation_arn)) {
    for (const auto& type : output["OutputType"].GetArray()) wanted_ |= view(type) == "ERROR";
    std::string prefix = string_member(output, "S3KeyPrefix");
    while (prefix.ends_with('/')) prefix.pop_back();
    if (!prefix.empty()) prefix += '/';
    key_ =
        prefix + "AWSDynamoDB/BulkOperations/" + operation_arn_.substr(operation_arn_.rfind('/') + 1) + "/errors.json";
  }

  void add(const requests::SourceLocation& where, const std::string& message) override {
    if (!wanted_) return;
    text_ += movement::error_record(input_bucket_, where, "bulkOperationArn", operation_arn_, message);
    text_ += '\n';
  }

  std::optional<requests::TransferFailure> finish() override {
    if (text_.empty()) return std::nullopt;
    const s3local::Store* s3 = movement::s3_store(context_);
    if (!s3) return movement::no_such_bucket(context_);
    return movement::s3_failure(context_, s3->put(output_bucket_, key_, text_));
  }

 private:
  const ActionContext& context_;
  const std::string input_bucket_, output_bucket_, operation_arn_;
  std::string key_;
  bool wanted_ = false;
  std::string text_;
};

struct Decoded {
  requests::StartBulkPutItemsRequest request;
  std::optional<engine::BulkOperationRecord> replay;  // a ClientToken's earlier operation
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  const JsonValue& input = json["InputS3Configuration"];
  const JsonValue& output = json["OutputS3Configuration"];
  if (output["OutputType"].Empty()) throw model::Error(model::kBulkOutputTypeRequired);
  const JsonValue* units = member(json, "MaxWriteRequestUnits");
  if (units && coral_long(*units) < kMinWriteRequestUnits) throw model::Error(model::kBulkMaxWriteRequestUnitsTooLow);
  Decoded decoded;
  engine::BulkOperationRecord& record = decoded.request.record;
  record.client_token = string_member(json, "ClientToken");
  record.parameters = movement::token_parameters(json);
  if (!record.client_token.empty()) {
    if (auto earlier = context.database.transfers().bulk_operations.find_token(record.client_token, context.now_ms)) {
      if (earlier->parameters != record.parameters) throw model::Error(model::kBulkParameterMismatch);
      decoded.replay = std::move(earlier);
      return decoded;
    }
  }
  const std::string name = table_name_of(view(json["TableName"]));
  decoded.request.table = context.database.find(name);
  if (!decoded.request.table) throw model::bulk_table_not_found(name);

  record.arn = arn(context, "dynamodb", "bulk-operation/" + movement::new_transfer_id(context.now_ms));
  record.table_name = name;
  record.table_id = decoded.request.table->definition().id;
  record.input_configuration = movement::json_text(&input);
  record.output_configuration = movement::json_text(&output);
  const JsonValue* tier = member(json, "PerformanceTier");
  record.performance_tier = tier ? std::string(view(*tier)) : "STANDARD";
  record.max_write_request_units = units ? coral_long(*units) : 0;
  record.start_ms = context.now_ms;
  record.done_ms = movement::done_ms(context);

  movement::SourceFormat format;
  format.kind = view(input["InputFormat"]) == "ION" ? movement::SourceFormat::Kind::Ion
                                                    : movement::SourceFormat::Kind::DynamoDbJson;
  if (const JsonValue* compression = member(input, "InputCompressionType"))
    format.compression = *transfer::parse_compression(view(*compression));
  decoded.request.source = movement::s3_item_source(context, std::string(view(input["S3Bucket"])),
                                                    string_member(input, "S3KeyPrefix"), std::move(format));
  decoded.request.errors = std::make_shared<ErrorOutput>(context, input, output, record.arn);
  return decoded;
}

void start_bulk_put_items(const ActionContext& context, Decoded decoded, JsonWriter& out) {
  const bool replay = decoded.replay.has_value();
  const engine::BulkOperationRecord record =
      replay ? std::move(*decoded.replay) : requests::execute(context.requests(), std::move(decoded.request));
  out.StartObject();
  out.Key("BulkOperationDescription");
  write_bulk_description(out, record, context.now_ms, replay ? nullptr : "IN_PROGRESS");
  out.EndObject();
}

}  // namespace start_bulk_put_items

const Action kStartBulkPutItems{"StartBulkPutItems", &start_bulk_put_items::kShape, start_bulk_put_items::decode,
                                start_bulk_put_items::start_bulk_put_items};

}  // namespace minnow::api::bulk
