// ImportTable (api/imports/imports.h). Order of checks: the Shape; InputFormatOptions.Csv only
// with CSV, its Delimiter one DynamoDB accepts (ValidationException); a ClientToken used in the
// last 8 hours answers that import again with the same parameters, ImportConflictException with
// others; then CreateTable's checks of TableCreationParameters, in CreateTable's order
// (ResourceInUseException when the table exists).
#include <iostream>

#include "api/codec.h"
#include "api/imports/imports.h"
#include "api/movement/item_source.h"
#include "api/movement/movement.h"
#include "api/operations.h"
#include "api/router.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "model/transfer_errors.h"

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

constexpr std::size_t kLoggedErrorRecords = 100;

// DynamoDB's CloudWatch Logs entry of an item that could not be imported.
void log_error_record(const engine::ImportRecord& record, const movement::SourceLocation& where,
                      const std::string& message) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("itemS3Pointer");
  w.StartObject();
  w.Key("bucket");
  w.String(record.s3_bucket);
  w.Key("key");
  w.String(*where.key);
  w.Key("itemIndex");
  w.Uint64(where.line);
  w.EndObject();
  w.Key("importArn");
  w.String(record.arn);
  w.Key("errorMessages");
  w.StartArray();
  w.String(message);
  w.EndArray();
  w.EndObject();
  std::cerr << "minnow: import error record " << buffer.GetString() << "\n";
}

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

// CreateTable, with TableCreationParameters as its request.
void create_table(const ActionContext& context, const JsonValue& parameters) {
  JsonDocument request;
  request.CopyFrom(parameters, request.GetAllocator());
  static const Action& kCreateTable = *find_action_named("CreateTable");  // the router's, not the family's
  kCreateTable.shape->check(request);
  rapidjson::StringBuffer ignored;
  JsonWriter writer(ignored);
  kCreateTable.handler(context, request, writer);
}

// Fills the table; the counts and the failure go into `record`.
void run_import(const ActionContext& context, engine::ImportRecord& record, const movement::SourceFormat& format,
                engine::Table& table) {
  const model::KeySchema& schema = table.key_schema();
  movement::SourceStats stats;
  const auto error = [&](const movement::SourceLocation& where, const std::string& message) {
    if (record.error_count++ < kLoggedErrorRecords) log_error_record(record, where, message);
  };
  std::optional<movement::Failure> failure =
      movement::read_source(context, record.s3_bucket, record.s3_key_prefix, format, schema, stats,
                            [&](model::Item* item, const std::string& message, const movement::SourceLocation& where) {
                              ++record.processed_item_count;
                              if (!item) return error(where, message);
                              if (std::optional<std::string> refused = movement::load_item(table, *item))
                                return error(where, *refused);
                              ++record.imported_item_count;
                            });
  record.processed_size_bytes = stats.total_bytes;
  if (failure) {
    record.failure_code = failure->code;
    record.failure_message = failure->message;
  }
}

void import_table(const ActionContext& context, const JsonValue& json, JsonWriter& out) {
  const movement::SourceFormat format = source_format(json);
  engine::ImportRecord record;
  record.client_token = string_member(json, "ClientToken");
  record.parameters = movement::token_parameters(json);
  if (!record.client_token.empty()) {
    if (auto earlier = context.database.transfers().imports.find_token(record.client_token, context.now_ms)) {
      if (earlier->parameters != record.parameters) throw model::Error(model::kImportConflict);
      out.StartObject();
      out.Key("ImportTableDescription");
      write_import_description(out, *earlier, context.now_ms);
      out.EndObject();
      return;
    }
  }
  const JsonValue& parameters = json["TableCreationParameters"];
  create_table(context, parameters);
  const std::string name(view(parameters["TableName"]));
  std::shared_ptr<engine::Table> table = context.database.find(name);
  if (!table) throw model::Error(model::kInternalError);  // deleted since: a race a client made

  const JsonValue& source = json["S3BucketSource"];
  record.s3_bucket = std::string(view(source["S3Bucket"]));
  record.s3_bucket_owner = string_member(source, "S3BucketOwner");
  record.s3_key_prefix = string_member(source, "S3KeyPrefix");
  record.table_arn = table_arn(context, name);
  record.arn = record.table_arn + "/import/" + movement::new_transfer_id(context.now_ms);
  record.table_id = table->definition().id;
  record.input_format = std::string(view(json["InputFormat"]));
  record.input_format_options = movement::json_text(member(json, "InputFormatOptions"));
  record.compression = transfer::compression_name(format.compression);
  record.table_creation_parameters = movement::json_text(&parameters);
  record.log_group_arn = arn(context, "logs", "log-group:/aws-dynamodb/imports:*");
  record.start_ms = context.now_ms;
  record.done_ms = movement::done_ms(context);
  run_import(context, record, format, *table);
  if (!record.failure_code.empty()) context.database.remove(name);
  context.database.transfers().imports.add(record);

  out.StartObject();
  out.Key("ImportTableDescription");
  write_import_description(out, record, context.now_ms, "IN_PROGRESS");
  out.EndObject();
}

}  // namespace import_table

const Action kImportTable{"ImportTable", &import_table::kShape, import_table::import_table};

}  // namespace minnow::api::imports
