// Hand-written recursive-descent parsers for DynamoDB's expressions: one pass over the tokens of
// lexer.h, no backtracking, a depth counter so that no input can exhaust the stack.
//
// These functions check syntax and the size limits only (4 KB of text, 32 levels of document
// path, list indexes that fit an int32, at most 100 IN operands and 300 operators and functions).
// Placeholders stay unresolved and no semantic rule is applied: resolve.h does that, because
// DynamoDB orders those errors together with undefined names and values. Most callers want the
// compile_* functions of resolve.h, which run both steps.
//
// Errors: model::Error (ValidationException) "Invalid <Kind>Expression: ...", DynamoDB's text.
// Thread-safe (no shared state).
#pragma once

#include <string_view>

#include "expressions/ast.h"

namespace minnow::expressions {

enum class ExpressionKind : uint8_t { Condition, Filter, KeyCondition, Projection, Update, SearchCondition };
// "Condition", "Filter", "KeyCondition", "Projection", "Update", "SearchCondition" (as in
// "Invalid FilterExpression").
const char* kind_name(ExpressionKind kind);

constexpr std::size_t kMaxExpressionBytes = 4096;
constexpr std::size_t kMaxPathDepth = 32;
constexpr std::size_t kMaxOperators = 300;
constexpr std::size_t kMaxInOperands = 100;
// Parentheses and NOTs nested deeper than this are refused (DynamoDB has no such limit, but any
// expression this deep also breaks its parentheses or operator rules).
constexpr int kMaxNesting = 400;

// kind is Condition, Filter, KeyCondition or SearchCondition.
Condition parse_condition(std::string_view text, ExpressionKind kind = ExpressionKind::Condition);
Update parse_update(std::string_view text);
Projection parse_projection(std::string_view text);
// The same grammar as a condition; the key-condition rules are applied by key_condition.h.
inline Condition parse_key_condition(std::string_view text) {
  return parse_condition(text, ExpressionKind::KeyCondition);
}

}  // namespace minnow::expressions
