#include "expressions/search_condition.h"

#include "model/vector_errors.h"

namespace minnow::expressions {

namespace {

const char* operator_text(const Node& n) {
  switch (n.kind) {
    case NodeKind::Or:
      return "OR";
    case NodeKind::Not:
      return "NOT";
    case NodeKind::In:
      return "IN";
    case NodeKind::Between:
      return "BETWEEN";
    case NodeKind::Plus:
      return "+";
    case NodeKind::Minus:
      return "-";
    case NodeKind::Compare:
      return comparator_text(n.comparator);
    default:
      return nullptr;
  }
}

void check_operand(const Node& operand) {
  if (operand.kind == NodeKind::Call) throw model::search_condition_invalid_operator(operand.text);
  if (const char* op = operator_text(operand)) throw model::search_condition_invalid_operator(op);
}

void collect(const Node& n, std::vector<SearchConditionTerm>& out) {
  if (n.kind == NodeKind::And) {
    collect(n.args[0], out);
    collect(n.args[1], out);
    return;
  }
  if (n.kind == NodeKind::Call) throw model::search_condition_invalid_operator(n.text);
  if (n.kind == NodeKind::Compare && n.comparator != Comparator::Eq)
    throw model::Error(model::kSearchConditionInvalidComparator);
  if (n.kind != NodeKind::Compare) throw model::search_condition_invalid_operator(operator_text(n) ? operator_text(n) : "?");
  const Node& left = n.args[0];
  const Node& right = n.args[1];
  check_operand(left);
  check_operand(right);
  if (left.kind == NodeKind::Path && right.kind == NodeKind::Path)
    throw model::Error(model::kSearchConditionMultipleNames);
  if (left.kind != NodeKind::Path && right.kind != NodeKind::Path)
    throw model::Error(model::kSearchConditionNoAttribute);
  const Node& path = left.kind == NodeKind::Path ? left : right;
  const Node& value = left.kind == NodeKind::Path ? right : left;
  if (path.path.elements.size() > 1) throw model::Error(model::kSearchConditionNestedAttributes);
  const std::string& attribute = path.path.elements[0].name;
  for (const SearchConditionTerm& t : out)
    if (t.attribute == attribute) throw model::Error(model::kSearchConditionOnePerAttribute);
  out.push_back({attribute, value.value});
}

}  // namespace

std::vector<SearchConditionTerm> search_condition_terms(const Condition& condition) {
  std::vector<SearchConditionTerm> out;
  collect(condition.root, out);
  return out;
}

}  // namespace minnow::expressions
