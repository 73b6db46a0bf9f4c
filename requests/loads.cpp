#include "requests/loads.h"

#include "model/errors.h"
#include "model/index_key_violation.h"
#include "model/limits.h"

namespace minnow::requests {

std::optional<std::string> load_item(engine::Table& table, const model::Item& item) {
  const model::KeySchema& schema = table.key_schema();
  try {
    model::validate_item_key(item, schema);
  } catch (const model::Error& e) {
    return e.message();
  }
  if (model::item_size(item) > model::kMaxItemBytes) return std::string(model::kItemTooLarge.message);
  std::optional<model::IndexKeyViolation> violation = table.write(
      model::key_of(item, schema), [&](const model::Item*) { return engine::WriteDecision::put_borrowed(item); },
      /*decide_reads_old=*/false);
  if (violation) return model::index_key_error(*violation, /*in_update=*/false).message();
  return std::nullopt;
}

ImportTableResult execute(const Context& context, ImportTableRequest request) {
  ImportTableResult result;
  const std::string name = request.table.definition.name;
  std::shared_ptr<engine::Table> table = execute(context, request.table).table;
  if (!table) return result;
  result.created = true;
  engine::ImportRecord& record = result.record = std::move(request.record);
  std::optional<TransferFailure> failure =
      request.source->read(table->key_schema(), record.processed_size_bytes,
                           [&](model::Item* item, const std::string& message, const SourceLocation& where) {
                             ++record.processed_item_count;
                             std::optional<std::string> refused = item ? load_item(*table, *item) : message;
                             if (refused) {
                               ++record.error_count;
                               return request.errors->add(where, *refused);
                             }
                             ++record.imported_item_count;
                           });
  if (!failure) failure = request.errors->finish();
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
  std::optional<TransferFailure> failure =
      request.source->read(request.table->key_schema(), record.total_input_bytes,
                           [&](model::Item* item, const std::string& message, const SourceLocation& where) {
                             ++record.processed_item_count;
                             std::optional<std::string> refused = item ? load_item(*request.table, *item) : message;
                             if (refused) {
                               ++record.failed_item_count;
                               return request.errors->add(where, *refused);
                             }
                             record.bulk_put_bytes += model::item_size(*item);
                           });
  record.processed_input_bytes = record.total_input_bytes;
  if (!failure) failure = request.errors->finish();
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
