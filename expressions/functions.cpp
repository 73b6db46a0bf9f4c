#include "expressions/functions.h"

#include <algorithm>
#include <charconv>

#include "expressions/evaluate.h"
#include "model/expression_errors.h"

namespace minnow::expressions {

namespace {

using model::AttributeValue;
using model::ValueType;

constexpr uint16_t bit(ValueType t) { return static_cast<uint16_t>(1u << static_cast<unsigned>(t)); }

std::size_t utf8_chars(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

bool attribute_exists(const AttributeValue* a, const AttributeValue*) { return a != nullptr; }
bool attribute_not_exists(const AttributeValue* a, const AttributeValue*) { return a == nullptr; }

bool attribute_type(const AttributeValue* a, const AttributeValue* type) {
  return a && type && type->type() == ValueType::S && type->as<std::string>() == model::value_type_name(a->type());
}

bool begins_with(const AttributeValue* a, const AttributeValue* prefix) {
  if (!a || !prefix || a->type() != prefix->type()) return false;
  if (a->type() != ValueType::S && a->type() != ValueType::B) return false;
  const std::string& x = model::bytes_of(*a);
  const std::string& y = model::bytes_of(*prefix);
  return x.size() >= y.size() && x.compare(0, y.size(), y) == 0;
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
      return std::any_of(l.begin(), l.end(),
                         [&](const AttributeValue& x) { return x.type() == needle->type() && x == *needle; });
    }
    default:
      return false;
  }
}

// size(): characters of a string, bytes of a binary, elements of a set, list or map.
std::optional<AttributeValue> size(const AttributeValue* v) {
  if (!v) return std::nullopt;
  std::size_t n = 0;
  switch (v->type()) {
    case ValueType::S:
      n = utf8_chars(v->as<std::string>());
      break;
    case ValueType::B:
      n = v->as<model::Binary>().bytes.size();
      break;
    case ValueType::SS:
      n = v->as<model::StringSet>().values.size();
      break;
    case ValueType::NS:
      n = v->as<model::NumberSet>().values.size();
      break;
    case ValueType::BS:
      n = v->as<model::BinarySet>().values.size();
      break;
    case ValueType::L:
      n = v->as<model::AttributeList>().size();
      break;
    case ValueType::M:
      n = v->as<model::AttributeMap>().size();
      break;
    default:
      return std::nullopt;
  }
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, n);
  return AttributeValue(model::Number::parse(std::string_view(buf, r.ptr - buf)));
}

AttributeValue if_not_exists(const Node& call, const model::Item& item, ComputeOperand operand) {
  if (const AttributeValue* v = find_path(item, call.args[0].path)) return *v;
  return operand(call.args[1], item);
}

AttributeValue list_append(const Node& call, const model::Item& item, ComputeOperand operand) {
  AttributeValue a = operand(call.args[0], item);
  if (a.type() != ValueType::L) throw model::Error(model::kUpdateOperandTypeMismatch);
  AttributeValue b = operand(call.args[1], item);
  if (b.type() != ValueType::L) throw model::Error(model::kUpdateOperandTypeMismatch);
  auto& l = a.as<model::AttributeList>();
  auto& r = b.as<model::AttributeList>();
  l.insert(l.end(), std::make_move_iterator(r.begin()), std::make_move_iterator(r.end()));
  return a;
}

constexpr uint16_t kStringOrBinary = bit(ValueType::S) | bit(ValueType::B);
constexpr uint16_t kHasSize = static_cast<uint16_t>(~(bit(ValueType::N) | bit(ValueType::BOOL) | bit(ValueType::NUL)));

const FunctionDefinition kFunctions[] = {
    {.function = Function::AttributeExists,
     .name = "attribute_exists",
     .arity = 1,
     .place = FunctionPlace::Condition,
     .path_first = true,
     .test = attribute_exists},
    {.function = Function::AttributeNotExists,
     .name = "attribute_not_exists",
     .arity = 1,
     .place = FunctionPlace::Condition,
     .path_first = true,
     .test = attribute_not_exists},
    {.function = Function::AttributeType,
     .name = "attribute_type",
     .arity = 2,
     .place = FunctionPlace::Condition,
     .operand_types = {OperandTypes{}, OperandTypes{bit(ValueType::S), false}},
     .names_a_type = true,
     .test = attribute_type},
    {.function = Function::BeginsWith,
     .name = "begins_with",
     .arity = 2,
     .place = FunctionPlace::Condition,
     .operand_types = {OperandTypes{kStringOrBinary}, OperandTypes{kStringOrBinary}},
     .test = begins_with},
    {.function = Function::Contains,
     .name = "contains",
     .arity = 2,
     .place = FunctionPlace::Condition,
     .test = contains},
    {.function = Function::Size,
     .name = "size",
     .arity = 1,
     .place = FunctionPlace::Operand,
     .operand_types = {OperandTypes{kHasSize}},
     .value = size},
    {.function = Function::IfNotExists,
     .name = "if_not_exists",
     .arity = 2,
     .place = FunctionPlace::SetValue,
     .path_first = true,
     .compute = if_not_exists},
    {.function = Function::ListAppend,
     .name = "list_append",
     .arity = 2,
     .place = FunctionPlace::SetValue,
     .outermost_only = true,
     .operand_types = {OperandTypes{bit(ValueType::L)}, OperandTypes{bit(ValueType::L)}},
     .compute = list_append},
};

}  // namespace

const FunctionDefinition* function_definition(Function function) {
  for (const FunctionDefinition& f : kFunctions)
    if (f.function == function) return &f;
  return nullptr;
}

Function function_from_name(std::string_view name) {
  for (const FunctionDefinition& f : kFunctions)
    if (f.name == name) return f.function;
  return Function::Unknown;
}

Node function_call(Function function, std::vector<Node> args) {
  Node n;
  n.kind = NodeKind::Call;
  n.function = function;
  n.text = function_definition(function)->name;
  n.args = std::move(args);
  return n;
}

}  // namespace minnow::expressions
