// The binder's parts (partiql/binder.h), shared by its files and by no one else: the
// PartiQL-to-expression-tree builder (tree_builder.cpp), the WHERE clause and the key
// (bind_where.cpp), and one binder per statement kind: SELECT (bind_select.cpp); INSERT,
// UPDATE, DELETE and EXISTS (bind_writes.cpp). binder.cpp dispatches a statement to its binder.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expressions/ast.h"
#include "expressions/resolve.h"
#include "model/errors.h"
#include "model/partiql_errors.h"
#include "partiql/binder.h"

namespace minnow::partiql::binding {

using expressions::Comparator;
using expressions::Function;
using expressions::KeyConditionTerm;
using expressions::Node;
using expressions::NodeKind;
using model::AttributeValue;
using model::KeyOperator;
using model::ValueType;

// ASCII lower case (PartiQL's keywords and function names are case-insensitive).
std::string lower(std::string_view s);

// ---- PartiQL expressions to DynamoDB expression trees ----------------------------------------

// Builds expressions/ trees from PartiQL nodes. Names and values become #n/:v placeholders that
// expressions::resolve substitutes, so that every rule of DynamoDB's expression language (operand
// types, distinct operands, overlapping paths, ...) is checked by the code that checks it for
// the JSON API; its messages lose their "Invalid XExpression: " prefix, as in DynamoDB's PartiQL.
class TreeBuilder {
 public:
  // Placeholders: names and values become #n/:v placeholders for resolve(). Direct: they are
  // put into the tree as they are (for trees that need no resolve).
  enum class Mode : uint8_t { Placeholders, Direct };
  explicit TreeBuilder(const Parameters& params, Mode mode = Mode::Placeholders) : params_(params), mode_(mode) {}
  const Parameters& parameters() const { return params_; }

  expressions::Path path(const Expr& e);

  Node value_node(AttributeValue v, const Position& p);

  Node path_node(const Expr& e);

  // An operand of a comparison, BETWEEN, IN or function.
  Node operand(const Expr& e);

  static bool is_condition(const Expr& e);

  Node condition(const Expr& e);

  // A function call whose arguments are built by `argument` (operand, or update_value in SET).
  Node call(const Expr& e, Node (TreeBuilder::*argument)(const Expr&) = &TreeBuilder::operand);

  // x IS [NOT] MISSING / NULL / BOOLEAN / ...: attribute_exists and attribute_type.
  Node is(const Expr& e);

  // A condition that always holds or never does: two placeholders for one value, compared.
  Node constant(bool holds);

  // The value of SET path = ...: values, paths, + and -, list_append and if_not_exists.
  Node update_value(const Expr& e);

  expressions::Placeholders placeholders() const { return expressions::Placeholders(&names_, &values_); }

  // Runs expressions::resolve and gives its errors DynamoDB's PartiQL wording.
  template <class Tree, class... Kind>
  void resolve(Tree& tree, Kind... kind) {
    expressions::Placeholders ph(names_.empty() ? nullptr : &names_, values_.empty() ? nullptr : &values_);
    try {
      expressions::resolve(tree, kind..., ph);
    } catch (const model::Error& e) {
      if (!e.expression_detail.empty()) throw model::Error(e.code(), e.expression_detail);
      throw;
    }
  }

 private:
  expressions::PathElement name_element(const std::string& name, const Position& p);

  expressions::PathElement index_element(const Expr& b);

  // `attribute_exists(a) = true`: a condition function compared with a boolean is that condition
  // (= true, <> false) or its negation (DynamoDB accepts it in WHERE).
  std::optional<Node> condition_compared_with_boolean(const Expr& e);

  Node negate_if(Node n, bool negated);

  const Parameters& params_;
  const Mode mode_;
  expressions::NameMap names_;
  expressions::ValueMap values_;
  std::map<std::string, std::string, std::less<>> name_keys_;  // attribute name -> its #placeholder
};

// ---- The WHERE clause and the key (bind_where.cpp) ------------------------------------------

// A condition on one top-level attribute that a key can be read by: = < <= > >= (either side),
// BETWEEN, begins_with, IN.
struct Term {
  std::string attribute;
  KeyOperator op = KeyOperator::EQ;
  bool in = false;
  std::vector<AttributeValue> values;
};

// One of the WHERE's conjuncts (its terms joined by AND).
struct Conjunct {
  std::optional<Term> term;      // the key term it states, if any
  bool taken = false;            // read by the key: not part of the rest
  Node node;                     // the condition, resolved (unset when `source` is set)
  const Expr* source = nullptr;  // equalities_only: its `name = value`, built by Where::rest
};

// The WHERE bound once, before the table is known; the statement's binder reads it and takes
// out the conjuncts its key reads. Points into the statement and its parameters: it must not
// outlive the binding.
struct Where {
  bool present = false;  // the statement has a WHERE
  // Only `name = value` terms joined by AND (a read or write by key): no rule of the expression
  // language can fail on it, so no tree is built or resolved, and every conjunct is an = term.
  bool equalities_only = false;
  std::vector<Conjunct> conjuncts;  // in the statement's order
  // Each comparison of a top-level attribute with a value, anywhere (under OR and NOT too): the
  // attribute and the value's type. Empty when equalities_only (the terms are the comparisons).
  std::vector<std::pair<std::string, ValueType>> compared;
  const Parameters* params = nullptr;  // equalities_only: what Where::rest builds nodes with
  // The conjuncts not taken, joined by AND, as one condition (or none). Moves them out.
  std::optional<expressions::Condition> rest();
};

// The WHERE (none: an empty Where), its tree resolved as a `kind` expression: every error of
// the WHERE and of its values comes from here, before the table is looked up.
Where bind_where(TreeBuilder& b, const std::optional<Expr>& where, expressions::ExpressionKind kind);

// A key value of the key attribute's type, not empty.
void check_key_value(const model::KeyAttribute& key, const AttributeValue& v);

// UPDATE, DELETE, and reads in batches and transactions: every key attribute fixed by one =.
struct ItemKey {
  model::AttributeMap key;
  std::optional<expressions::Condition> rest;
  std::optional<model::Error> invalid;  // a key value's error, kept when the caller defers it
};
// `incomplete` is the error for a WHERE without the whole key (it depends on the statement).
// `defer`: a key value's error goes to ItemKey::invalid instead of being thrown (transactions).
ItemKey single_item_key(Where where, const model::KeySchema& schema,
                        const model::FixedError& incomplete = model::kPqlIncompleteKey, bool defer = false);
// attribute_exists(#pk) or attribute_not_exists(#pk), AND the rest of the WHERE.
expressions::Condition key_condition_and(const std::string& hash, bool exists,
                                         std::optional<expressions::Condition> rest);

// DynamoDB's table-name rule for the table and the index a statement names.
void check_target_name(const Target& t);

// ---- One binder per statement kind ------------------------------------------------------------

BoundSelect bind_select(const SelectStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                        std::optional<model::Error>& deferred);
BoundWrite bind_insert(const InsertStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred);
BoundWrite bind_update(const UpdateStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred);
BoundWrite bind_delete(const DeleteStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred);
BoundWrite bind_exists(const ExistsStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                       std::optional<model::Error>& deferred);

}  // namespace minnow::partiql::binding
