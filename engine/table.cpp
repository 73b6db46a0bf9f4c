#include "engine/table.h"

#include <mutex>

#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::engine {

Table::Table(TableDefinition definition)
    : name_(definition.name), key_schema_(definition.key_schema), definition_(std::move(definition)) {}

TableDefinition Table::definition() const {
  std::shared_lock lock(mu_);
  return definition_;
}

void Table::update_definition(FunctionRef<void(TableDefinition&)> change) {
  std::unique_lock lock(mu_);
  change(definition_);
}

std::optional<model::Item> Table::get(const model::AttributeMap& key) const {
  std::string k = model::storage_key(key, key_schema_);
  std::shared_lock lock(mu_);
  auto it = items_.find(k);
  if (it == items_.end()) return std::nullopt;
  return model::decode_item(it->second);
}

std::optional<std::string> Table::get_encoded(const model::AttributeMap& key) const {
  std::string k = model::storage_key(key, key_schema_);
  std::shared_lock lock(mu_);
  auto it = items_.find(k);
  if (it == items_.end()) return std::nullopt;
  return it->second;
}

void Table::write(const model::AttributeMap& key, FunctionRef<WriteDecision(const model::Item* old)> decide) {
  std::string k = model::storage_key(key, key_schema_);
  std::unique_lock lock(mu_);
  auto it = items_.find(k);
  bool exists = it != items_.end();
  std::optional<model::Item> old;
  if (exists) old = model::decode_item(it->second);
  WriteDecision decision = decide(old ? &*old : nullptr);
  switch (decision.action) {
    case WriteDecision::Action::Keep:
      return;
    case WriteDecision::Action::Put: {
      std::string encoded = model::encode_item(decision.item);
      size_bytes_ += model::encoded_item_size(encoded);
      if (exists) {
        size_bytes_ -= model::encoded_item_size(it->second);
        it->second = std::move(encoded);
      } else {
        items_.emplace_hint(it, std::move(k), std::move(encoded));
      }
      return;
    }
    case WriteDecision::Action::Delete:
      if (exists) {
        size_bytes_ -= model::encoded_item_size(it->second);
        items_.erase(it);
      }
      return;
  }
}

uint64_t Table::item_count() const {
  std::shared_lock lock(mu_);
  return items_.size();
}

uint64_t Table::size_bytes() const {
  std::shared_lock lock(mu_);
  return size_bytes_;
}

PageResult Table::query(const QuerySpec& spec, const PageLimits& limits, ItemVisitor visit) const {
  KeyRange range = query_range(spec, key_schema_);
  std::shared_lock lock(mu_);
  return read_range(range, spec.forward, limits, visit);
}

PageResult Table::scan(const ScanSpec& spec, const PageLimits& limits, ItemVisitor visit) const {
  KeyRange range = scan_range(spec, key_schema_);
  std::shared_lock lock(mu_);
  return read_range(range, true, limits, visit);
}

PageResult Table::read_range(const KeyRange& range, bool forward, const PageLimits& limits, ItemVisitor visit) const {
  PageResult page;
  if (range.empty()) return page;
  auto first = range.low_inclusive ? items_.lower_bound(range.low) : items_.upper_bound(range.low);
  auto last = range.unbounded_high ? items_.end()
              : range.high_inclusive ? items_.upper_bound(range.high)
                                     : items_.lower_bound(range.high);
  // [first, last) in key order; read from its front (forward) or from its back.
  while (first != last) {
    auto it = forward ? first++ : --last;
    const std::string_view encoded = it->second;
    visit(encoded);
    ++page.scanned_count;
    page.bytes_read += model::encoded_item_size(encoded);
    bool full = limits.max_items && page.scanned_count >= limits.max_items;
    if (full || (page.bytes_read >= limits.max_bytes && first != last)) {
      page.last_evaluated_key = model::key_of(model::decode_item(encoded), key_schema_);
      break;
    }
  }
  return page;
}

}  // namespace minnow::engine
