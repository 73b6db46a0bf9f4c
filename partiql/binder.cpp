#include "partiql/binder.h"

#include <algorithm>
#include <map>

#include "expressions/functions.h"
#include "expressions/parser.h"
#include "expressions/resolve.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/partiql_errors.h"

namespace minnow::partiql {

namespace {

using expressions::Comparator;
using expressions::Function;
using expressions::KeyConditionTerm;
using model::KeyOperator;
using expressions::Node;
using expressions::NodeKind;
using model::AttributeValue;
using model::ValueType;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c | 0x20) : c;
  return out;
}

bool valid_table_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 255) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
}

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

  expressions::Path path(const Expr& e) {
    expressions::Path out;
    if (e.text.empty()) throw model::Error(model::kPqlEmptyPathComponent);
    out.elements.push_back(name_element(e.text, e.position));
    for (const PathStep& s : e.steps) {
      switch (s.kind) {
        case PathStep::Kind::Name:
          if (s.name.empty()) throw model::Error(model::kPqlEmptyPathComponent);
          out.elements.push_back(name_element(s.name, s.position));
          break;
        case PathStep::Kind::Unpivot:
          throw model::Error(model::kPqlUnpivotPath);
        case PathStep::Kind::Bracket: {
          const Expr& b = s.bracket.front();
          if (b.kind == ExprKind::String && !b.parens) {
            if (b.text.empty()) throw model::Error(model::kPqlEmptyPathComponent);
            out.elements.push_back(name_element(b.text, s.position));
          } else if (b.kind == ExprKind::Number && !b.parens && b.text.find_first_of(".eE") == std::string::npos) {
            out.elements.push_back(index_element(b));
          } else {
            fail_at(model::Error(model::kPqlUnexpectedPathComponent), b.position);
          }
          break;
        }
      }
    }
    return out;
  }

  Node value_node(AttributeValue v, const Position& p) {
    Node n;
    n.kind = NodeKind::Value;
    n.offset = p.column;
    if (mode_ == Mode::Direct) {
      n.value = std::move(v);
      return n;
    }
    n.text = ":v" + std::to_string(values_.size());
    values_.emplace(n.text, std::move(v));
    return n;
  }

  Node path_node(const Expr& e) {
    Node n;
    n.kind = NodeKind::Path;
    n.path = path(e);
    return n;
  }

  // An operand of a comparison, BETWEEN, IN or function.
  Node operand(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Path:
        return path_node(e);
      case ExprKind::Missing:
        throw model::Error(model::kPqlMissingNeedsIs);
      case ExprKind::Call:
        return call(e);
      case ExprKind::Arithmetic:
        throw model::pql_unsupported_condition_operator(op_text(e.op));
      case ExprKind::Negate:
        throw model::pql_unsupported_condition_operator("-");
      case ExprKind::Like:
        throw model::pql_unsupported_condition_operator("like");
      default:
        break;
    }
    if (is_value(e) || e.kind == ExprKind::Ion) return value_node(to_attribute_value(e, params_), e.position);
    if (is_condition(e)) return condition(e);
    return value_node(to_attribute_value(e, params_), e.position);
  }

  static bool is_condition(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Compare:
      case ExprKind::Between:
      case ExprKind::In:
      case ExprKind::Is:
      case ExprKind::And:
      case ExprKind::Or:
      case ExprKind::Not:
      case ExprKind::Like:
        return true;
      case ExprKind::Call:
        return lower(e.text) != "size";
      default:
        return false;
    }
  }

  Node condition(const Expr& e) {
    Node n;
    // No parentheses: PartiQL allows redundant ones, which the expression rules refuse.
    switch (e.kind) {
      case ExprKind::Compare: {
        if (std::optional<Node> c = condition_compared_with_boolean(e)) return std::move(*c);
        static constexpr Comparator kComparators[] = {Comparator::Eq, Comparator::Ne, Comparator::Lt,
                                                      Comparator::Le, Comparator::Gt, Comparator::Ge};
        n.kind = NodeKind::Compare;
        n.comparator = kComparators[static_cast<int>(e.op)];
        n.args.push_back(operand(e.args[0]));
        n.args.push_back(operand(e.args[1]));
        return n;
      }
      case ExprKind::Between:
        n.kind = NodeKind::Between;
        for (const Expr& a : e.args) n.args.push_back(operand(a));
        return negate_if(std::move(n), e.negated);
      case ExprKind::In: {
        const Expr& list = e.args[1];
        if ((list.kind != ExprKind::List && list.kind != ExprKind::Bag) || list.args.empty() ||
            e.args[0].kind == ExprKind::List) {
          throw model::Error(model::kPqlInOperator);
        }
        if (list.args.size() > expressions::kMaxInOperands) {
          throw model::validation(model::expr_in_too_many_operands(list.args.size()));
        }
        n.kind = NodeKind::In;
        n.args.push_back(operand(e.args[0]));
        for (const Expr& a : list.args) n.args.push_back(operand(a));
        return negate_if(std::move(n), e.negated);
      }
      case ExprKind::Is:
        return is(e);
      case ExprKind::And:
      case ExprKind::Or:
        if (!is_condition(e.args[0]) || !is_condition(e.args[1])) throw model::Error(model::kPqlAndOrOperand);
        n.kind = e.kind == ExprKind::And ? NodeKind::And : NodeKind::Or;
        n.args.push_back(condition(e.args[0]));
        n.args.push_back(condition(e.args[1]));
        return n;
      case ExprKind::Not:
        if (!is_condition(e.args[0])) throw model::Error(model::kPqlNotOperand);
        n.kind = NodeKind::Not;
        n.args.push_back(condition(e.args[0]));
        return n;
      case ExprKind::Like:
        throw model::pql_unsupported_condition_operator("like");
      case ExprKind::Call: {
        Node c = call(e);
        return c;
      }
      default:
        throw model::Error(model::kPqlWhereNotBoolean);
    }
  }

  // A function call whose arguments are built by `argument` (operand, or update_value in SET).
  Node call(const Expr& e, Node (TreeBuilder::*argument)(const Expr&) = &TreeBuilder::operand) {
    std::string name = lower(e.text);
    Function f = expressions::function_from_name(name);
    if (f == Function::Unknown) fail_at(model::pql_unrecognized_function(name), e.position);
    Node n = expressions::function_call(f, {});
    for (const Expr& a : e.args) n.args.push_back((this->*argument)(a));
    return n;
  }

  // x IS [NOT] MISSING / NULL / BOOLEAN / ...: attribute_exists and attribute_type.
  Node is(const Expr& e) {
    const Expr& x = e.args[0];
    std::string type = lower(e.text);
    static const std::map<std::string, std::string> kTypes = {
        {"missing", ""}, {"null", "NULL"}, {"boolean", "BOOL"}, {"bool", "BOOL"}, {"blob", "B"},
        {"string", "S"}, {"numeric", "N"}, {"struct", "M"},     {"tuple", "M"},   {"list", "L"}};
    auto it = kTypes.find(type);
    if (it == kTypes.end()) {
      static const std::map<std::string, std::string> kNames = {{"int", "INTEGER"},
                                                                {"integer", "INTEGER"},
                                                                {"dec", "DECIMAL"},
                                                                {"varchar", "CHARACTER_VARYING"},
                                                                {"character varying", "CHARACTER_VARYING"},
                                                                {"char", "CHARACTER"},
                                                                {"double precision", "DOUBLE_PRECISION"}};
      auto n = kNames.find(type);
      std::string shown = n != kNames.end() ? n->second : std::string(e.text);
      for (char& c : shown) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c & ~0x20) : c;
      fail_at(model::pql_is_type(shown), e.position);
    }
    if (x.kind != ExprKind::Path && !is_value(x)) throw model::Error(model::kPqlIsOperand);
    if (x.kind != ExprKind::Path) {
      // A literal: the answer is known now. NULL IS NULL holds; no literal is MISSING.
      AttributeValue v = to_attribute_value(x, params_);
      bool holds = it->second.empty() ? false : model::value_type_name(v.type()) == it->second;
      return constant(holds != e.negated);
    }
    if (it->second.empty())
      return expressions::function_call(e.negated ? Function::AttributeExists : Function::AttributeNotExists,
                                        {path_node(x)});
    Node n = expressions::function_call(Function::AttributeType,
                                        {path_node(x), value_node(AttributeValue(it->second), e.position)});
    return negate_if(std::move(n), e.negated);
  }

  // A condition that always holds or never does: two placeholders for one value, compared.
  Node constant(bool holds) {
    Node n;
    n.kind = NodeKind::Compare;
    n.comparator = holds ? Comparator::Eq : Comparator::Ne;
    n.args.push_back(value_node(AttributeValue(model::Null{}), {}));
    n.args.push_back(value_node(AttributeValue(model::Null{}), {}));
    return n;
  }

  // The value of SET path = ...: values, paths, + and -, list_append and if_not_exists.
  Node update_value(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Path:
        return path_node(e);
      case ExprKind::Missing:
        throw model::Error(model::kPqlMissingNeedsIs);
      case ExprKind::Is:
        throw model::Error(model::kPqlIsInUpdate);
      case ExprKind::Arithmetic:
        if (e.op != Op::Add && e.op != Op::Subtract) throw model::pql_unsupported_update_operator(op_text(e.op));
        {
          Node n;
          n.kind = e.op == Op::Add ? NodeKind::Plus : NodeKind::Minus;
          n.args.push_back(update_value(e.args[0]));
          n.args.push_back(update_value(e.args[1]));
          return n;
        }
      case ExprKind::Negate:
        throw model::pql_unsupported_update_operator("-");
      case ExprKind::Compare:
        throw model::pql_unsupported_update_operator(op_text(e.op));
      case ExprKind::And:
        throw model::pql_unsupported_update_operator("and");
      case ExprKind::Or:
        throw model::pql_unsupported_update_operator("or");
      case ExprKind::Not:
        throw model::pql_unsupported_update_operator("not");
      case ExprKind::Between:
        throw model::pql_unsupported_update_operator("between");
      case ExprKind::In:
        throw model::pql_unsupported_update_operator("in");
      case ExprKind::Like:
        throw model::pql_unsupported_update_operator("like");
      case ExprKind::Call:
        return call(e, &TreeBuilder::update_value);
      default:
        return value_node(to_attribute_value(e, params_), e.position);
    }
  }

  expressions::Placeholders placeholders() const { return expressions::Placeholders(&names_, &values_); }

  // Runs expressions::resolve and gives its errors DynamoDB's PartiQL wording.
  template <class Tree, class... Kind>
  void resolve(Tree& tree, const char* kind_name, Kind... kind) {
    expressions::Placeholders ph(names_.empty() ? nullptr : &names_, values_.empty() ? nullptr : &values_);
    try {
      expressions::resolve(tree, kind..., ph);
    } catch (const model::Error& e) {
      std::string prefix = std::string("Invalid ") + kind_name + "Expression: ";
      if (e.message().starts_with(prefix)) throw model::Error(e.code(), e.message().substr(prefix.size()));
      throw;
    }
  }

 private:
  expressions::PathElement name_element(const std::string& name, const Position& p) {
    if (mode_ == Mode::Direct) {
      expressions::PathElement el;
      el.kind = expressions::PathElement::Kind::Name;
      el.text = name;
      el.name = name;
      el.offset = p.column;
      return el;
    }
    auto [it, inserted] = name_keys_.try_emplace(name, "");
    if (inserted) {
      it->second = "#n" + std::to_string(names_.size());
      names_.emplace(it->second, name);
    }
    expressions::PathElement el;
    el.kind = expressions::PathElement::Kind::Placeholder;
    el.text = it->second;
    el.name = name;
    el.offset = p.column;
    return el;
  }

  expressions::PathElement index_element(const Expr& b) {
    // DynamoDB's list indexes are int32; a larger or negative one is out of range.
    const std::string& digits = b.text;
    bool negative = !digits.empty() && digits.front() == '-';
    if (negative || digits.size() > 10 || std::stoll(digits) > INT32_MAX) {
      fail_at(model::pql_list_index_out_of_range(negative ? digits : digits), b.position);
    }
    expressions::PathElement el;
    el.kind = expressions::PathElement::Kind::Index;
    el.index = static_cast<uint32_t>(std::stoll(digits));
    el.text = std::to_string(el.index);
    return el;
  }

  // `attribute_exists(a) = true`: a condition function compared with a boolean is that condition
  // (= true, <> false) or its negation (DynamoDB accepts it in WHERE).
  std::optional<Node> condition_compared_with_boolean(const Expr& e) {
    if (e.op != Op::Eq && e.op != Op::Ne) return std::nullopt;
    for (const int side : {0, 1}) {
      const Expr& function = e.args[side];
      const Expr& boolean = e.args[1 - side];
      if (function.kind != ExprKind::Call || boolean.kind != ExprKind::Boolean) continue;
      const expressions::FunctionDefinition* definition =
          expressions::function_definition(expressions::function_from_name(lower(function.text)));
      if (!definition || definition->place != expressions::FunctionPlace::Condition) continue;
      const bool holds = (boolean.text == "true") == (e.op == Op::Eq);
      return negate_if(call(function), !holds);
    }
    return std::nullopt;
  }

  Node negate_if(Node n, bool negated) {
    if (!negated) return n;
    Node out;
    out.kind = NodeKind::Not;
    out.args.push_back(std::move(n));
    return out;
  }

  const Parameters& params_;
  const Mode mode_;
  expressions::NameMap names_;
  expressions::ValueMap values_;
  std::map<std::string, std::string, std::less<>> name_keys_;  // attribute name -> its #placeholder
};

// ---- The WHERE clause and the key --------------------------------------------------------------

void conjuncts(Node& n, std::vector<Node*>& out) {
  if (n.kind == NodeKind::And) {
    conjuncts(n.args[0], out);
    conjuncts(n.args[1], out);
  } else {
    out.push_back(&n);
  }
}

// The top-level attribute a key term names, or null.
const std::string* key_path(const Node& n) {
  if (n.kind != NodeKind::Path || n.path.elements.size() != 1) return nullptr;
  return &n.path.elements[0].name;
}

Comparator flipped(Comparator c) {
  switch (c) {
    case Comparator::Lt:
      return Comparator::Gt;
    case Comparator::Le:
      return Comparator::Ge;
    case Comparator::Gt:
      return Comparator::Lt;
    case Comparator::Ge:
      return Comparator::Le;
    default:
      return c;
  }
}

// A condition on one top-level attribute that a key can be read by: = < <= > >= (either side),
// BETWEEN, begins_with, IN.
struct Term {
  std::string attribute;
  KeyOperator op = KeyOperator::EQ;
  bool in = false;
  std::vector<AttributeValue> values;
};

std::optional<Term> key_term(const Node& n) {
  Term t;
  if (n.kind == NodeKind::Compare && n.comparator != Comparator::Ne) {
    const Node* p = &n.args[0];
    const Node* v = &n.args[1];
    Comparator c = n.comparator;
    if (!key_path(*p)) {
      std::swap(p, v);
      c = flipped(c);
    }
    if (!key_path(*p) || v->kind != NodeKind::Value) return std::nullopt;
    static constexpr KeyOperator kOps[] = {KeyOperator::EQ, KeyOperator::EQ, KeyOperator::LT,
                                           KeyOperator::LE, KeyOperator::GT, KeyOperator::GE};
    t.attribute = *key_path(*p);
    t.op = kOps[static_cast<int>(c)];
    t.values.push_back(v->value);
    return t;
  }
  if (n.kind == NodeKind::Between && key_path(n.args[0]) && n.args[1].kind == NodeKind::Value &&
      n.args[2].kind == NodeKind::Value) {
    t.attribute = *key_path(n.args[0]);
    t.op = KeyOperator::BETWEEN;
    t.values = {n.args[1].value, n.args[2].value};
    return t;
  }
  if (n.kind == NodeKind::Call && n.function == Function::BeginsWith && key_path(n.args[0]) &&
      n.args[1].kind == NodeKind::Value) {
    t.attribute = *key_path(n.args[0]);
    t.op = KeyOperator::BEGINS_WITH;
    t.values.push_back(n.args[1].value);
    return t;
  }
  if (n.kind == NodeKind::In && key_path(n.args[0])) {
    for (std::size_t i = 1; i < n.args.size(); ++i) {
      if (n.args[i].kind != NodeKind::Value) return std::nullopt;
      t.values.push_back(n.args[i].value);
    }
    t.attribute = *key_path(n.args[0]);
    t.in = true;
    return t;
  }
  return std::nullopt;
}

void check_key_value(const model::KeyAttribute& key, const AttributeValue& v) {
  if (v.type() != key.type) throw model::pql_key_type_mismatch(key.name);
  if (model::is_empty_scalar(v)) throw model::key_empty_value(key.name, v.type());
}

// The conjuncts left after the key terms are taken out, as one condition (or none).
std::optional<expressions::Condition> rest(std::vector<Node*>& parts, const std::vector<bool>& taken) {
  std::optional<Node> out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (taken[i]) continue;
    if (!out) {
      out = std::move(*parts[i]);
      continue;
    }
    Node a;
    a.kind = NodeKind::And;
    a.args.push_back(std::move(*out));
    a.args.push_back(std::move(*parts[i]));
    out = std::move(a);
  }
  if (!out) return std::nullopt;
  expressions::Condition c;
  c.root = std::move(*out);
  return c;
}

// UPDATE, DELETE, and reads in batches and transactions: every key attribute fixed by one =.
struct ItemKey {
  model::AttributeMap key;
  std::optional<expressions::Condition> rest;
  std::optional<model::Error> invalid;  // a key value's error, kept when the caller defers it
};

// `incomplete` is the error for a WHERE without the whole key (it depends on the statement).
// `defer`: a key value's error goes to ItemKey::invalid instead of being thrown (transactions).
ItemKey single_item_key(std::optional<expressions::Condition> where, const model::KeySchema& schema,
                        const model::FixedError& incomplete = model::kPqlIncompleteKey, bool defer = false) {
  if (!where) throw model::Error(incomplete);
  std::vector<Node*> parts;
  conjuncts(where->root, parts);
  std::vector<bool> taken(parts.size(), false);
  ItemKey out;
  std::vector<model::KeyAttribute> keys = {schema.hash};
  if (schema.range) keys.push_back(*schema.range);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::optional<Term> t = key_term(*parts[i]);
    if (!t || t->in || t->op != KeyOperator::EQ) continue;
    for (const model::KeyAttribute& k : keys) {
      if (t->attribute != k.name) continue;
      auto it = out.key.find(k.name);
      // The same key twice is fine when it says the same.
      if (it != out.key.end() && !(it->second == t->values[0])) throw model::pql_multiple_key_conditions(k.name);
      if (it == out.key.end()) out.key.emplace(k.name, t->values[0]);
      taken[i] = true;
    }
  }
  for (const model::KeyAttribute& k : keys) {
    if (!out.key.count(k.name)) throw model::Error(incomplete);
  }
  for (const model::KeyAttribute& k : keys) {
    try {
      check_key_value(k, out.key.at(k.name));
    } catch (const model::Error& e) {
      if (!defer) throw;
      if (!out.invalid) out.invalid = e;
    }
  }
  out.rest = rest(parts, taken);
  return out;
}

// attribute_exists(#pk) or attribute_not_exists(#pk), AND the rest of the WHERE.
expressions::Condition key_condition_and(const std::string& hash, bool exists,
                                         std::optional<expressions::Condition> rest) {
  Node p;
  p.kind = NodeKind::Path;
  expressions::PathElement el;
  el.kind = expressions::PathElement::Kind::Name;
  el.text = hash;
  el.name = hash;
  p.path.elements.push_back(std::move(el));
  Node call =
      expressions::function_call(exists ? Function::AttributeExists : Function::AttributeNotExists, {std::move(p)});
  expressions::Condition c;
  if (!rest) {
    c.root = std::move(call);
    return c;
  }
  c.root.kind = NodeKind::And;
  c.root.args.push_back(std::move(call));
  rest->root.parens = std::max<uint8_t>(rest->root.parens, 1);
  c.root.args.push_back(std::move(rest->root));
  return c;
}

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

// ---- Statements ------------------------------------------------------------------------------

// Whether the WHERE is only `name = value` terms joined by AND (a read or write by key): no
// rule of the expression language can fail on it, so it needs no placeholders and no resolve.
bool only_equalities(const Expr& e) {
  if (e.kind == ExprKind::And) return only_equalities(e.args[0]) && only_equalities(e.args[1]);
  if (e.kind != ExprKind::Compare || e.op != Op::Eq) return false;
  auto simple_path = [](const Expr& x) { return x.kind == ExprKind::Path && x.steps.empty() && !x.text.empty(); };
  auto scalar = [](const Expr& x) {
    return x.kind == ExprKind::String || x.kind == ExprKind::Parameter ||
           (x.kind == ExprKind::Number && x.text.front() != '-');
  };
  return (simple_path(e.args[0]) && scalar(e.args[1])) || (scalar(e.args[0]) && simple_path(e.args[1]));
}

// The WHERE as a resolved condition tree.
std::optional<expressions::Condition> where_condition(TreeBuilder& b, const std::optional<Expr>& where,
                                                      const char* kind_name, expressions::ExpressionKind kind) {
  if (!where) return std::nullopt;
  expressions::Condition c;
  if (only_equalities(*where)) {
    TreeBuilder direct(b.parameters(), TreeBuilder::Mode::Direct);
    c.root = direct.condition(*where);
    return c;
  }
  c.root = b.condition(*where);
  b.resolve(c, kind_name, kind);
  return c;
}

void check_target_name(const Target& t) {
  if (!valid_table_name(t.table) || (t.index && !valid_table_name(*t.index)))
    throw model::Error(model::kPqlInvalidTableName);
}

// SELECT's projection: paths, with their names in the results.
void bind_projection(TreeBuilder& b, const SelectStatement& s, BoundSelect& out) {
  if (s.star) return;
  expressions::Projection p;
  for (const Expr& e : s.projection) {
    if (e.kind != ExprKind::Path) fail_at(model::Error(model::kPqlUnexpectedPathComponent), e.position);
    for (const PathStep& st : e.steps) {
      if (st.kind == PathStep::Kind::Unpivot) throw model::Error(model::kPqlChangingHierarchy);
    }
    expressions::Path path = b.path(e);
    std::string name;
    for (const expressions::PathElement& el : path.elements) {
      if (el.is_index()) {
        name += "[" + el.text + "]";
      } else {
        name = el.name;
      }
    }
    if (std::find(out.output_names.begin(), out.output_names.end(), name) != out.output_names.end()) {
      throw model::pql_duplicate_select_names(name);
    }
    out.output_names.push_back(std::move(name));
    p.paths.push_back(std::move(path));
  }
  // DynamoDB's projection lists the paths last to first (its overlap message shows it).
  std::reverse(p.paths.begin(), p.paths.end());
  std::reverse(out.output_names.begin(), out.output_names.end());
  b.resolve(p, "Projection");
  out.projection = std::move(p);
}

// The key attributes a SELECT can read by: the table's or the index's.
struct ReadKeys {
  std::vector<model::KeyAttribute> hash;
  std::vector<model::KeyAttribute> range;
};

// Whether any comparison in the WHERE (under OR and NOT too) sets a key attribute of the read
// against a value of another type: DynamoDB Local refuses such a SELECT ("Condition parameter
// type does not match schema type") once the key conditions are taken out.
bool compares_key_with_other_type(const Node& n, const ReadKeys& keys) {
  auto key_type = [&](const Node& p) -> std::optional<ValueType> {
    const std::string* name = key_path(p);
    if (!name) return std::nullopt;
    for (const auto* list : {&keys.hash, &keys.range})
      for (const model::KeyAttribute& k : *list)
        if (k.name == *name) return k.type;
    return std::nullopt;
  };
  auto other = [](const Node& v, ValueType t) { return v.kind == NodeKind::Value && v.value.type() != t; };
  switch (n.kind) {
    case NodeKind::Compare:
      for (int side = 0; side < 2; ++side) {
        if (auto t = key_type(n.args[side]); t && other(n.args[1 - side], *t)) return true;
      }
      return false;
    case NodeKind::Between:
    case NodeKind::In:
      if (auto t = key_type(n.args[0])) {
        for (std::size_t i = 1; i < n.args.size(); ++i)
          if (other(n.args[i], *t)) return true;
      }
      return false;
    case NodeKind::And:
    case NodeKind::Or:
    case NodeKind::Not:
      for (const Node& a : n.args)
        if (compares_key_with_other_type(a, keys)) return true;
      return false;
    default:
      return false;
  }
}

void plan_select(BoundSelect& out, std::optional<expressions::Condition> where, const ReadKeys& keys,
                 const std::vector<OrderItem>& order_by, bool on_index) {
  std::vector<Node*> parts;
  if (where) conjuncts(where->root, parts);
  std::vector<bool> taken(parts.size(), false);
  std::vector<std::optional<Term>> terms;
  for (Node* p : parts) terms.push_back(key_term(*p));

  auto find = [&](const std::string& attribute, auto accept) -> int {
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (!taken[i] && terms[i] && terms[i]->attribute == attribute && accept(*terms[i])) return static_cast<int>(i);
    }
    return -1;
  };

  // The partition key: each attribute by = or IN.
  std::vector<std::vector<AttributeValue>> hash_values;
  bool hash_fixed = !keys.hash.empty();
  for (const model::KeyAttribute& k : keys.hash) {
    int i = find(k.name, [](const Term& t) { return t.in || t.op == KeyOperator::EQ; });
    if (i < 0) {
      hash_fixed = false;
      break;
    }
    for (const AttributeValue& v : terms[i]->values) check_key_value(k, v);
    hash_values.push_back(terms[i]->values);
    taken[i] = true;
  }
  if (!hash_fixed) std::fill(taken.begin(), taken.end(), false);

  // ORDER BY: the key attributes of what is read, with the partition key fixed.
  std::optional<bool> hash_descending, range_descending;
  if (!order_by.empty()) {
    if (!where) throw model::Error(model::kPqlOrderByWithoutWhere);
    if (!hash_fixed) throw model::Error(model::kPqlOrderByWithoutHashKey);
    for (const OrderItem& item : order_by) {
      if (item.expr.kind != ExprKind::Path || !item.expr.steps.empty()) {
        throw model::pql_order_by_not_path(node_type_name(item.expr));
      }
      const std::string& name = item.expr.text;
      auto named = [&](const model::KeyAttribute& k) { return k.name == name; };
      bool descending = item.descending.value_or(false);
      if (std::any_of(keys.hash.begin(), keys.hash.end(), named)) {
        if (!hash_descending) hash_descending = descending;
      } else if (std::any_of(keys.range.begin(), keys.range.end(), named)) {
        if (!range_descending) range_descending = descending;
      } else {
        throw model::pql_order_by_not_key(name);
      }
    }
  }

  if (!hash_fixed) {
    out.access = ReadAccess::Scan;
    out.filter = rest(parts, taken);
    return;
  }

  // The partitions: every combination of the partition key values, in key order (DynamoDB reads
  // the partitions of an IN one after the other, in ascending order; ORDER BY pk DESC reverses).
  std::vector<model::AttributeMap> partitions(1);
  for (std::size_t a = 0; a < keys.hash.size(); ++a) {
    std::vector<AttributeValue> values = hash_values[a];
    std::sort(values.begin(), values.end(), [](const AttributeValue& x, const AttributeValue& y) {
      return model::key_value_bytes(x) < model::key_value_bytes(y);
    });
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::vector<model::AttributeMap> next;
    for (const model::AttributeMap& p : partitions) {
      for (const AttributeValue& v : values) {
        model::AttributeMap m = p;
        m.emplace(keys.hash[a].name, v);
        next.push_back(std::move(m));
      }
    }
    partitions = std::move(next);
  }
  if (hash_descending.value_or(false)) std::reverse(partitions.begin(), partitions.end());
  out.forward = !range_descending.value_or(false);

  // A table read with the whole key fixed by = (or IN) is a GetItem per key.
  if (!on_index && keys.range.size() == 1) {
    int i = find(keys.range[0].name, [](const Term& t) { return t.in || t.op == KeyOperator::EQ; });
    if (i >= 0) {
      std::vector<AttributeValue> values = terms[i]->values;
      for (const AttributeValue& v : values) check_key_value(keys.range[0], v);
      std::sort(values.begin(), values.end(), [](const AttributeValue& x, const AttributeValue& y) {
        return model::key_value_bytes(x) < model::key_value_bytes(y);
      });
      values.erase(std::unique(values.begin(), values.end()), values.end());
      if (!out.forward) std::reverse(values.begin(), values.end());
      taken[i] = true;
      for (const model::AttributeMap& p : partitions) {
        for (const AttributeValue& v : values) {
          model::AttributeMap k = p;
          k.emplace(keys.range[0].name, v);
          out.keys.push_back(std::move(k));
        }
      }
      out.access = ReadAccess::GetItem;
      out.filter = rest(parts, taken);
      return;
    }
  }
  if (!on_index && keys.range.empty()) {
    out.keys = std::move(partitions);
    out.access = ReadAccess::GetItem;
    out.filter = rest(parts, taken);
    return;
  }

  // A Query per partition; the sort key: = on a prefix of its attributes, then one range condition.
  for (const model::KeyAttribute& k : keys.range) {
    int i = find(k.name, [](const Term& t) { return !t.in; });
    if (i < 0) break;
    const Term& t = *terms[i];
    if (t.op == KeyOperator::BEGINS_WITH && k.type == ValueType::N) break;
    for (const AttributeValue& v : t.values) check_key_value(k, v);
    out.sort_conditions.push_back(KeyConditionTerm{t.attribute, t.op, t.values});
    taken[i] = true;
    if (t.op != KeyOperator::EQ) break;
  }
  out.partitions = std::move(partitions);
  out.access = ReadAccess::Query;
  out.filter = rest(parts, taken);
}

// The `name = value` terms of a WHERE made only of them (only_equalities), values converted.
void equality_terms(const Expr& e, const Parameters& params, std::vector<std::pair<std::string, AttributeValue>>& out) {
  if (e.kind == ExprKind::And) {
    equality_terms(e.args[0], params, out);
    equality_terms(e.args[1], params, out);
    return;
  }
  const bool path_first = e.args[0].kind == ExprKind::Path;
  const Expr& path = e.args[path_first ? 0 : 1];
  out.emplace_back(path.text, to_attribute_value(e.args[path_first ? 1 : 0], params));
}

// The key of a WHERE that is exactly one `=` on each key attribute (the common read by key),
// found without building a condition tree; nullopt for any other WHERE.
std::optional<model::AttributeMap> exact_key(std::vector<std::pair<std::string, AttributeValue>>& terms,
                                             const model::KeySchema& schema) {
  if (terms.size() != (schema.range ? 2u : 1u)) return std::nullopt;
  model::AttributeMap key;
  for (auto& [name, value] : terms) {
    const model::KeyAttribute* k = name == schema.hash.name                     ? &schema.hash
                                   : schema.range && name == schema.range->name ? &*schema.range
                                                                                : nullptr;
    if (!k || key.count(name)) return std::nullopt;
    check_key_value(*k, value);
    key.emplace(name, std::move(value));
  }
  return key;
}

BoundSelect bind_select(const SelectStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                        std::optional<model::Error>& deferred) {
  check_target_name(s.from);
  BoundSelect out;
  out.table = s.from.table;
  out.index = s.from.index;
  TreeBuilder b(params);
  bind_projection(b, s, out);
  if (context == Context::Single && s.where && !s.from.index && s.order_by.empty() && only_equalities(*s.where)) {
    std::vector<std::pair<std::string, AttributeValue>> terms;
    equality_terms(*s.where, params, terms);
    const TableShape& table = lookup.table(s.from.table);
    if (std::optional<model::AttributeMap> key = exact_key(terms, table.key)) {
      out.access = ReadAccess::GetItem;
      out.keys.push_back(std::move(*key));
      return out;
    }
  }
  std::optional<expressions::Condition> where =
      where_condition(b, s.where, "Filter", expressions::ExpressionKind::Filter);
  const TableShape& table = lookup.table(s.from.table);
  // An index whose key has several HASH or RANGE attributes cannot be read with PartiQL; in a
  // batch this comes ahead of the batch's own rules (which refuse any other index, and an unknown
  // one, in their own words).
  const IndexShape* index = nullptr;
  if (s.from.index) {
    try {
      index = &lookup.index(table, *s.from.index);
    } catch (const model::Error&) {
      if (context == Context::Single) throw;
    }
    if (index && (index->hash.size() > 1 || index->range.size() > 1)) throw model::Error(model::kPqlMultiAttributeKey);
  }
  if (context != Context::Single) {
    // Batches and transactions read one item by its key, and nothing else.
    const bool tx = context == Context::Transaction;
    const model::FixedError& not_single = tx ? model::kPqlTransactionSelectKey : model::kPqlBatchSingleItem;
    if (s.from.index) throw model::Error(tx ? model::kPqlTransactionIndex : not_single);
    ItemKey k = single_item_key(std::move(where), table.key, not_single, tx);
    if (k.rest) throw model::Error(not_single);
    deferred = std::move(k.invalid);
    out.access = ReadAccess::GetItem;
    out.keys.push_back(std::move(k.key));
    return out;
  }
  ReadKeys keys;
  if (index) {
    keys.hash = index->hash;
    keys.range = index->range;
  } else {
    keys.hash = {table.key.hash};
    if (table.key.range) keys.range = {*table.key.range};
  }
  const bool mismatch = where && compares_key_with_other_type(where->root, keys);
  plan_select(out, std::move(where), keys, s.order_by, s.from.index.has_value());
  if (mismatch) throw model::Error(model::kKeyConditionTypeMismatch);
  return out;
}

void check_dml_target(const Target& t) {
  check_target_name(t);
  if (t.index) throw model::Error(model::kPqlNotOnIndex);
}

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
  std::optional<expressions::Condition> where =
      where_condition(b, s.where, "Condition", expressions::ExpressionKind::Condition);
  b.resolve(update, "Update");
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
  std::optional<expressions::Condition> where =
      where_condition(b, s.where, "Condition", expressions::ExpressionKind::Condition);
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
  std::optional<expressions::Condition> where =
      where_condition(b, s.select.where, "Condition", expressions::ExpressionKind::Condition);
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
        if constexpr (std::is_same_v<T, SelectStatement>) out.body = bind_select(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, InsertStatement>) out.body = bind_insert(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, UpdateStatement>) out.body = bind_update(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, DeleteStatement>) out.body = bind_delete(s, params, lookup, context, d);
        if constexpr (std::is_same_v<T, ExistsStatement>) out.body = bind_exists(s, params, lookup, context, d);
      },
      statement.body);
  return out;
}

}  // namespace minnow::partiql
