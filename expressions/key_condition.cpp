#include "expressions/key_condition.h"

#include <set>

#include "model/expression_errors.h"

namespace minnow::expressions {

using model::KeyOperator;

namespace {

const std::string& head(const Path& p) { return p.elements[0].name; }

// DynamoDB's structure checks (captured in 2020 by dynalite's checkExpr), node by node from the
// left: an operator or function a key condition cannot use, a function used as an operand, a
// BETWEEN or begins_with without the key first; then the operands: a second attribute name, a
// nested path; then a condition naming no attribute, or a key already used.
void shape(const Node& n, std::set<std::string>& keys, std::size_t& count) {
  switch (n.kind) {
    case NodeKind::Or:
      throw model::key_condition_invalid_operator("OR");
    case NodeKind::Not:
      throw model::key_condition_invalid_operator("NOT");
    case NodeKind::In:
      throw model::key_condition_invalid_operator("IN");
    case NodeKind::Compare:
      if (n.comparator == Comparator::Ne) throw model::key_condition_invalid_operator("<>");
      break;
    case NodeKind::Call:
      if (n.function == Function::Size) throw model::Error(model::kKeyConditionNestedOperations);
      if (n.function != Function::BeginsWith) throw model::key_condition_invalid_operator(n.text);
      if (n.args[0].kind != NodeKind::Path) throw model::key_condition_first_operand("begins_with");
      break;
    case NodeKind::Between:
      if (n.args[0].kind != NodeKind::Path) throw model::key_condition_first_operand("BETWEEN");
      break;
    default:
      break;
  }
  const Path* attribute = nullptr;
  for (const Node& a : n.args) {
    if (a.kind == NodeKind::Path) {
      if (attribute) throw model::Error(model::kKeyConditionMultipleNames);
      if (a.path.elements.size() > 1) throw model::Error(model::kKeyConditionNestedAttributes);
      attribute = &a.path;
    } else if (a.kind != NodeKind::Value) {
      shape(a, keys, count);
    }
  }
  if (n.kind == NodeKind::And) return;
  if (!attribute) throw model::Error(model::kKeyConditionNoKeyAttribute);
  if (!keys.insert(head(*attribute)).second) throw model::Error(model::kKeyConditionOnePerKey);
  ++count;
}

// The terms of a condition check_key_condition_shape has accepted: ANDs of comparisons,
// BETWEENs and begins_with, each on one top-level key attribute.
void terms(const Node& n, std::vector<KeyConditionTerm>& out) {
  if (n.kind == NodeKind::And) {
    terms(n.args[0], out);
    terms(n.args[1], out);
    return;
  }
  KeyConditionTerm t;
  const Node* key = &n.args[0];
  if (n.kind == NodeKind::Call) {  // begins_with
    t.op = KeyOperator::BEGINS_WITH;
    t.values.push_back(n.args[1].value);
  } else if (n.kind == NodeKind::Between) {
    t.op = KeyOperator::BETWEEN;
    t.values.push_back(n.args[1].value);
    t.values.push_back(n.args[2].value);
  } else {  // a comparison, the key on either side (written on the right: the operator flips)
    const bool flipped = n.args[0].kind != NodeKind::Path;
    key = &n.args[flipped ? 1 : 0];
    t.values.push_back(n.args[flipped ? 0 : 1].value);
    switch (n.comparator) {
      case Comparator::Lt:
        t.op = flipped ? KeyOperator::GT : KeyOperator::LT;
        break;
      case Comparator::Le:
        t.op = flipped ? KeyOperator::GE : KeyOperator::LE;
        break;
      case Comparator::Gt:
        t.op = flipped ? KeyOperator::LT : KeyOperator::GT;
        break;
      case Comparator::Ge:
        t.op = flipped ? KeyOperator::LE : KeyOperator::GE;
        break;
      default:  // = (<> was refused by the shape check)
        t.op = KeyOperator::EQ;
        break;
    }
  }
  t.attribute = head(key->path);
  out.push_back(std::move(t));
}

}  // namespace

void check_key_condition_shape(const Condition& c) {
  std::set<std::string> keys;
  std::size_t count = 0;
  shape(c.root, keys, count);
  // Up to 4 HASH and 4 RANGE attributes (a multi-attribute GSI key); Query checks the count
  // against the key it reads once the table is known, as DynamoDB does since those keys exist.
  if (count > kMaxKeyConditionTerms) throw model::Error(model::kKeyConditionsLength);
}

std::vector<KeyConditionTerm> key_condition_terms(const Condition& c) {
  std::vector<KeyConditionTerm> out;
  terms(c.root, out);
  return out;
}

}  // namespace minnow::expressions
