// The binder (partiql/binder.h): a statement's parameter count, then its kind's binder
// (partiql/binding.h).
#include "partiql/binder.h"

#include <type_traits>
#include <variant>

#include "model/partiql_errors.h"
#include "partiql/binding.h"

namespace minnow::partiql {

namespace {

const Target& target_of(const Statement& s) {
  struct Visitor {
    const Target& operator()(const SelectStatement& x) const { return x.from; }
    const Target& operator()(const InsertStatement& x) const { return x.into; }
    const Target& operator()(const UpdateStatement& x) const { return x.table; }
    const Target& operator()(const DeleteStatement& x) const { return x.from; }
    const Target& operator()(const ExistsStatement& x) const { return x.select.from; }
  };
  return std::visit(Visitor{}, s.body);
}

}  // namespace

const std::string& statement_table(const Statement& statement) { return target_of(statement).table; }

const std::string& BoundStatement::table() const {
  return is_read() ? std::get<BoundSelect>(body).table : std::get<BoundWrite>(body).table;
}

const model::AttributeMap& BoundStatement::item_key() const {
  return is_read() ? std::get<BoundSelect>(body).keys.at(0) : std::get<BoundWrite>(body).key;
}

BoundStatement bind_statement(const Statement& statement, const Parameters& params, const Lookup& lookup,
                              Context context) {
  if (statement.parameters > params.size()) throw model::Error(model::kPqlParameterCount);
  BoundStatement out;
  std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        std::optional<model::Error>& d = out.deferred_error;
        if constexpr (std::is_same_v<T, SelectStatement>)
          out.body = binding::bind_select(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, InsertStatement>)
          out.body = binding::bind_insert(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, UpdateStatement>)
          out.body = binding::bind_update(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, DeleteStatement>)
          out.body = binding::bind_delete(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, ExistsStatement>)
          out.body = binding::bind_exists(s, params, lookup, context, d);
      },
      statement.body);
  return out;
}

}  // namespace minnow::partiql
