#include "expressions/legacy.h"

#include <algorithm>

#include "expressions/functions.h"
#include "expressions/set_members.h"
#include "model/expression_errors.h"

namespace minnow::expressions {

using model::AttributeValue;
using model::ValueType;

namespace {

struct OperatorRule {
  const char* name;
  int min_args, max_args;     // max -1: unbounded
  const char* allowed_types;  // space separated; empty: any
};

// EQ and NE compare values of every type, lists, maps, booleans and nulls included (DynamoDB;
// dynalite refuses the last four).
const OperatorRule kRules[] = {
    {"EQ", 1, 1, ""},
    {"NE", 1, 1, ""},
    {"LE", 1, 1, "S N B"},
    {"LT", 1, 1, "S N B"},
    {"GE", 1, 1, "S N B"},
    {"GT", 1, 1, "S N B"},
    {"NOT_NULL", 0, 0, ""},
    {"NULL", 0, 0, ""},
    {"CONTAINS", 1, 1, "S N B"},
    {"NOT_CONTAINS", 1, 1, "S N B"},
    {"BEGINS_WITH", 1, 1, "S B"},
    {"IN", 1, -1, "S N B"},
    {"BETWEEN", 2, 2, "S N B"},
};

const OperatorRule* rule(const std::string& op) {
  for (const OperatorRule& r : kRules)
    if (op == r.name) return &r;
  return nullptr;
}

bool type_allowed(const OperatorRule& r, ValueType t) {
  std::string_view allowed = r.allowed_types;
  if (allowed.empty()) return true;
  std::string name = model::value_type_name(t);
  std::size_t pos = 0;
  while (pos <= allowed.size()) {
    std::size_t end = allowed.find(' ', pos);
    if (end == std::string_view::npos) end = allowed.size();
    if (allowed.substr(pos, end - pos) == name) return true;
    pos = end + 1;
  }
  return false;
}

int compare_scalar(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() == ValueType::N) return a.as<model::Number>().compare(b.as<model::Number>());
  const std::string& x = a.type() == ValueType::S ? a.as<std::string>() : a.as<model::Binary>().bytes;
  const std::string& y = b.type() == ValueType::S ? b.as<std::string>() : b.as<model::Binary>().bytes;
  return x.compare(y);
}

Node path_node(const std::string& attribute) {
  Node n;
  n.kind = NodeKind::Path;
  PathElement e;
  e.kind = PathElement::Kind::Name;
  e.text = attribute;
  e.name = attribute;
  n.path.elements.push_back(std::move(e));
  return n;
}

Node value_node(const AttributeValue& v, int& counter) {
  Node n;
  n.kind = NodeKind::Value;
  n.text = ":legacy" + std::to_string(counter++);
  n.value = v;
  return n;
}

Node combine(NodeKind kind, Node a, Node b) {
  Node n;
  n.kind = kind;
  n.args.push_back(std::move(a));
  n.args.push_back(std::move(b));
  return n;
}

Node not_node(Node c) {
  Node n;
  n.kind = NodeKind::Not;
  c.parens = c.kind == NodeKind::Call ? 0 : 1;
  n.args.push_back(std::move(c));
  return n;
}

}  // namespace

void check_comparison(const std::string& op, const std::vector<AttributeValue>& args) {
  const OperatorRule* r = rule(op);
  int n = static_cast<int>(args.size());
  if (!r || n < r->min_args || (r->max_args >= 0 && n > r->max_args)) {
    throw model::legacy_invalid(model::legacy_argument_count(op));
  }
  for (const AttributeValue& a : args)
    if (a.type() != args[0].type()) throw model::legacy_invalid(model::kLegacyListSameType);
  for (const AttributeValue& a : args)
    if (!type_allowed(*r, a.type()))
      throw model::legacy_invalid(model::legacy_operator_type(op, model::value_type_name(a.type())));
  if (op == "BETWEEN" && compare_scalar(args[0], args[1]) > 0) throw model::Error(model::kLegacyBetweenOrder);
}

namespace {

void validate(const ExpectedCondition& c) {
  const std::string& key = c.attribute;
  if (c.attribute_value_list && c.value) throw model::legacy_invalid(model::legacy_value_and_list(key));
  if (c.comparison_operator) {
    const std::string& op = *c.comparison_operator;
    if (c.exists) throw model::legacy_invalid(model::legacy_exists_and_operator(key));
    if (op != "NULL" && op != "NOT_NULL" && !c.attribute_value_list && !c.value) {
      throw model::legacy_invalid(model::legacy_operator_needs_value(op, key));
    }
    std::vector<AttributeValue> args = c.attribute_value_list ? *c.attribute_value_list : std::vector<AttributeValue>{};
    if (c.value) args.push_back(*c.value);
    check_comparison(op, args);
    return;
  }
  if (c.attribute_value_list) throw model::legacy_invalid(model::legacy_list_without_operator(key));
  bool exists = !c.exists || *c.exists;
  if (exists && !c.value) throw model::legacy_invalid(model::legacy_value_required(c.exists ? "true" : "null", key));
  if (!exists && c.value) throw model::legacy_invalid(model::legacy_value_with_exists_false(key));
}

Node translate(const ExpectedCondition& c, int& counter) {
  Node path = path_node(c.attribute);
  if (!c.comparison_operator) {
    if (c.exists && !*c.exists) return function_call(Function::AttributeNotExists, {path});
    Node n;
    n.kind = NodeKind::Compare;
    n.comparator = Comparator::Eq;
    n.args.push_back(std::move(path));
    n.args.push_back(value_node(*c.value, counter));
    return n;
  }
  const std::string& op = *c.comparison_operator;
  std::vector<AttributeValue> args = c.attribute_value_list ? *c.attribute_value_list : std::vector<AttributeValue>{};
  if (c.value) args.push_back(*c.value);
  auto compare = [&](Comparator cmp) {
    Node n;
    n.kind = NodeKind::Compare;
    n.comparator = cmp;
    n.args.push_back(path);
    n.args.push_back(value_node(args[0], counter));
    return n;
  };
  if (op == "EQ") return compare(Comparator::Eq);
  if (op == "NE") return compare(Comparator::Ne);
  if (op == "LE") return compare(Comparator::Le);
  if (op == "LT") return compare(Comparator::Lt);
  if (op == "GE") return compare(Comparator::Ge);
  if (op == "GT") return compare(Comparator::Gt);
  if (op == "NOT_NULL") return function_call(Function::AttributeExists, {path});
  if (op == "NULL") return function_call(Function::AttributeNotExists, {path});
  if (op == "CONTAINS") return function_call(Function::Contains, {path, value_node(args[0], counter)});
  if (op == "NOT_CONTAINS") {
    Node exists = function_call(Function::AttributeExists, {path});
    Node has = function_call(Function::Contains, {path, value_node(args[0], counter)});
    return combine(NodeKind::And, std::move(exists), not_node(std::move(has)));
  }
  if (op == "BEGINS_WITH") return function_call(Function::BeginsWith, {path, value_node(args[0], counter)});
  Node n;
  n.kind = op == "IN" ? NodeKind::In : NodeKind::Between;
  n.args.push_back(std::move(path));
  for (const AttributeValue& a : args) n.args.push_back(value_node(a, counter));
  return n;
}


}  // namespace

Condition condition_from_expected(const std::vector<ExpectedCondition>& expected, bool conditional_or) {
  for (const ExpectedCondition& c : expected) validate(c);
  Condition out;
  int counter = 0;
  bool first = true;
  for (const ExpectedCondition& c : expected) {
    Node n = translate(c, counter);
    if (n.kind == NodeKind::Or || (n.kind == NodeKind::And && conditional_or)) n.parens = 1;
    if (first) {
      out.root = std::move(n);
      first = false;
    } else {
      out.root = combine(conditional_or ? NodeKind::Or : NodeKind::And, std::move(out.root), std::move(n));
    }
  }
  return out;
}

Projection projection_from_attributes_to_get(const std::vector<std::string>& attributes) {
  Projection p;
  for (const std::string& a : attributes) p.paths.push_back(path_node(a).path);
  return p;
}

void validate_attribute_updates(const std::vector<AttributeUpdate>& updates) {
  for (const AttributeUpdate& u : updates) {
    if (!u.value) {
      if (u.action != "DELETE") throw model::legacy_invalid(model::kLegacyUpdateWithoutValue);
      continue;
    }
    ValueType t = u.value->type();
    bool set = t == ValueType::SS || t == ValueType::NS || t == ValueType::BS;
    if (u.action == "ADD" && !(set || t == ValueType::N || t == ValueType::L)) {
      throw model::legacy_invalid(model::legacy_update_type("ADD", model::value_type_name(t)));
    }
    if (u.action == "DELETE" && !set)
      throw model::legacy_invalid(model::legacy_update_type("DELETE", model::value_type_name(t)));
  }
}

model::Item apply_attribute_updates(const std::vector<AttributeUpdate>& updates, const model::Item& old_item) {
  validate_attribute_updates(updates);
  model::Item item = old_item;
  for (const AttributeUpdate& u : updates) {
    auto it = item.find(u.attribute);
    if (u.action == "PUT") {
      item.insert_or_assign(u.attribute, *u.value);
    } else if (u.action == "DELETE") {
      if (!u.value) {
        if (it != item.end()) item.erase(it);
        continue;
      }
      if (it == item.end()) continue;
      AttributeValue& cur = it->second;
      if (cur.type() != u.value->type()) throw model::Error(model::kLegacyUpdateTypeMismatch);
      bool empty = false;
      switch (cur.type()) {
        case ValueType::SS:
          subtract(cur.as<model::StringSet>().values, u.value->as<model::StringSet>().values, same_bytes);
          empty = cur.as<model::StringSet>().values.empty();
          break;
        case ValueType::NS:
          subtract(cur.as<model::NumberSet>().values, u.value->as<model::NumberSet>().values, same_number);
          empty = cur.as<model::NumberSet>().values.empty();
          break;
        default:
          subtract(cur.as<model::BinarySet>().values, u.value->as<model::BinarySet>().values, same_bytes);
          empty = cur.as<model::BinarySet>().values.empty();
          break;
      }
      if (empty) item.erase(it);
    } else {  // ADD
      if (it == item.end()) {
        item.emplace(u.attribute, *u.value);
        continue;
      }
      AttributeValue& cur = it->second;
      if (cur.type() != u.value->type()) throw model::Error(model::kLegacyUpdateTypeMismatch);
      switch (cur.type()) {
        case ValueType::N:
          cur = AttributeValue(cur.as<model::Number>().add(u.value->as<model::Number>()));
          break;
        case ValueType::SS:
          unite(cur.as<model::StringSet>().values, u.value->as<model::StringSet>().values);
          break;
        case ValueType::NS:
          unite(cur.as<model::NumberSet>().values, u.value->as<model::NumberSet>().values);
          break;
        case ValueType::BS:
          unite(cur.as<model::BinarySet>().values, u.value->as<model::BinarySet>().values);
          break;
        default: {
          auto& l = cur.as<model::AttributeList>();
          const auto& add = u.value->as<model::AttributeList>();
          l.insert(l.end(), add.begin(), add.end());
        }
      }
    }
  }
  return item;
}

}  // namespace minnow::expressions
