// Attribute-value builders for tests: S("x"), N("1.5") or N(7), B("\x01"), SS({...}), NS, BS, L, M,
// BOOL, NUL. One place, so that every test spells a value the same way.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "model/attribute_value.h"
#include "model/number.h"

namespace minnow::test {

inline model::AttributeValue S(std::string s) { return model::AttributeValue(std::move(s)); }
inline model::AttributeValue N(const std::string& text) { return model::AttributeValue(model::Number::parse(text)); }
inline model::AttributeValue N(long long n) { return N(std::to_string(n)); }
inline model::AttributeValue B(std::string bytes) { return model::AttributeValue(model::Binary{std::move(bytes)}); }
inline model::AttributeValue BOOL(bool b) { return model::AttributeValue(b); }
inline model::AttributeValue NUL() { return model::AttributeValue(model::Null{}); }
inline model::AttributeValue SS(std::vector<std::string> v) {
  return model::AttributeValue(model::StringSet{std::move(v)});
}
inline model::AttributeValue NS(const std::vector<std::string>& texts) {
  model::NumberSet set;
  for (const auto& t : texts) set.values.push_back(model::Number::parse(t));
  return model::AttributeValue(std::move(set));
}
inline model::AttributeValue BS(std::vector<std::string> v) {
  return model::AttributeValue(model::BinarySet{std::move(v)});
}
inline model::AttributeValue L(model::AttributeList l) { return model::AttributeValue(std::move(l)); }
inline model::AttributeValue M(model::AttributeMap m) { return model::AttributeValue(std::move(m)); }

}  // namespace minnow::test
