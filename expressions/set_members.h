// Adding members to a set and taking them out, as ADD and DELETE do, for UpdateExpression
// (expressions/update.cpp) and the legacy AttributeUpdates (expressions/legacy.cpp) alike: a set
// keeps its members' order, an added member already there is not added twice.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "model/number.h"

namespace minnow::expressions {

template <class T, class Eq>
void unite(std::vector<T>& into, const std::vector<T>& add, Eq eq) {
  for (const T& x : add)
    if (std::none_of(into.begin(), into.end(), [&](const T& y) { return eq(x, y); })) into.push_back(x);
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
