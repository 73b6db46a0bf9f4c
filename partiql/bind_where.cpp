// The WHERE clause and the key (partiql/binding.h): the WHERE bound once (bind_where: its
// conjuncts, the terms a key can be read by, what it compares), one item's key, and the rest.
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

bool valid_table_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 255) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
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

// Every comparison of a top-level attribute with a value in `n`, under AND, OR and NOT too.
void compared_values(const Node& n, std::vector<std::pair<std::string, ValueType>>& out) {
  switch (n.kind) {
    case NodeKind::Compare:
      for (int side = 0; side < 2; ++side) {
        const std::string* name = key_path(n.args[side]);
        const Node& other = n.args[1 - side];
        if (name && other.kind == NodeKind::Value) out.emplace_back(*name, other.value.type());
      }
      return;
    case NodeKind::Between:
    case NodeKind::In:
      if (const std::string* name = key_path(n.args[0])) {
        for (std::size_t i = 1; i < n.args.size(); ++i)
          if (n.args[i].kind == NodeKind::Value) out.emplace_back(*name, n.args[i].value.type());
      }
      return;
    case NodeKind::And:
    case NodeKind::Or:
    case NodeKind::Not:
      for (const Node& a : n.args) compared_values(a, out);
      return;
    default:
      return;
  }
}

// The conjuncts of an equalities-only WHERE: each an = term, values converted left to right.
void equality_conjuncts(const Expr& e, const Parameters& params, std::vector<Conjunct>& out) {
  if (e.kind == ExprKind::And) {
    equality_conjuncts(e.args[0], params, out);
    equality_conjuncts(e.args[1], params, out);
    return;
  }
  const bool path_first = e.args[0].kind == ExprKind::Path;
  Term t;
  t.attribute = e.args[path_first ? 0 : 1].text;
  t.values.push_back(to_attribute_value(e.args[path_first ? 1 : 0], params));
  Conjunct& c = out.emplace_back();
  c.term = std::move(t);
  c.source = &e;
}

}  // namespace

Where bind_where(TreeBuilder& b, const std::optional<Expr>& where, expressions::ExpressionKind kind) {
  Where out;
  if (!where) return out;
  out.present = true;
  if (only_equalities(*where)) {
    out.equalities_only = true;
    out.params = &b.parameters();
    equality_conjuncts(*where, b.parameters(), out.conjuncts);
    return out;
  }
  expressions::Condition condition;
  condition.root = b.condition(*where);
  b.resolve(condition, kind);
  std::vector<Node*> parts;
  conjuncts(condition.root, parts);
  out.conjuncts.reserve(parts.size());
  for (Node* p : parts) {
    Conjunct& c = out.conjuncts.emplace_back();
    c.term = key_term(*p);
    compared_values(*p, out.compared);
    c.node = std::move(*p);  // the parts are disjoint subtrees: the others stay valid
  }
  return out;
}

std::optional<expressions::Condition> Where::rest() {
  std::optional<TreeBuilder> direct;  // equalities_only: builds the = terms left in the rest
  std::optional<Node> out;
  for (Conjunct& c : conjuncts) {
    if (c.taken) continue;
    Node n;
    if (c.source) {
      if (!direct) direct.emplace(*params, TreeBuilder::Mode::Direct);
      n = direct->condition(*c.source);
    } else {
      n = std::move(c.node);
    }
    if (!out) {
      out = std::move(n);
      continue;
    }
    Node a;
    a.kind = NodeKind::And;
    a.args.push_back(std::move(*out));
    a.args.push_back(std::move(n));
    out = std::move(a);
  }
  if (!out) return std::nullopt;
  expressions::Condition result;
  result.root = std::move(*out);
  return result;
}

void check_key_value(const model::KeyAttribute& key, const AttributeValue& v) {
  if (v.type() != key.type) throw model::pql_key_type_mismatch(key.name);
  if (model::is_empty_scalar(v)) throw model::key_empty_value(key.name, v.type());
}

// `incomplete` is the error for a WHERE without the whole key (it depends on the statement).
// `defer`: a key value's error goes to ItemKey::invalid instead of being thrown (transactions).
ItemKey single_item_key(Where where, const model::KeySchema& schema, const model::FixedError& incomplete,
                        bool defer) {
  if (!where.present) throw model::Error(incomplete);
  ItemKey out;
  std::vector<model::KeyAttribute> keys = {schema.hash};
  if (schema.range) keys.push_back(*schema.range);
  for (Conjunct& c : where.conjuncts) {
    const std::optional<Term>& t = c.term;
    if (!t || t->in || t->op != KeyOperator::EQ) continue;
    for (const model::KeyAttribute& k : keys) {
      if (t->attribute != k.name) continue;
      auto it = out.key.find(k.name);
      // The same key twice is fine when it says the same.
      if (it != out.key.end() && !(it->second == t->values[0])) throw model::pql_multiple_key_conditions(k.name);
      if (it == out.key.end()) out.key.emplace(k.name, t->values[0]);
      c.taken = true;
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
  out.rest = where.rest();
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

void check_target_name(const Target& t) {
  if (!valid_table_name(t.table) || (t.index && !valid_table_name(*t.index)))
    throw model::Error(model::kPqlInvalidTableName);
}

}  // namespace minnow::partiql::binding
