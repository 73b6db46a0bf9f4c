#include "requests/batch.h"

#include "expressions/projection.h"
#include "model/fault_errors.h"
#include "model/item_codec.h"
#include "requests/consistency.h"
#include "requests/items.h"
#include "requests/throttling.h"

namespace minnow::requests {

const model::AttributeMap& key_of(const std::variant<Put, Delete>& write) {
  return std::visit([](const auto& w) -> const model::AttributeMap& { return w.key; }, write);
}

BatchWriteItemResult execute(const Context& context, const BatchWriteItemRequest& request) {
  BatchWriteItemResult result;
  std::vector<TouchedItem> touched;
  for (const auto& t : request.tables)
    for (const auto& w : t.writes) touched.push_back({t.table.get(), &key_of(w)});
  if (!conflicting_items(context, touched).empty()) {
    result.conflict = true;
    return result;
  }
  // The whole batch, before any of it is written (AWS's reference: "one or more items in the
  // request are being modified by a request in another Region").
  for (const TouchedItem& item : touched)
    if (item.table->written_in_another_region(*item.key)) throw model::Error(model::kReplicatedWriteConflict);
  // Under --capacity-model a write its table (or a GSI it updates) cannot admit is left
  // unprocessed; when none is processed the batch is refused with the first refusal (DynamoDB's
  // rule for BatchWriteItem).
  std::optional<model::Error> refusal;
  std::size_t processed = 0;
  for (const auto& t : request.tables) {
    const TableMeter meter(context, *t.table);
    // Each write is charged as PutItem's or DeleteItem's, its indexes included.
    CapacityBreakdown consumed;
    IndexWriteCharges charges;
    const bool charged = request.return_consumed_capacity != ReturnConsumedCapacity::None || meter.metered();
    if (charged) charges.load(t.table->definition());
    std::vector<std::size_t> unprocessed;
    for (std::size_t i = 0; i < t.writes.size(); ++i) {
      const auto& w = t.writes[i];
      const Put* put = std::get_if<Put>(&w);
      std::size_t old_size = 0;
      const model::AttributeValue* partition = meter.partition_of(key_of(w));
      std::optional<model::Error> refused = meter.write_refusal(partition, write_units(0));
      if (refused) {
        if (!refusal) refusal = std::move(refused);
        unprocessed.push_back(i);
        continue;
      }
      charges.start_write();
      std::optional<model::Item> put_decoded;  // the put's item, when an index charge reads it
      auto violation = t.table->write(
          key_of(w),
          [&](const model::Item* old) {
            if (old) old_size = model::item_size(*old);
            if ((put || old) && charges.reads_items()) {
              if (put) put_decoded = model::decode_item(put->stored);
              charges.note(old, put_decoded ? &*put_decoded : nullptr);
              refused = meter.index_refusal(charges);
              if (refused) return engine::WriteDecision::keep();
            }
            if (put) return engine::WriteDecision::put_stored(put->stored, put_decoded ? &*put_decoded : nullptr);
            return old ? engine::WriteDecision::remove() : engine::WriteDecision::keep();
          },
          // A put sees the item it replaces only for its charge (PutItem's rule), a delete always.
          /*decide_reads_old=*/!put || charged, put ? std::string_view(put->stored) : std::string_view());
      if (violation) {
        result.index_key = std::move(violation);
        return result;
      }
      if (refused) {
        if (!refusal) refusal = std::move(refused);
        unprocessed.push_back(i);
        continue;
      }
      const CapacityBreakdown one = charges.breakdown(old_size, put ? put->size : 0);
      meter.charge(engine::ThroughputKind::Write, one, partition);
      meter.charge_index_keys(charges, one);
      consumed.add(one);
      ++processed;
    }
    result.consumed.push_back(std::move(consumed));
    result.unprocessed.push_back(std::move(unprocessed));
  }
  if (refusal && processed == 0) throw *refusal;
  return result;
}

namespace {
constexpr std::size_t kMaxResponseBytes = 16 * 1024 * 1024;
}  // namespace

BatchGetItemResult execute(const Context& context, const BatchGetItemRequest& request,
                           engine::FunctionRef<void(std::size_t table, const model::Item& item)> found) {
  BatchGetItemResult result;
  std::size_t response_bytes = 0;
  // Under --capacity-model a key its table cannot admit is left unprocessed; when none is read
  // the batch is refused with the first refusal (DynamoDB's rule for BatchGetItem).
  std::optional<model::Error> refusal;
  std::size_t read = 0;
  for (std::size_t t = 0; t < request.tables.size(); ++t) {
    const BatchGetTable& gets = request.tables[t];
    const TableMeter meter(context, *gets.table);
    double units = 0;
    std::vector<std::size_t> left;
    for (std::size_t k = 0; k < gets.keys.size(); ++k) {
      if (response_bytes > kMaxResponseBytes) {
        left.push_back(k);
        continue;
      }
      const model::AttributeValue* partition = meter.partition_of(gets.keys[k]);
      if (auto refused = meter.read_refusal(nullptr, partition, read_units(0, gets.consistent_read))) {
        if (!refusal) refusal = std::move(refused);
        left.push_back(k);
        continue;
      }
      ++read;
      std::optional<model::Item> item = gets.table->get(gets.keys[k], read_point(context, *gets.table, gets.consistent_read));
      const double key_units = read_units(item ? model::item_size(*item) : 0, gets.consistent_read);
      meter.charge(engine::ThroughputKind::Read, table_capacity(key_units), partition);
      units += key_units;
      if (!item) continue;
      response_bytes += model::item_size(*item);
      found(t, gets.projection ? expressions::project(*item, *gets.projection) : *item);
    }
    result.units.push_back(units);
    result.unprocessed.push_back(std::move(left));
  }
  if (refusal && read == 0) throw *refusal;
  return result;
}

}  // namespace minnow::requests
