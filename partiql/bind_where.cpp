// The WHERE clause and the key (partiql/binding.h): its conjuncts, the terms a key can be read
// by, one item's key, and the WHERE as a resolved condition.
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

}  // namespace

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

// `incomplete` is the error for a WHERE without the whole key (it depends on the statement).
// `defer`: a key value's error goes to ItemKey::invalid instead of being thrown (transactions).
ItemKey single_item_key(std::optional<expressions::Condition> where, const model::KeySchema& schema,
                        const model::FixedError& incomplete, bool defer) {
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
                                                      expressions::ExpressionKind kind) {
  if (!where) return std::nullopt;
  expressions::Condition c;
  if (only_equalities(*where)) {
    TreeBuilder direct(b.parameters(), TreeBuilder::Mode::Direct);
    c.root = direct.condition(*where);
    return c;
  }
  c.root = b.condition(*where);
  b.resolve(c, kind);
  return c;
}

void check_target_name(const Target& t) {
  if (!valid_table_name(t.table) || (t.index && !valid_table_name(*t.index)))
    throw model::Error(model::kPqlInvalidTableName);
}

}  // namespace minnow::partiql::binding
