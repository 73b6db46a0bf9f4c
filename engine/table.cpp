#include "engine/table.h"

#include <mutex>

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
  return it->second;
}

void Table::write(const model::AttributeMap& key, FunctionRef<WriteDecision(const model::Item* old)> decide) {
  std::string k = model::storage_key(key, key_schema_);
  std::unique_lock lock(mu_);
  auto it = items_.find(k);
  const model::Item* old = it == items_.end() ? nullptr : &it->second;
  WriteDecision decision = decide(old);
  switch (decision.action) {
    case WriteDecision::Action::Keep:
      return;
    case WriteDecision::Action::Put: {
      std::size_t new_size = model::item_size(decision.item);
      if (old) {
        size_bytes_ -= model::item_size(*old);
        it->second = std::move(decision.item);
      } else {
        items_.emplace_hint(it, std::move(k), std::move(decision.item));
      }
      size_bytes_ += new_size;
      return;
    }
    case WriteDecision::Action::Delete:
      if (old) {
        size_bytes_ -= model::item_size(*old);
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

}  // namespace minnow::engine
