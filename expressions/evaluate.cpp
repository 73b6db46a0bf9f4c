#include "expressions/evaluate.h"

#include <algorithm>
#include <charconv>
#include <optional>

#include "expressions/functions.h"

namespace minnow::expressions {

using model::AttributeValue;
using model::ValueType;

const AttributeValue* find_path(const model::Item& item, const Path& path) {
  const auto& first = path.elements[0];
  auto it = item.find(first.name);
  if (it == item.end()) return nullptr;
  const AttributeValue* v = &it->second;
  for (std::size_t i = 1; i < path.elements.size(); ++i) {
    const PathElement& e = path.elements[i];
    if (e.is_index()) {
      if (!v->is<model::AttributeList>()) return nullptr;
      const auto& list = v->as<model::AttributeList>();
      if (e.index >= list.size()) return nullptr;
      v = &list[e.index];
    } else {
      if (!v->is<model::AttributeMap>()) return nullptr;
      const auto& map = v->as<model::AttributeMap>();
      auto m = map.find(e.name);
      if (m == map.end()) return nullptr;
      v = &m->second;
    }
  }
  return v;
}

namespace {

// An operand's value: a pointer into the item or the expression, or a computed size().
struct Operand {
  const AttributeValue* ptr = nullptr;
  std::optional<AttributeValue> computed;  // engaged only for size()
  const AttributeValue* get() const { return ptr; }
};

void eval_operand(const Node& n, const model::Item* item, Operand& out) {
  switch (n.kind) {
    case NodeKind::Path:
      out.ptr = item ? find_path(*item, n.path) : nullptr;
      return;
    case NodeKind::Value:
      out.ptr = &n.value;
      return;
    case NodeKind::Call: {
      const FunctionDefinition* f = function_definition(n.function);
      if (f && f->value) {
        Operand arg;
        eval_operand(n.args[0], item, arg);
        out.computed = f->value(arg.get());
        out.ptr = out.computed ? &*out.computed : nullptr;
        return;
      }
      out.ptr = nullptr;
      return;
    }
    default:
      out.ptr = nullptr;
      return;
  }
}

bool ordered_type(ValueType t) { return t == ValueType::N || t == ValueType::S || t == ValueType::B; }

// -2 when not comparable.
int compare_values(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b || a->type() != b->type() || !ordered_type(a->type())) return -2;
  if (a->type() == ValueType::N) return a->as<model::Number>().compare(b->as<model::Number>());
  int c = model::bytes_of(*a).compare(model::bytes_of(*b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool equal_values(const AttributeValue* a, const AttributeValue* b) {
  return a && b && a->type() == b->type() && *a == *b;
}

bool eval_call(const Node& n, const model::Item* item) {
  const FunctionDefinition* f = function_definition(n.function);
  if (!f || !f->test) return false;
  Operand a, b;
  eval_operand(n.args[0], item, a);
  if (f->arity == 2) eval_operand(n.args[1], item, b);
  return f->test(a.get(), b.get());
}

}  // namespace

bool evaluate(const Node& n, const model::Item* item) {
  switch (n.kind) {
    case NodeKind::And:
      return evaluate(n.args[0], item) && evaluate(n.args[1], item);
    case NodeKind::Or:
      return evaluate(n.args[0], item) || evaluate(n.args[1], item);
    case NodeKind::Not:
      return !evaluate(n.args[0], item);
    case NodeKind::Call:
      return eval_call(n, item);
    case NodeKind::Compare: {
      Operand a, b;
      eval_operand(n.args[0], item, a);
      eval_operand(n.args[1], item, b);
      switch (n.comparator) {
        case Comparator::Eq:
          return equal_values(a.get(), b.get());
        case Comparator::Ne:
          return !equal_values(a.get(), b.get());
        case Comparator::Lt:
          return compare_values(a.get(), b.get()) == -1;
        case Comparator::Le: {
          int c = compare_values(a.get(), b.get());
          return c == -1 || c == 0;
        }
        case Comparator::Gt:
          return compare_values(a.get(), b.get()) == 1;
        case Comparator::Ge: {
          int c = compare_values(a.get(), b.get());
          return c == 1 || c == 0;
        }
      }
      return false;
    }
    case NodeKind::Between: {
      Operand x, lo, hi;
      eval_operand(n.args[0], item, x);
      eval_operand(n.args[1], item, lo);
      eval_operand(n.args[2], item, hi);
      int c1 = compare_values(x.get(), lo.get());
      int c2 = compare_values(x.get(), hi.get());
      return (c1 == 0 || c1 == 1) && (c2 == 0 || c2 == -1);
    }
    case NodeKind::In: {
      Operand x;
      eval_operand(n.args[0], item, x);
      if (!x.get()) return false;
      for (std::size_t i = 1; i < n.args.size(); ++i) {
        Operand y;
        eval_operand(n.args[i], item, y);
        if (equal_values(x.get(), y.get())) return true;
      }
      return false;
    }
    default:
      return false;
  }
}

bool evaluate(const Condition& c, const model::Item* item) { return evaluate(c.root, item); }

}  // namespace minnow::expressions
