// DynamoDB's expression functions, one entry each: the name (exact, case-sensitive), the operand
// count, where the function may stand, which operand must be a document path, the operand types
// it accepts, and its evaluation. The parser names functions with it (function_from_name), resolve
// checks with it, evaluate and update evaluate with it, legacy and PartiQL build calls with it.
// Constant data; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "expressions/ast.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

enum class FunctionPlace : uint8_t {
  Condition,  // a condition by itself: attribute_exists(a), begins_with(a, :v), ...
  Operand,    // an operand of a comparison in a condition: size(a)
  SetValue,   // a SET action's value: if_not_exists(a, :v), list_append(a, :l)
};

// The types one operand may have when its type is known before evaluation (a value, or size()'s
// number): a bit per model::ValueType. An operand of unknown type (a path) is accepted unless
// `unknown` is false.
struct OperandTypes {
  uint16_t accepted = 0xFFFF;
  bool unknown = true;
};

// A SET value's operands, computed (update.cpp): throws the update's errors.
using ComputeOperand = model::AttributeValue (*)(const Node& operand, const model::Item& item);

struct FunctionDefinition {
  Function function;
  std::string_view name;
  std::size_t arity;
  FunctionPlace place;
  bool path_first = false;      // the first operand must be a document path
  bool outermost_only = false;  // a SetValue function that may not be nested in another
  std::array<OperandTypes, 2> operand_types{};
  // The second operand, written as a value, must be one of DynamoDB's type names (attribute_type).
  bool names_a_type = false;

  // Evaluation, by place. Condition: whether it holds for the operands (null: absent).
  bool (*test)(const model::AttributeValue* a, const model::AttributeValue* b) = nullptr;
  // Operand: its value (nullopt: none, which no comparison holds for).
  std::optional<model::AttributeValue> (*value)(const model::AttributeValue* a) = nullptr;
  // SetValue: its value for the item.
  model::AttributeValue (*compute)(const Node& call, const model::Item& item, ComputeOperand operand) = nullptr;
};

// The definition of a function (null for Function::Unknown).
const FunctionDefinition* function_definition(Function function);
Function function_from_name(std::string_view name);

// A call node of `function` (its text is the function's name), as legacy conditions and PartiQL
// build them.
Node function_call(Function function, std::vector<Node> args);

}  // namespace minnow::expressions
