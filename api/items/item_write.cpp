#include "api/items/item_write.h"

#include "api/codec.h"
#include "api/expression_params.h"
#include "api/fault_injection.h"
#include "api/key_paths.h"
#include "api/legacy_params.h"
#include "api/request_expressions.h"
#include "api/table_lookup.h"
#include "expressions/projection.h"
#include "expressions/update.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"

namespace minnow::api {

namespace {

// The top-level attributes a legacy update names, for ReturnValues UPDATED_*.
model::Item top_level(const model::Item& item, const std::vector<expressions::AttributeUpdate>& updates) {
  model::Item out;
  for (const auto& u : updates) {
    auto it = item.find(u.attribute);
    if (it != item.end()) out.insert(*it);
  }
  return out;
}

void check_return_values_put_delete(const JsonValue& request, std::string& return_values) {
  const JsonValue* v = member(request, "ReturnValues");
  if (!v) return;
  return_values = std::string(view(*v));
  if (return_values != "ALL_OLD" && return_values != "NONE") throw model::Error(model::kReturnValuesPutDelete);
}

}  // namespace

// The orders below are the single-item calls' (see their files' headers).
ItemWrite::ItemWrite(Kind kind, const JsonValue& request, bool single_item)
    : kind_(kind), request_(request), single_item_(single_item) {
  if (kind == Kind::Update) {
    validate_expression_params(request, {"UpdateExpression", "ConditionExpression"},
                               {"AttributeUpdates", "Expected", "ConditionalOperator"});
  } else {
    validate_expression_params(request, {"ConditionExpression"}, {"Expected", "ConditionalOperator"});
  }
  if (kind == Kind::Put) {
    item_ = decode_attribute_map(request["Item"]);
    if (single_item) check_return_values_put_delete(request, return_values_);
    put_size_ = model::item_size(item_);
    if (put_size_ > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
  } else {
    key_ = decode_attribute_map(request["Key"]);
  }
  if (kind == Kind::Update) {
    if (const JsonValue* updates = member(request, "AttributeUpdates")) {
      attribute_updates_ = decode_attribute_updates(*updates);
      expressions::validate_attribute_updates(attribute_updates_);
    }
  }
  compiled_ = compile_expressions(request);
  read_paths_ = read_paths(compiled_);
  condition_.emplace(request, std::move(compiled_.condition));
  compiled_.condition.reset();
  if (kind == Kind::Delete && single_item) check_return_values_put_delete(request, return_values_);
  if (kind == Kind::Update) {
    if (const JsonValue* v = member(request, "ReturnValues")) return_values_ = std::string(view(*v));
  }
}

void ItemWrite::bind(std::shared_ptr<engine::Table> table) {
  table_ = std::move(table);
  if (return_consumed_capacity(request_) != ReturnConsumedCapacity::None) index_charges_.load(table_->definition());
  if (single_item_) return;  // the single-item calls check the whole key at once, in check_item
  const model::KeySchema& schema = table_->key_schema();
  if (kind_ == Kind::Put) {
    if (!item_.count(schema.hash.name)) throw model::missing_key_in_item(schema.hash.name);
    if (schema.range && !item_.count(schema.range->name)) throw model::missing_key_in_item(schema.range->name);
    key_ = model::key_of(item_, schema);
  } else {
    if (key_.size() != (schema.range ? 2u : 1u) || !key_.count(schema.hash.name) ||
        (schema.range && !key_.count(schema.range->name)))
      throw model::Error(model::kKeyDoesNotMatchSchema);
  }
}

void ItemWrite::check_item() {
  const model::KeySchema& schema = table_->key_schema();
  if (kind_ == Kind::Put) {
    model::validate_item_key(item_, schema);
    if (single_item_) key_ = model::key_of(item_, schema);
  } else {
    if (!single_item_) {
      // A transaction names the mistyped attribute, as for an item.
      auto check_type = [&](const model::KeyAttribute& attr) {
        const model::AttributeValue& v = key_.at(attr.name);
        if (v.type() != attr.type) throw model::key_type_mismatch(attr.name, attr.type, v.type());
      };
      check_type(schema.hash);
      if (schema.range) check_type(*schema.range);
    }
    model::validate_key(key_, schema);
  }
  validate_conditional_operator(request_);
  validate_key_paths(read_paths_, schema);
  if (kind_ == Kind::Update) {
    std::vector<std::string> written;
    std::vector<expressions::Path> paths;
    if (compiled_.update) {
      paths = compiled_.update->paths();
      for (const auto& p : paths) written.push_back(p.elements[0].name);
    } else {
      for (const auto& u : attribute_updates_) written.push_back(u.attribute);
    }
    validate_no_key_updates(written, schema);
    validate_key_paths(paths, schema);
  }
}

engine::WriteDecision ItemWrite::decide(const model::Item* existing) {
  if (kind_ == Kind::ConditionCheck) {
    try {
      condition_->check(existing);
    } catch (const model::Error& e) {
      model::Error error = model::Error(model::kConditionCheckFailed);
      error.item = e.item;
      throw error;
    }
  } else {
    condition_->check(existing);
  }
  if (existing) {
    old_size_ = model::item_size(*existing);
    if (return_values_ == "ALL_OLD" || return_values_ == "UPDATED_OLD") old_item_ = *existing;
    if (kind_ != Kind::ConditionCheck) index_charges_.note(*existing);
  }
  switch (kind_) {
    case Kind::ConditionCheck:
      return engine::WriteDecision::keep();
    case Kind::Put:
      index_charges_.note(item_);
      return engine::WriteDecision::put(std::move(item_));
    case Kind::Delete:
      return existing ? engine::WriteDecision::remove() : engine::WriteDecision::keep();
    case Kind::Update: {
      const model::Item& base = existing ? *existing : key_;
      new_item_ = compiled_.update ? expressions::apply_update(*compiled_.update, base)
                                   : expressions::apply_attribute_updates(attribute_updates_, base);
      if (model::item_size(*new_item_) > model::kMaxItemBytes) throw model::Error(model::kUpdateItemTooLarge);
      for (const auto& [name, value] : *new_item_)
        if (model::nesting_levels(value) > model::kMaxAttributeNesting)
          throw model::Error(model::kUpdateNestingTooDeep);
      index_charges_.note(*new_item_);
      return engine::WriteDecision::update(*new_item_);
    }
  }
  return engine::WriteDecision::keep();
}

bool ItemWrite::reads_old() const {
  return kind_ != Kind::Put || !condition_->empty() || return_values_ != "NONE" ||
         return_consumed_capacity(request_) != ReturnConsumedCapacity::None;
}

std::size_t ItemWrite::consumed_bytes() const {
  if (kind_ == Kind::ConditionCheck) return 0;  // one unit, whatever the item's size
  std::size_t new_size = kind_ == Kind::Put ? put_size_ : new_item_ ? model::item_size(*new_item_) : 0;
  return std::max(old_size_, new_size);
}

CapacityBreakdown ItemWrite::consumed_capacity() const {
  return index_charges_.breakdown(write_units(consumed_bytes()));
}

void ItemWrite::write_attributes(JsonWriter& out) const {
  std::optional<model::Item> attributes;
  if (return_values_ == "ALL_OLD") {
    attributes = old_item_;
  } else if (kind_ != Kind::Update) {
    // NONE
  } else if (return_values_ == "ALL_NEW") {
    attributes = new_item_;
  } else if (return_values_ == "UPDATED_OLD" && old_item_) {
    attributes = compiled_.update ? expressions::updated_attributes(*old_item_, *compiled_.update)
                                  : top_level(*old_item_, attribute_updates_);
  } else if (return_values_ == "UPDATED_NEW" && new_item_) {
    attributes = compiled_.update ? expressions::updated_attributes(*new_item_, *compiled_.update)
                                  : top_level(*new_item_, attribute_updates_);
  }
  if (attributes && !attributes->empty()) {
    out.Key("Attributes");
    write_attribute_map(out, *attributes);
  }
}

void check_injected_conflict(const ActionContext& context, const engine::Table& table, const model::AttributeMap& key) {
  const TouchedItem item{&table, &key};
  if (!conflicting_items(context, {&item, 1}).empty()) throw model::Error(model::kTransactionConflict);
}

bool wants_item_collection_metrics(const JsonValue& request, const engine::Table& table) {
  const JsonValue* v = member(request, "ReturnItemCollectionMetrics");
  return v && view(*v) == "SIZE" && !table.definition().local_indexes.empty();
}

void write_item_collection_metrics(JsonWriter& out, const engine::Table& table, const model::AttributeMap& key) {
  const std::string& hash = table.key_schema().hash.name;
  out.StartObject();
  out.Key("ItemCollectionKey");
  out.StartObject();
  out.Key(hash.data(), hash.size());
  write_value(out, key.at(hash));
  out.EndObject();
  out.Key("SizeEstimateRangeGB");
  out.StartArray();
  out.Int(0);
  out.Int(1);
  out.EndArray();
  out.EndObject();
}

void write_single_item(ItemWrite::Kind kind, const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  ItemWrite write(kind, request, /*single_item=*/true);
  auto table = find_table(context, request, /*table_operation=*/false);
  write.bind(table);
  write.check_item();
  check_injected_conflict(context, *table, write.key());
  table->write(
      write.key(), [&](const model::Item* existing) { return write.decide(existing); }, write.reads_old());

  out.StartObject();
  write.write_attributes(out);
  write_consumed_capacity(out, return_consumed_capacity(request), table->name(), write.consumed_capacity());
  if (wants_item_collection_metrics(request, *table)) {
    out.Key("ItemCollectionMetrics");
    write_item_collection_metrics(out, *table, write.key());
  }
  out.EndObject();
}

}  // namespace minnow::api
