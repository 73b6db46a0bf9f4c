#include "requests/write_operations.h"

#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "expressions/update.h"
#include "model/item_codec.h"
#include "model/limits.h"

namespace minnow::requests {

namespace {

using Kind = WriteOutcome::Kind;

// ConditionFailed, with the stored item when the condition asks for it.
WriteOutcome condition_failed(const WriteCondition& condition, const model::Item* old) {
  WriteOutcome outcome;
  outcome.kind = Kind::ConditionFailed;
  if (condition.return_old_on_failure && old) outcome.failed_item = *old;
  return outcome;
}

WriteOutcome of_kind(Kind kind) {
  WriteOutcome outcome;
  outcome.kind = kind;
  return outcome;
}

}  // namespace

bool WriteCondition::holds(const model::Item* old) const {
  return !expression || expressions::evaluate(*expression, old);
}

Put Put::of(const model::Item& item) {
  Put put;
  put.stored = model::encode_item(item);
  put.size = model::encoded_item_size(put.stored);
  return put;
}

WriteOutcome Put::decide(const model::Item* old) const {
  if (!condition.holds(old)) return condition_failed(condition, old);
  return of_kind(Kind::Put);
}

WriteOutcome Update::decide(const model::Item* old) const {
  if (!condition.holds(old)) return condition_failed(condition, old);
  // Nothing to take away from: not even a nested path is looked at.
  if (!old && !creates_item()) return of_kind(Kind::Keep);
  const model::Item& base = old ? *old : key;
  WriteOutcome outcome = of_kind(Kind::Put);
  try {
    outcome.new_item = expression ? expressions::apply_update(*expression, base)
                                  : expressions::apply_attribute_updates(attribute_updates, base);
  } catch (const model::Error& e) {
    outcome = of_kind(Kind::Invalid);
    outcome.error = e;
    return outcome;
  }
  if (model::item_size(*outcome.new_item) > model::kMaxItemBytes) return of_kind(Kind::ItemTooLarge);
  // Repeated SETs into nested paths could grow an item without bound (DynamoDB Local's limit).
  for (const auto& [name, value] : *outcome.new_item) {
    if (model::nesting_levels(value) <= model::kMaxAttributeNesting) continue;
    outcome = of_kind(Kind::Invalid);
    outcome.error = model::Error(model::kUpdateNestingTooDeep);
    return outcome;
  }
  return outcome;
}

bool Update::creates_item() const {
  if (expression) {
    for (const auto& section : expression->sections) {
      if (section.clause == expressions::UpdateClause::Set || section.clause == expressions::UpdateClause::Add)
        return true;
    }
    return expression->sections.empty();
  }
  for (const auto& u : attribute_updates) {
    if (u.action != "DELETE") return true;
  }
  return attribute_updates.empty();
}

std::vector<std::string> Update::written_attributes() const {
  std::vector<std::string> written;
  if (expression) {
    for (const auto& p : expression->paths()) written.push_back(p.elements[0].name);
  } else {
    for (const auto& u : attribute_updates) written.push_back(u.attribute);
  }
  return written;
}

model::Item Update::updated_attributes(const model::Item& item) const {
  if (expression) return expressions::updated_attributes(item, *expression);
  model::Item out;
  for (const auto& u : attribute_updates) {
    auto it = item.find(u.attribute);
    if (it != item.end()) out.insert(*it);
  }
  return out;
}

WriteOutcome Delete::decide(const model::Item* old) const {
  if (!condition.holds(old)) return condition_failed(condition, old);
  return of_kind(old ? Kind::Delete : Kind::Keep);
}

WriteOutcome ConditionCheck::decide(const model::Item* old) const {
  if (!condition.holds(old)) return condition_failed(condition, old);
  return of_kind(Kind::Keep);
}

const model::AttributeMap& key_of(const WriteOperation& operation) {
  return std::visit([](const auto& op) -> const model::AttributeMap& { return op.key; }, operation);
}

WriteOutcome decide(const WriteOperation& operation, const model::Item* old) {
  return std::visit([old](const auto& op) { return op.decide(old); }, operation);
}

const model::Item* written_item(const WriteOutcome& outcome, const Put* put, std::optional<model::Item>& decoded) {
  if (outcome.kind != Kind::Put) return nullptr;
  if (outcome.new_item) return &*outcome.new_item;
  if (!decoded) decoded = model::decode_item(put->stored);
  return &*decoded;
}

engine::WriteDecision engine_decision(const WriteOutcome& outcome, const Put* put, const model::Item* decoded) {
  switch (outcome.kind) {
    case Kind::Put:
      if (outcome.new_item) return engine::WriteDecision::put_borrowed(*outcome.new_item);
      return engine::WriteDecision::put_stored(put->stored, decoded);
    case Kind::Delete:
      return engine::WriteDecision::remove();
    default:
      return engine::WriteDecision::keep();
  }
}

}  // namespace minnow::requests
