// INSERT, UPDATE, DELETE, and EXISTS in a transaction (partiql/binding.h): one item's write and
// its condition.
#include <algorithm>

#include "expressions/functions.h"
#include "expressions/parser.h"
#include "expressions/resolve.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/partiql_errors.h"
#include "partiql/binding.h"

namespace minnow::partiql::binding {

namespace {

ReturnValues return_values(Returning r) {
  switch (r) {
    case Returning::None:
      return ReturnValues::None;
    case Returning::AllOld:
      return ReturnValues::AllOld;
    case Returning::ModifiedOld:
      return ReturnValues::UpdatedOld;
    case Returning::AllNew:
      return ReturnValues::AllNew;
    case Returning::ModifiedNew:
      return ReturnValues::UpdatedNew;
  }
  return ReturnValues::None;
}

void check_dml_target(const Target& t) {
  check_target_name(t);
  if (t.index) throw model::Error(model::kPqlNotOnIndex);
}

}  // namespace

BoundWrite bind_insert(const InsertStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred) {
  check_target_name(s.into);
  if (s.into.index) throw model::Error(model::kPqlDmlInvalidFrom);
  BoundWrite out;
  out.kind = WriteKind::Insert;
  out.table = s.into.table;
  out.item = to_item(s.value, params);
  const TableShape& table = lookup.table(s.into.table);
  std::vector<model::KeyAttribute> keys = {table.key.hash};
  if (table.key.range) keys.push_back(*table.key.range);
  for (const model::KeyAttribute& k : keys) {
    auto it = out.item.find(k.name);
    if (it == out.item.end()) throw model::pql_key_attribute_absent(k.name);
    try {
      check_key_value(k, it->second);
    } catch (const model::Error& e) {
      if (context != Context::Transaction) throw;
      if (!deferred) deferred = e;
    }
    out.key.emplace(k.name, it->second);
  }
  out.condition = key_condition_and(table.key.hash.name, false, std::nullopt);
  return out;
}

BoundWrite bind_update(const UpdateStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred) {
  check_dml_target(s.table);
  if (context == Context::Transaction && s.returning != Returning::None)
    throw model::Error(model::kPqlTransactionReturning);
  BoundWrite out;
  out.kind = WriteKind::Update;
  out.table = s.table.table;
  out.returning = return_values(s.returning);
  TreeBuilder b(params);
  expressions::Update update;
  std::vector<expressions::UpdateAction> sections[4];
  for (const UpdateAssignment& a : s.actions) {
    if (a.path.kind != ExprKind::Path) throw model::pql_assignment_target(a.path.to_string());
    expressions::UpdateAction action;
    action.path = b.path(a.path);
    if (a.remove) {
      action.clause = expressions::UpdateClause::Remove;
    } else if (a.value.kind == ExprKind::Call &&
               (lower(a.value.text) == "set_add" || lower(a.value.text) == "set_delete")) {
      // SET s = set_add(s, <<...>>) is ADD s <<...>>; set_delete is DELETE.
      const bool add = lower(a.value.text) == "set_add";
      const char* name = add ? "SET_ADD" : "SET_DELETE";
      if (a.value.args.size() != 2) fail_at(model::pql_set_function_arguments(name), a.value.position);
      const Expr& first = a.value.args[0];
      if (first.kind != ExprKind::Path || !(b.path(first) == action.path)) {
        fail_at(model::pql_set_function_first_argument(name), first.position);
      }
      const Expr& second = a.value.args[1];
      // DynamoDB's message points at the first argument.
      if (!is_value(second)) fail_at(model::pql_set_function_second_argument(name), first.position);
      AttributeValue v = to_attribute_value(second, params);
      ValueType t = v.type();
      if (t != ValueType::SS && t != ValueType::NS && t != ValueType::BS) {
        fail_at(model::pql_set_function_second_argument(name), first.position);
      }
      action.clause = add ? expressions::UpdateClause::Add : expressions::UpdateClause::Delete;
      action.value = b.value_node(std::move(v), second.position);
    } else {
      action.clause = expressions::UpdateClause::Set;
      action.value = b.update_value(a.value);
    }
    sections[static_cast<int>(action.clause)].push_back(std::move(action));
  }
  for (int c = 0; c < 4; ++c) {
    if (sections[c].empty()) continue;
    update.sections.push_back(
        expressions::UpdateSection{static_cast<expressions::UpdateClause>(c), std::move(sections[c])});
  }
  Where where = bind_where(b, s.where, expressions::ExpressionKind::Condition);
  b.resolve(update);
  const TableShape& table = lookup.table(s.table.table);
  const bool tx = context == Context::Transaction;
  ItemKey k = single_item_key(std::move(where), table.key, model::kPqlIncompleteKey, tx);
  deferred = std::move(k.invalid);
  for (const expressions::UpdateSection& sec : update.sections) {
    for (const expressions::UpdateAction& a : sec.actions) {
      const std::string& root = a.path.elements.front().name;
      if (root == table.key.hash.name || (table.key.range && root == table.key.range->name)) {
        if (!tx) throw model::key_attribute_updated(root);
        if (!deferred) deferred = model::key_attribute_updated(root);
      }
    }
  }
  out.key = std::move(k.key);
  out.update = std::move(update);
  out.condition = key_condition_and(table.key.hash.name, true, std::move(k.rest));
  return out;
}

BoundWrite bind_delete(const DeleteStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred) {
  check_dml_target(s.from);
  if (context == Context::Transaction && s.returning != Returning::None)
    throw model::Error(model::kPqlTransactionReturning);
  if (s.returning != Returning::None && s.returning != Returning::AllOld) {
    throw model::pql_delete_returning(returning_text(s.returning));
  }
  BoundWrite out;
  out.kind = WriteKind::Delete;
  out.table = s.from.table;
  out.returning = return_values(s.returning);
  TreeBuilder b(params);
  Where where = bind_where(b, s.where, expressions::ExpressionKind::Condition);
  const TableShape& table = lookup.table(s.from.table);
  ItemKey k = single_item_key(std::move(where), table.key, model::kPqlIncompleteKey, context == Context::Transaction);
  deferred = std::move(k.invalid);
  out.key = std::move(k.key);
  out.condition = std::move(k.rest);
  return out;
}

BoundWrite bind_exists(const ExistsStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred) {
  if (context != Context::Transaction) throw model::Error(model::kPqlExistsOutsideTransaction);
  check_target_name(s.select.from);
  if (s.select.from.index) throw model::Error(model::kPqlTransactionExistsIndex);
  TreeBuilder b(params);
  Where where = bind_where(b, s.select.where, expressions::ExpressionKind::Condition);
  const TableShape& table = lookup.table(s.select.from.table);
  ItemKey k = single_item_key(std::move(where), table.key, model::kPqlTransactionExistsSingle, true);
  if (!k.rest) throw model::Error(model::kPqlTransactionExistsSingle);
  deferred = std::move(k.invalid);
  BoundWrite out;
  out.kind = WriteKind::Check;
  out.table = s.select.from.table;
  out.key = std::move(k.key);
  out.condition = std::move(k.rest);
  return out;
}

}  // namespace minnow::partiql::binding
