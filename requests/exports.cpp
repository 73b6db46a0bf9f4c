#include "requests/exports.h"

#include <algorithm>
#include <map>
#include <string>

#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::requests {

namespace {

// The item as the export writes it, or nullopt when the filter leaves it out. `encoded` is
// returned as it is when nothing is filtered or projected.
std::optional<std::string> exported(const ExportTableToPointInTimeRequest& request, std::string_view encoded) {
  if (!request.key_condition && !request.filter && !request.projection) return std::string(encoded);
  model::Item item = model::decode_item(encoded);
  if (request.key_condition && !expressions::evaluate(*request.key_condition, &item)) return std::nullopt;
  if (request.filter && !expressions::evaluate(*request.filter, &item)) return std::nullopt;
  if (request.projection) item = expressions::project(item, *request.projection);
  return model::encode_item(item);
}

// The items of a full export; returns the billed size (the table's size at ExportTime).
uint64_t export_full(const Context& context, const ExportTableToPointInTimeRequest& request, uint64_t& items) {
  std::optional<engine::TableSnapshot> snapshot =
      request.table->snapshot_at(request.record.export_time_ms, context.now_ms);
  if (!snapshot) return 0;  // the decoder checked the time; the window cannot have shrunk below it
  for (const auto& [key, encoded] : snapshot->items) {
    std::optional<std::string> item = exported(request, encoded);
    if (!item) continue;
    request.files->add_item(*item);
    ++items;
  }
  return snapshot->size_bytes;
}

// The changes of an incremental export; returns the billed size (the changed items' new sizes).
uint64_t export_incremental(const Context& context, const ExportTableToPointInTimeRequest& request, uint64_t& items) {
  const engine::ExportRecord& record = request.record;
  const std::map<std::string, int64_t> changed = request.table->changed_keys(record.from_ms, record.to_ms);
  if (changed.empty()) return 0;
  const std::optional<engine::RecoveryWindow> window = request.table->recovery_window(context.now_ms);
  const int64_t before_ms = std::max(record.from_ms - 1, window ? window->earliest_ms : record.from_ms);
  std::optional<engine::TableSnapshot> before = request.table->snapshot_at(before_ms, context.now_ms);
  std::optional<engine::TableSnapshot> after = request.table->snapshot_at(record.to_ms - 1, context.now_ms);
  if (!before || !after) return 0;
  const model::KeySchema& schema = request.table->key_schema();
  uint64_t billed = 0;
  for (const auto& [key, time_ms] : changed) {
    auto old_it = before->items.find(key);
    auto new_it = after->items.find(key);
    const bool had = old_it != before->items.end(), has = new_it != after->items.end();
    if (!had && !has) continue;  // made and deleted inside the window
    if (had && has && old_it->second == new_it->second) continue;
    std::optional<std::string> new_item, old_item;
    if (has) new_item = exported(request, new_it->second);
    if (had && request.new_and_old_images) old_item = exported(request, old_it->second);
    // The filter decides on the image the change leaves (the old one for a delete).
    if (has ? !new_item : !exported(request, old_it->second)) continue;
    const model::Item keys = model::key_of(model::decode_item(has ? new_it->second : old_it->second), schema);
    if (has) billed += model::encoded_item_size(new_it->second);
    request.files->add_change(time_ms * 1000, keys, new_item.value_or(""), old_item.value_or(""));
    ++items;
  }
  return billed;
}

}  // namespace

engine::ExportRecord execute(const Context& context, const ExportTableToPointInTimeRequest& request) {
  engine::ExportRecord record = request.record;
  std::optional<TransferFailure> failure = request.files->start();
  if (!failure) {
    record.billed_size_bytes = request.incremental ? export_incremental(context, request, record.item_count)
                                                   : export_full(context, request, record.item_count);
    failure = request.files->finish(record.item_count, record.billed_size_bytes);
  }
  if (failure) {
    record.failure_code = failure->code;
    record.failure_message = failure->message;
  }
  context.database.transfers().exports.add(record);
  return record;
}

}  // namespace minnow::requests
