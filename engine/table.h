// One table: its definition and its items, in DynamoDB's order.
//
// Thread-safe. mu_ protects the definition's mutable parts and the items: reads take it
// shared, writes exclusive. Nothing handed out refers into the table: results are copies.
// The key schema is constant after construction.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>

#include "engine/function_ref.h"
#include "engine/query.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"

namespace minnow::engine {

// What a conditional write decides, given the current item (or none).
struct WriteDecision {
  enum class Action { Keep, Put, Delete };
  Action action = Action::Keep;
  model::Item item;  // the new item, for Put

  static WriteDecision keep() { return {}; }
  static WriteDecision put(model::Item item) { return {Action::Put, std::move(item)}; }
  static WriteDecision remove() { return {Action::Delete, {}}; }
};

class Table {
 public:
  explicit Table(TableDefinition definition);

  const std::string& name() const { return name_; }
  const model::KeySchema& key_schema() const { return key_schema_; }

  TableDefinition definition() const;
  // Runs `change` on the definition under the exclusive lock.
  void update_definition(FunctionRef<void(TableDefinition&)> change);

  // A copy of the item with this (validated) key, if any.
  std::optional<model::Item> get(const model::AttributeMap& key) const;
  // The same item in its stored form (model/item_codec.h), for replies that need no decoding.
  std::optional<std::string> get_encoded(const model::AttributeMap& key) const;

  // Looks up the item with this (validated) key and applies what `decide` returns, all under
  // the exclusive lock. `decide` may throw model::Error (a failed condition): nothing changes.
  // `decide` must not touch this table.
  void write(const model::AttributeMap& key, FunctionRef<WriteDecision(const model::Item* old)> decide);

  uint64_t item_count() const;
  uint64_t size_bytes() const;

  // Query and Scan (engine/query.h). `visit` sees every item read, in order, in its stored form
  // (model/item_codec.h; the view is valid during the call only), under the shared lock: it
  // filters and copies (or writes out) what the reply needs, and must not touch this table. A
  // page touches only the items it reads; none is decoded unless `visit` decodes it.
  using ItemVisitor = FunctionRef<void(std::string_view encoded)>;
  PageResult query(const QuerySpec& spec, const PageLimits& limits, ItemVisitor visit) const;
  PageResult scan(const ScanSpec& spec, const PageLimits& limits, ItemVisitor visit) const;

 private:
  // Reads `range` in key order (or in reverse), as query() and scan() describe. Requires mu_.
  PageResult read_range(const KeyRange& range, bool forward, const PageLimits& limits, ItemVisitor visit) const;

  const std::string name_;
  const model::KeySchema key_schema_;
  mutable std::shared_mutex mu_;
  TableDefinition definition_;                // Protected by mu_.
  std::map<std::string, std::string> items_;  // storage_key -> encoded item. Protected by mu_.
  uint64_t size_bytes_ = 0;                   // Sum of item sizes. Protected by mu_.
};

}  // namespace minnow::engine
