#include "requests/loads.h"

#include "model/errors.h"
#include "model/index_key_violation.h"
#include "model/limits.h"

namespace minnow::requests {

namespace {

// Puts `item` (of DynamoDB size `size`) into `table` after the checks DynamoDB makes of an item
// it loads: the key (present, of its type, not empty), the size, the index keys. Returns why it
// was not written, nullopt when it was.
std::optional<std::string> load_item(engine::Table& table, const model::Item& item, uint64_t size) {
  const model::KeySchema& schema = table.key_schema();
  try {
    model::validate_item_key(item, schema);
  } catch (const model::Error& e) {
    return e.message();
  }
  if (size > model::kMaxItemBytes) return std::string(model::kItemTooLarge.message);
  std::optional<model::IndexKeyViolation> violation = table.write(
      model::key_of(item, schema), [&](const model::Item*) { return engine::WriteDecision::put_borrowed(item); },
      /*decide_reads_old=*/false);
  if (violation) return model::index_key_error(*violation, /*in_update=*/false).message();
  return std::nullopt;
}

// What loading a source into a table counted.
struct LoadCounts {
  uint64_t input_bytes = 0;   // of the source's objects, as stored
  uint64_t processed = 0;     // items read, refused ones included
  uint64_t refused = 0;       // items that could not be read or written
  uint64_t loaded = 0;        // items written
  uint64_t loaded_bytes = 0;  // their DynamoDB sizes
};

// Reads every item of the source into the table; each refused one goes to `errors`, which are
// delivered at the end. The failure when the source cannot be read or the records delivered.
std::optional<TransferFailure> load_source(engine::Table& table, const ItemSource& source, ErrorRecords& errors,
                                           LoadCounts& counts) {
  std::optional<TransferFailure> failure =
      source.read(table.key_schema(), counts.input_bytes,
                  [&](model::Item* item, const std::string& message, const SourceLocation& where) {
                    ++counts.processed;
                    const uint64_t size = item ? model::item_size(*item) : 0;
                    std::optional<std::string> refused = item ? load_item(table, *item, size) : message;
                    if (refused) {
                      ++counts.refused;
                      return errors.add(where, *refused);
                    }
                    ++counts.loaded;
                    counts.loaded_bytes += size;
                  });
  return failure ? failure : errors.finish();
}

}  // namespace

ImportTableResult execute(const Context& context, ImportTableRequest request) {
  ImportTableResult result;
  const std::string name = request.table.definition.name;
  std::shared_ptr<engine::Table> table = execute(context, request.table).table;
  if (!table) return result;
  result.created = true;
  engine::ImportRecord& record = result.record = std::move(request.record);
  LoadCounts counts;
  const std::optional<TransferFailure> failure = load_source(*table, *request.source, *request.errors, counts);
  record.processed_size_bytes = counts.input_bytes;
  record.processed_item_count = counts.processed;
  record.error_count = counts.refused;
  record.imported_item_count = counts.loaded;
  if (failure) {
    record.failure_code = failure->code;
    record.failure_message = failure->message;
    context.database.remove(name);
  }
  context.database.transfers().imports.add(record);
  return result;
}

engine::BulkOperationRecord execute(const Context& context, StartBulkPutItemsRequest request) {
  engine::BulkOperationRecord record = std::move(request.record);
  LoadCounts counts;
  const std::optional<TransferFailure> failure = load_source(*request.table, *request.source, *request.errors, counts);
  record.total_input_bytes = record.processed_input_bytes = counts.input_bytes;
  record.processed_item_count = counts.processed;
  record.failed_item_count = counts.refused;
  record.bulk_put_bytes = counts.loaded_bytes;
  if (failure) {
    record.final_status = "FAILED";
    record.failure_code = failure->code;
    record.failure_message = failure->message;
  } else {
    record.final_status = record.failed_item_count ? "COMPLETED_WITH_ERRORS" : "COMPLETED";
  }
  context.database.transfers().bulk_operations.add(record);
  return record;
}

}  // namespace minnow::requests
