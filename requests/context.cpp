#include "requests/context.h"

#include <chrono>
#include <string>

#include "engine/item_holds.h"
#include "model/key.h"

namespace minnow::requests {

namespace {

// A clock that tests do not move (unlike the engine's): holds last real milliseconds.
int64_t monotonic_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::vector<bool> conflicting_items(const Context& context, std::span<const TouchedItem> items, Holding holding) {
  if (!context.faults.empty()) {
    std::vector<engine::FaultTarget> targets;
    for (const TouchedItem& item : items) targets.push_back({&item.table->name(), item.key});
    engine::FaultOutcome outcome = context.faults.on_items({context.namespace_id, context.operation, targets});
    if (outcome.error != engine::FaultError::None) return outcome.hits;
  }
  const int64_t window = context.database.options().transaction_window_ms;
  if (window <= 0) return {};
  std::vector<std::string> held;
  for (const TouchedItem& item : items)
    held.push_back(
        engine::ItemHolds::item(item.table->name(), model::storage_key(*item.key, item.table->key_schema())));
  const int64_t now = monotonic_ms();
  if (holding == Holding::Check) return context.database.holds().held(held, now);
  std::vector<bool> hits = context.database.holds().try_hold(held, now, now + window);
  if (hits.empty()) context.reply_delay_ms += window;
  return hits;
}

}  // namespace minnow::requests
