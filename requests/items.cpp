#include "requests/items.h"

#include <type_traits>

#include "model/fault_errors.h"
#include "model/key.h"
#include "requests/throttling.h"

namespace minnow::requests {

namespace {

ItemWriteResult::Status status_of(WriteOutcome::Kind kind) {
  switch (kind) {
    case WriteOutcome::Kind::ConditionFailed:
      return ItemWriteResult::Status::ConditionFailed;
    case WriteOutcome::Kind::ItemTooLarge:
      return ItemWriteResult::Status::ItemTooLarge;
    case WriteOutcome::Kind::Invalid:
      return ItemWriteResult::Status::Invalid;
    default:
      return ItemWriteResult::Status::Written;
  }
}

// One conditional write of one item: `Operation` is Put, Update or Delete.
template <class Operation>
ItemWriteResult execute_write(const Context& context, engine::Table& table, const Operation& op,
                              ReturnValues return_values, ReturnConsumedCapacity capacity) {
  constexpr bool kPut = std::is_same_v<Operation, Put>;
  ItemWriteResult result;
  if (take_injected_conflict(context, table, op.key)) {
    result.status = ItemWriteResult::Status::Conflict;
    return result;
  }
  if (table.written_in_another_region(op.key)) throw model::Error(model::kReplicatedWriteConflict);
  const TableMeter meter(context, table);
  const model::AttributeValue* partition = meter.partition_of(op.key);
  meter.admit_write(partition);
  const bool charged = capacity != ReturnConsumedCapacity::None || meter.metered();
  IndexWriteCharges index_charges;
  if (charged) index_charges.load(table.definition());
  const bool keep_old = return_values == ReturnValues::AllOld || return_values == ReturnValues::UpdatedOld;
  // An unconditional Put that returns nothing need not see the stored item.
  const bool reads_old = !kPut || op.condition.expression || return_values != ReturnValues::None || charged;

  WriteOutcome outcome;
  std::optional<model::Error> index_refusal;  // GSI back-pressure: the write was not made
  std::optional<model::Item> old_item;
  std::size_t old_size = 0;
  const Put* put = nullptr;
  if constexpr (kPut) put = &op;
  std::optional<model::Item> put_decoded;  // the Put's item, when an index charge reads it
  std::optional<model::IndexKeyViolation> violation = table.write(
      op.key,
      [&](const model::Item* old) {
        outcome = op.decide(old);
        if (outcome.failed()) {
          if (old && meter.metered()) old_size = model::item_size(*old);  // a refused condition's charge
          return engine::WriteDecision::keep();
        }
        if (old) {
          old_size = model::item_size(*old);
          if (keep_old) old_item = *old;
        }
        if (outcome.kind != WriteOutcome::Kind::Keep && index_charges.reads_items()) {
          index_charges.note(old, written_item(outcome, put, put_decoded));
          index_refusal = meter.index_refusal(index_charges);
          if (index_refusal) return engine::WriteDecision::keep();
        }
        return engine_decision(outcome, put, put_decoded ? &*put_decoded : nullptr);
      },
      reads_old, put ? std::string_view(put->stored) : std::string_view());

  if (outcome.failed()) {
    // A refused condition consumes a write of the stored item (DynamoDB charges it).
    if (outcome.kind == WriteOutcome::Kind::ConditionFailed)
      meter.charge(engine::ThroughputKind::Write, table_capacity(write_units(old_size)), partition);
    return failure_of(std::move(outcome));
  }
  if (index_refusal) throw *index_refusal;
  if (violation) {
    result.status = ItemWriteResult::Status::IndexKeyInvalid;
    result.index_key = std::move(violation);
    return result;
  }

  if (return_values == ReturnValues::AllOld) {
    result.attributes = std::move(old_item);
  } else if constexpr (std::is_same_v<Operation, Update>) {
    if (return_values == ReturnValues::AllNew) {
      result.attributes = outcome.new_item;
    } else if (return_values == ReturnValues::UpdatedOld && old_item) {
      result.attributes = op.updated_attributes(*old_item);
    } else if (return_values == ReturnValues::UpdatedNew && outcome.new_item) {
      result.attributes = op.updated_attributes(*outcome.new_item);
    }
  }

  std::size_t new_size = 0;
  if constexpr (kPut) new_size = op.size;
  if (outcome.new_item) new_size = model::item_size(*outcome.new_item);
  result.consumed = index_charges.breakdown(old_size, new_size);
  meter.charge(engine::ThroughputKind::Write, result.consumed, partition);
  meter.charge_index_keys(index_charges, result.consumed);
  return result;
}

}  // namespace

ItemWriteResult failure_of(WriteOutcome outcome) {
  ItemWriteResult result;
  result.status = status_of(outcome.kind);
  result.failed_item = std::move(outcome.failed_item);
  result.error = std::move(outcome.error);
  return result;
}

bool take_injected_conflict(const Context& context, const engine::Table& table, const model::AttributeMap& key) {
  const TouchedItem item{&table, &key};
  return !conflicting_items(context, {&item, 1}).empty();
}

ItemWriteResult execute(const Context& context, const PutItemRequest& request) {
  return execute_write(context, *request.table, request.put, request.return_values, request.return_consumed_capacity);
}

ItemWriteResult execute(const Context& context, const UpdateItemRequest& request) {
  return execute_write(context, *request.table, request.update, request.return_values,
                       request.return_consumed_capacity);
}

ItemWriteResult execute(const Context& context, const DeleteItemRequest& request) {
  return execute_write(context, *request.table, request.del, request.return_values, request.return_consumed_capacity);
}

}  // namespace minnow::requests
