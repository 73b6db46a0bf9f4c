#include "expressions/evaluate.h"

#include <algorithm>
#include <charconv>
#include <optional>

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

std::size_t utf8_chars(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

// size() of a value, or -1 when the type has no size.
long long size_of(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::S:
      return static_cast<long long>(utf8_chars(v.as<std::string>()));
    case ValueType::B:
      return static_cast<long long>(v.as<model::Binary>().bytes.size());
    case ValueType::SS:
      return static_cast<long long>(v.as<model::StringSet>().values.size());
    case ValueType::NS:
      return static_cast<long long>(v.as<model::NumberSet>().values.size());
    case ValueType::BS:
      return static_cast<long long>(v.as<model::BinarySet>().values.size());
    case ValueType::L:
      return static_cast<long long>(v.as<model::AttributeList>().size());
    case ValueType::M:
      return static_cast<long long>(v.as<model::AttributeMap>().size());
    default:
      return -1;
  }
}

void eval_operand(const Node& n, const model::Item* item, Operand& out) {
  switch (n.kind) {
    case NodeKind::Path:
      out.ptr = item ? find_path(*item, n.path) : nullptr;
      return;
    case NodeKind::Value:
      out.ptr = &n.value;
      return;
    case NodeKind::Call:
      if (n.function == Function::Size) {
        Operand arg;
        eval_operand(n.args[0], item, arg);
        long long s = arg.get() ? size_of(*arg.get()) : -1;
        if (s < 0) {
          out.ptr = nullptr;
          return;
        }
        char buf[24];
        auto r = std::to_chars(buf, buf + sizeof buf, s);
        out.computed.emplace(model::Number::parse(std::string_view(buf, r.ptr - buf)));
        out.ptr = &*out.computed;
        return;
      }
      out.ptr = nullptr;
      return;
    default:
      out.ptr = nullptr;
      return;
  }
}

bool ordered_type(ValueType t) { return t == ValueType::N || t == ValueType::S || t == ValueType::B; }

const std::string& bytes_of(const AttributeValue& v) {
  return v.type() == ValueType::S ? v.as<std::string>() : v.as<model::Binary>().bytes;
}

// -2 when not comparable.
int compare_values(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b || a->type() != b->type() || !ordered_type(a->type())) return -2;
  if (a->type() == ValueType::N) return a->as<model::Number>().compare(b->as<model::Number>());
  int c = bytes_of(*a).compare(bytes_of(*b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool equal_values(const AttributeValue* a, const AttributeValue* b) {
  return a && b && a->type() == b->type() && *a == *b;
}

bool contains(const AttributeValue* hay, const AttributeValue* needle) {
  if (!hay || !needle) return false;
  switch (hay->type()) {
    case ValueType::S:
      return needle->type() == ValueType::S &&
             hay->as<std::string>().find(needle->as<std::string>()) != std::string::npos;
    case ValueType::B:
      return needle->type() == ValueType::B &&
             hay->as<model::Binary>().bytes.find(needle->as<model::Binary>().bytes) != std::string::npos;
    case ValueType::SS: {
      if (needle->type() != ValueType::S) return false;
      const auto& vs = hay->as<model::StringSet>().values;
      return std::find(vs.begin(), vs.end(), needle->as<std::string>()) != vs.end();
    }
    case ValueType::NS: {
      if (needle->type() != ValueType::N) return false;
      const auto& vs = hay->as<model::NumberSet>().values;
      const auto& n = needle->as<model::Number>();
      return std::any_of(vs.begin(), vs.end(), [&](const model::Number& x) { return x.compare(n) == 0; });
    }
    case ValueType::BS: {
      if (needle->type() != ValueType::B) return false;
      const auto& vs = hay->as<model::BinarySet>().values;
      return std::find(vs.begin(), vs.end(), needle->as<model::Binary>().bytes) != vs.end();
    }
    case ValueType::L: {
      const auto& l = hay->as<model::AttributeList>();
      return std::any_of(l.begin(), l.end(), [&](const AttributeValue& x) { return equal_values(&x, needle); });
    }
    default:
      return false;
  }
}

bool eval_call(const Node& n, const model::Item* item) {
  Operand a, b;
  switch (n.function) {
    case Function::AttributeExists:
      eval_operand(n.args[0], item, a);
      return a.get() != nullptr;
    case Function::AttributeNotExists:
      eval_operand(n.args[0], item, a);
      return a.get() == nullptr;
    case Function::AttributeType:
      eval_operand(n.args[0], item, a);
      eval_operand(n.args[1], item, b);
      return a.get() && b.get() && b.get()->type() == ValueType::S &&
             b.get()->as<std::string>() == model::value_type_name(a.get()->type());
    case Function::BeginsWith: {
      eval_operand(n.args[0], item, a);
      eval_operand(n.args[1], item, b);
      if (!a.get() || !b.get() || a.get()->type() != b.get()->type()) return false;
      if (a.get()->type() != ValueType::S && a.get()->type() != ValueType::B) return false;
      const std::string& x = bytes_of(*a.get());
      const std::string& y = bytes_of(*b.get());
      return x.compare(0, y.size(), y) == 0 && x.size() >= y.size();
    }
    case Function::Contains:
      eval_operand(n.args[0], item, a);
      eval_operand(n.args[1], item, b);
      return contains(a.get(), b.get());
    default:
      return false;
  }
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
