// ImportTable (api/imports/imports.h). Order of checks: the Shape; InputFormatOptions.Csv only
// with CSV, its Delimiter one DynamoDB accepts (ValidationException); a ClientToken used in the
// last 8 hours answers that import again with the same parameters, ImportConflictException with
// others; then CreateTable's checks of TableCreationParameters, in CreateTable's order
// (ResourceInUseException when the table exists).
#include <iostream>

#include "api/codec.h"
#include "api/definitions/create_table_request.h"
#include "api/imports/imports.h"
#include "api/movement/item_source.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/errors.h"
#include "model/transfer_errors.h"
#include "requests/loads.h"

namespace minnow::api::imports {

namespace import_table {

// AWS's API model; TableCreationParameters' members are CreateTable's, checked by its Shape.
const Shape kShape(R"({
  "ClientToken": "String",
  "S3BucketSource": {"type": "FieldStruct<S3BucketSource>", "required": true, "children": {
    "S3BucketOwner": "String",
    "S3Bucket": {"type": "String", "notNull": true, "lengthLessThanOrEqual": 255},
    "S3KeyPrefix": {"type": "String", "lengthLessThanOrEqual": 1024}}},
  "InputFormat": {"type": "String", "required": true, "enum": ["DYNAMODB_JSON", "ION", "CSV"]},
  "InputFormatOptions": {"type": "FieldStruct<InputFormatOptions>", "children": {
    "Csv": {"type": "FieldStruct<CsvOptions>", "children": {
      "Delimiter": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 1},
      "HeaderList": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255,
                     "children": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 65536}}}}}},
  "InputCompressionType": {"type": "String", "enum": ["GZIP", "ZSTD", "NONE"]},
  "TableCreationParameters": {"type": "FieldStruct<TableCreationParameters>", "required": true, "children": {
    "TableName": {"type": "String", "notNull": true}}}
})");

// DynamoDB's CloudWatch Logs entries of the items that could not be imported: the first
// kLogged of an import, on standard error.
class ErrorLog final : public requests::ErrorRecords {
 public:
  ErrorLog(std::string bucket, std::string import_arn)
      : bucket_(std::move(bucket)), import_arn_(std::move(import_arn)) {}

  void add(const requests::SourceLocation& where, const std::string& message) override {
    if (logged_++ >= kLogged) return;
    std::cerr << "minnow: import error record "
              << movement::error_record(bucket_, where, "importArn", import_arn_, message) << "\n";
  }
  std::optional<requests::TransferFailure> finish() override { return std::nullopt; }

 private:
  static constexpr std::size_t kLogged = 100;
  const std::string bucket_, import_arn_;
  std::size_t logged_ = 0;
};

movement::SourceFormat source_format(const JsonValue& json) {
  movement::SourceFormat format;
  const std::string_view kind = view(json["InputFormat"]);
  format.kind = kind == "CSV"   ? movement::SourceFormat::Kind::Csv
                : kind == "ION" ? movement::SourceFormat::Kind::Ion
                                : movement::SourceFormat::Kind::DynamoDbJson;
  if (const JsonValue* compression = member(json, "InputCompressionType"))
    format.compression = *transfer::parse_compression(view(*compression));
  const JsonValue* options = member(json, "InputFormatOptions");
  const JsonValue* csv = options ? member(*options, "Csv") : nullptr;
  if (csv && format.kind != movement::SourceFormat::Kind::Csv) throw model::Error(model::kCsvOptionsWithoutCsv);
  if (csv) {
    if (const JsonValue* delimiter = member(*csv, "Delimiter")) {
      const std::string_view d = view(*delimiter);
      if (std::string_view(",\t:;| ").find(d) == std::string_view::npos)
        throw model::Error(model::kCsvDelimiterInvalid);
      format.csv_delimiter = d[0];
    }
    if (const JsonValue* headers = member(*csv, "HeaderList"))
      for (const auto& header : headers->GetArray()) format.csv_header.emplace_back(view(header));
  }
  return format;
}

struct Decoded {
  requests::ImportTableRequest request;
  std::optional<engine::ImportRecord> replay;  // a ClientToken's earlier import
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  Decoded decoded;
  movement::SourceFormat format = source_format(json);
  engine::ImportRecord& record = decoded.request.record;
  record.client_token = string_member(json, "ClientToken");
  record.parameters = movement::token_parameters(json);
  if (!record.client_token.empty()) {
    if (auto earlier = context.database.transfers().imports.find_token(record.client_token, context.now_ms)) {
      if (earlier->parameters != record.parameters) throw model::Error(model::kImportConflict);
      decoded.replay = std::move(earlier);
      return decoded;
    }
  }
  // TableCreationParameters are a CreateTable request, checked as CreateTable checks it.
  const JsonValue& parameters = json["TableCreationParameters"];
  JsonDocument create_table;
  create_table.CopyFrom(parameters, create_table.GetAllocator());
  kCreateTableShape.check(create_table);
  decoded.request.table = decode_create_table(context, create_table);
  const std::string& name = decoded.request.table.definition.name;

  const JsonValue& source = json["S3BucketSource"];
  record.s3_bucket = std::string(view(source["S3Bucket"]));
  record.s3_bucket_owner = string_member(source, "S3BucketOwner");
  record.s3_key_prefix = string_member(source, "S3KeyPrefix");
  record.table_arn = table_arn(context, name);
  record.arn = record.table_arn + "/import/" + movement::new_transfer_id(context.now_ms);
  record.table_id = decoded.request.table.definition.id;
  record.input_format = std::string(view(json["InputFormat"]));
  record.input_format_options = movement::json_text(member(json, "InputFormatOptions"));
  record.compression = transfer::compression_name(format.compression);
  record.table_creation_parameters = movement::json_text(&parameters);
  record.log_group_arn = arn(context, "logs", "log-group:/aws-dynamodb/imports:*");
  record.start_ms = context.now_ms;
  record.done_ms = movement::done_ms(context);
  decoded.request.errors = std::make_shared<ErrorLog>(record.s3_bucket, record.arn);
  decoded.request.source = movement::s3_item_source(context, record.s3_bucket, record.s3_key_prefix, std::move(format));
  return decoded;
}

void import_table(const ActionContext& context, Decoded decoded, JsonWriter& out) {
  const char* status = nullptr;
  engine::ImportRecord record;
  if (decoded.replay) {
    record = std::move(*decoded.replay);
  } else {
    const std::string name = decoded.request.table.definition.name;
    requests::ImportTableResult result = requests::execute(context.requests(), std::move(decoded.request));
    if (!result.created) throw model::table_in_use(name);
    record = std::move(result.record);
    status = "IN_PROGRESS";
  }
  out.StartObject();
  out.Key("ImportTableDescription");
  write_import_description(out, record, context.now_ms, status);
  out.EndObject();
}

}  // namespace import_table

const Action kImportTable{"ImportTable", &import_table::kShape, import_table::decode, import_table::import_table};

}  // namespace minnow::api::imports
