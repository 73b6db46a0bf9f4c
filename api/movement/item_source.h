// The items of the objects under an S3 prefix, as ImportTable and StartBulkPutItems read them
// (requests/loads.h):
// every object whose key starts with the prefix (in key order), decompressed (NONE, GZIP, ZSTD),
// read as DYNAMODB_JSON ({"Item":...} a line), ION ({Item:...} values) or CSV (a header line or
// CsvHeaderList; key columns typed by the table's key schema, the others strings; an empty
// non-key field leaves its attribute out), each item handed to a visitor, or why it could not be
// read (an error record). An object that does not decompress is one error.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "api/movement/movement.h"
#include "requests/loads.h"
#include "transfer/compression.h"

namespace minnow::api::movement {

struct SourceFormat {
  enum class Kind { DynamoDbJson, Ion, Csv };
  Kind kind = Kind::DynamoDbJson;
  transfer::Compression compression = transfer::Compression::None;
  char csv_delimiter = ',';
  std::vector<std::string> csv_header;  // empty: each file's first line is its header
};

// The items of the objects under `prefix` in `bucket` of the service's S3 stand-in, as
// requests/loads.h reads them: S3NoSuchBucket or S3AccessDenied when the stand-in refuses.
std::shared_ptr<const requests::ItemSource> s3_item_source(const ActionContext& context, std::string bucket,
                                                           std::string prefix, SourceFormat format);

// An error record of an item that could not be loaded, as DynamoDB writes them (one JSON object
// a line): {"itemS3Pointer":{"bucket":..,"key":..,"itemIndex":<line>},"<arn_key>":..,
// "errorMessages":[..]}; arn_key is importArn or bulkOperationArn.
std::string error_record(const std::string& bucket, const requests::SourceLocation& where, const char* arn_key,
                         const std::string& arn, const std::string& message);

}  // namespace minnow::api::movement
