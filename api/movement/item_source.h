// The items of the objects under an S3 prefix, as ImportTable and StartBulkPutItems read them:
// every object whose key starts with the prefix (in key order), decompressed (NONE, GZIP, ZSTD),
// read as DYNAMODB_JSON ({"Item":...} a line), ION ({Item:...} values) or CSV (a header line or
// CsvHeaderList; key columns typed by the table's key schema, the others strings; an empty
// non-key field leaves its attribute out), each item handed to a visitor, or why it could not be
// read (an error record). An object that does not decompress is one error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/movement/movement.h"
#include "engine/function_ref.h"
#include "engine/table.h"
#include "model/key.h"
#include "transfer/compression.h"

namespace minnow::api::movement {

struct SourceFormat {
  enum class Kind { DynamoDbJson, Ion, Csv };
  Kind kind = Kind::DynamoDbJson;
  transfer::Compression compression = transfer::Compression::None;
  char csv_delimiter = ',';
  std::vector<std::string> csv_header;  // empty: each file's first line is its header
};

// Where an item came from: the object and the line it starts on.
struct SourceLocation {
  const std::string* key = nullptr;
  std::size_t line = 0;
};

struct SourceStats {
  uint64_t objects = 0;
  uint64_t total_bytes = 0;  // of the objects as stored
};

// `visit` gets each item (null with `error` set for an error record). Returns the failure when
// the S3 stand-in refuses the bucket or the prefix.
using ItemVisitor = engine::FunctionRef<void(model::Item* item, const std::string& error, const SourceLocation& where)>;
std::optional<Failure> read_source(const ActionContext& context, const std::string& bucket, const std::string& prefix,
                                   const SourceFormat& format, const model::KeySchema& schema, SourceStats& stats,
                                   ItemVisitor visit);

// Puts `item` into `table` after the checks DynamoDB makes of an item it loads: the key
// (present, of its type, not empty), the size, the index keys. Returns why it was not written,
// nullopt when it was.
std::optional<std::string> load_item(engine::Table& table, const model::Item& item);

}  // namespace minnow::api::movement
