// The seven comparisons a key condition can make, whatever spelled it: a KeyConditionExpression
// (expressions/key_condition), legacy KeyConditions' ComparisonOperator, a PartiQL WHERE
// (partiql/binder); the engine reads a key range with them (engine/query).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace minnow::model {

enum class KeyOperator : uint8_t { EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH };

// "EQ", ..., "BEGINS_WITH": the names legacy KeyConditions use.
const char* key_operator_name(KeyOperator op);
// The operator a legacy ComparisonOperator names; nullopt for those a key cannot use (NE, IN, ...).
std::optional<KeyOperator> key_operator_named(std::string_view name);

}  // namespace minnow::model
