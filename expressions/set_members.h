// Adding members to a set and taking them out, as ADD and DELETE do, for UpdateExpression
// (expressions/update.cpp) and the legacy AttributeUpdates (expressions/legacy.cpp) alike: a set
// keeps DynamoDB's order of its members, an added member already there is not added twice.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "model/attribute_value.h"
#include "model/number.h"

namespace minnow::expressions {

// The members are in DynamoDB's order (model::member_less): each added one goes to its place.
template <class T>
void unite(std::vector<T>& into, const std::vector<T>& add) {
  auto less = [](const T& a, const T& b) { return model::member_less(a, b); };
  for (const T& x : add) {
    auto at = std::lower_bound(into.begin(), into.end(), x, less);
    if (at == into.end() || less(x, *at)) into.insert(at, x);
  }
}

template <class T, class Eq>
void subtract(std::vector<T>& from, const std::vector<T>& del, Eq eq) {
  from.erase(std::remove_if(
                 from.begin(), from.end(),
                 [&](const T& y) { return std::any_of(del.begin(), del.end(), [&](const T& x) { return eq(x, y); }); }),
             from.end());
}

// Set members are equal as numbers (1 and 1.0 are one member) or as bytes.
inline bool same_number(const model::Number& a, const model::Number& b) { return a.compare(b) == 0; }
inline bool same_bytes(const std::string& a, const std::string& b) { return a == b; }

}  // namespace minnow::expressions
