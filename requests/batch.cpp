#include "requests/batch.h"

#include "expressions/projection.h"
#include "requests/items.h"

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
  for (const auto& t : request.tables) {
    // Each write is charged as PutItem's or DeleteItem's, its indexes included.
    CapacityBreakdown consumed;
    IndexWriteCharges charges;
    if (request.return_consumed_capacity != ReturnConsumedCapacity::None) charges.load(t.table->definition());
    for (const auto& w : t.writes) {
      const Put* put = std::get_if<Put>(&w);
      std::size_t old_size = 0;
      charges.start_write();
      auto violation = t.table->write(key_of(w), [&](const model::Item* old) {
        if (old) old_size = model::item_size(*old);
        if (put || old) charges.note(old, put ? &put->item : nullptr);
        if (put) return engine::WriteDecision::put_borrowed(put->item);
        return old ? engine::WriteDecision::remove() : engine::WriteDecision::keep();
      });
      if (violation) {
        result.index_key = std::move(violation);
        return result;
      }
      consumed.add(charges.breakdown(old_size, put ? put->size : 0));
    }
    result.consumed.push_back(std::move(consumed));
  }
  return result;
}

namespace {
constexpr std::size_t kMaxResponseBytes = 16 * 1024 * 1024;
}  // namespace

BatchGetItemResult execute(const Context&, const BatchGetItemRequest& request,
                           engine::FunctionRef<void(std::size_t table, const model::Item& item)> found) {
  BatchGetItemResult result;
  std::size_t response_bytes = 0;
  for (std::size_t t = 0; t < request.tables.size(); ++t) {
    const BatchGetTable& gets = request.tables[t];
    double units = 0;
    std::vector<std::size_t> left;
    for (std::size_t k = 0; k < gets.keys.size(); ++k) {
      if (response_bytes > kMaxResponseBytes) {
        left.push_back(k);
        continue;
      }
      std::optional<model::Item> item = gets.table->get(gets.keys[k]);
      units += read_units(item ? model::item_size(*item) : 0, gets.consistent_read);
      if (!item) continue;
      response_bytes += model::item_size(*item);
      found(t, gets.projection ? expressions::project(*item, *gets.projection) : *item);
    }
    result.units.push_back(units);
    result.unprocessed.push_back(std::move(left));
  }
  return result;
}

}  // namespace minnow::requests
