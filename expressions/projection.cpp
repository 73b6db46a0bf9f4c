#include "expressions/projection.h"

#include <map>
#include <memory>

#include "expressions/evaluate.h"

namespace minnow::expressions {

using model::AttributeValue;

namespace {

// The selected part of one value: all of it, or some members, or some elements.
struct Selection {
  const AttributeValue* whole = nullptr;
  std::map<std::string, Selection, std::less<>> members;
  std::map<uint32_t, Selection> elements;

  AttributeValue build() const {
    if (whole) return *whole;
    if (!elements.empty()) {
      model::AttributeList l;
      for (auto& [i, s] : elements) l.push_back(s.build());
      return AttributeValue(std::move(l));
    }
    model::AttributeMap m;
    for (auto& [k, s] : members) m.emplace(k, s.build());
    return AttributeValue(std::move(m));
  }
};

}  // namespace

model::Item project(const model::Item& item, const std::vector<Path>& paths) {
  std::map<std::string, Selection, std::less<>> top;
  for (const Path& p : paths) {
    const AttributeValue* v = find_path(item, p);
    if (!v) continue;
    Selection* s = &top[p.elements[0].name];
    for (std::size_t i = 1; i < p.elements.size(); ++i) {
      const PathElement& e = p.elements[i];
      s = e.is_index() ? &s->elements[e.index] : &s->members[e.name];
    }
    s->whole = v;
  }
  model::Item out;
  for (auto& [k, s] : top) out.emplace(k, s.build());
  return out;
}

model::Item updated_attributes(const model::Item& item, const Update& update) { return project(item, update.paths()); }

}  // namespace minnow::expressions
