// PartiQL expressions to DynamoDB expression trees (partiql/binding.h's TreeBuilder).
#include <algorithm>
#include <climits>
#include <map>

#include "expressions/functions.h"
#include "expressions/parser.h"
#include "expressions/resolve.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/partiql_errors.h"
#include "partiql/binding.h"
#include "partiql/lexer.h"

namespace minnow::partiql::binding {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c | 0x20) : c;
  return out;
}

expressions::Path TreeBuilder::path(const Expr& e) {
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

Node TreeBuilder::value_node(AttributeValue v, const Position& p) {
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

Node TreeBuilder::path_node(const Expr& e) {
  Node n;
  n.kind = NodeKind::Path;
  n.path = path(e);
  return n;
}

Node TreeBuilder::operand(const Expr& e) {
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

bool TreeBuilder::is_condition(const Expr& e) {
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

Node TreeBuilder::condition(const Expr& e) {
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

Node TreeBuilder::call(const Expr& e, Node (TreeBuilder::*argument)(const Expr&)) {
  std::string name = lower(e.text);
  Function f = expressions::function_from_name(name);
  if (f == Function::Unknown) fail_at(model::pql_unrecognized_function(name), e.position);
  Node n = expressions::function_call(f, {});
  for (const Expr& a : e.args) n.args.push_back((this->*argument)(a));
  return n;
}

Node TreeBuilder::is(const Expr& e) {
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

Node TreeBuilder::constant(bool holds) {
  Node n;
  n.kind = NodeKind::Compare;
  n.comparator = holds ? Comparator::Eq : Comparator::Ne;
  n.args.push_back(value_node(AttributeValue(model::Null{}), {}));
  n.args.push_back(value_node(AttributeValue(model::Null{}), {}));
  return n;
}

Node TreeBuilder::update_value(const Expr& e) {
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

expressions::PathElement TreeBuilder::name_element(const std::string& name, const Position& p) {
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

expressions::PathElement TreeBuilder::index_element(const Expr& b) {
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

std::optional<Node> TreeBuilder::condition_compared_with_boolean(const Expr& e) {
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

Node TreeBuilder::negate_if(Node n, bool negated) {
  if (!negated) return n;
  Node out;
  out.kind = NodeKind::Not;
  out.args.push_back(std::move(n));
  return out;
}

}  // namespace minnow::partiql::binding
