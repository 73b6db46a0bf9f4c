#include "expressions/update.h"

#include <algorithm>
#include <numeric>

#include "expressions/evaluate.h"
#include "expressions/functions.h"
#include "expressions/set_members.h"
#include "model/expression_errors.h"

namespace minnow::expressions {

using model::AttributeValue;
using model::ValueType;

namespace {

AttributeValue compute(const Node& n, const model::Item& item) {
  switch (n.kind) {
    case NodeKind::Value:
      return n.value;
    case NodeKind::Path: {
      const AttributeValue* v = find_path(item, n.path);
      if (!v) throw model::Error(model::kUpdateMissingAttribute);
      return *v;
    }
    case NodeKind::Plus:
    case NodeKind::Minus: {
      AttributeValue a = compute(n.args[0], item);
      if (a.type() != ValueType::N) throw model::Error(model::kUpdateOperandTypeMismatch);
      AttributeValue b = compute(n.args[1], item);
      if (b.type() != ValueType::N) throw model::Error(model::kUpdateOperandTypeMismatch);
      const auto& x = a.as<model::Number>();
      const auto& y = b.as<model::Number>();
      return AttributeValue(n.kind == NodeKind::Plus ? x.add(y) : x.subtract(y));
    }
    case NodeKind::Call:
      if (const FunctionDefinition* f = function_definition(n.function); f && f->compute)
        return f->compute(n, item, compute);
      break;
    default:
      break;
  }
  throw model::Error(model::kUpdateOperandTypeMismatch);
}

// The container holding the last element of `path`: the item itself or a map or list value.
struct Parent {
  model::AttributeMap* map = nullptr;
  model::AttributeList* list = nullptr;
};

Parent find_parent(model::Item& item, const Path& path) {
  Parent p{&item, nullptr};
  for (std::size_t i = 0; i + 1 < path.elements.size(); ++i) {
    const PathElement& e = path.elements[i];
    AttributeValue* v = nullptr;
    if (e.is_index()) {
      if (!p.list || e.index >= p.list->size()) throw model::Error(model::kUpdateInvalidPath);
      v = &(*p.list)[e.index];
    } else {
      if (!p.map) throw model::Error(model::kUpdateInvalidPath);
      auto it = p.map->find(e.name);
      if (it == p.map->end()) throw model::Error(model::kUpdateInvalidPath);
      v = &it->second;
    }
    p = Parent{};
    if (v->is<model::AttributeMap>()) {
      p.map = &v->as<model::AttributeMap>();
    } else if (v->is<model::AttributeList>()) {
      p.list = &v->as<model::AttributeList>();
    } else {
      throw model::Error(model::kUpdateInvalidPath);
    }
  }
  const PathElement& last = path.elements.back();
  if (last.is_index() ? !p.list : !p.map) throw model::Error(model::kUpdateInvalidPath);
  return p;
}

AttributeValue* existing(Parent& p, const PathElement& e) {
  if (p.list) return e.index < p.list->size() ? &(*p.list)[e.index] : nullptr;
  auto it = p.map->find(e.name);
  return it == p.map->end() ? nullptr : &it->second;
}

// ADD `v` to `target` (which exists); throws on a type mismatch.
void add_to(AttributeValue& target, const AttributeValue& v) {
  if (target.type() != v.type()) throw model::Error(model::kUpdateOperandTypeMismatch);
  switch (v.type()) {
    case ValueType::N:
      target = AttributeValue(target.as<model::Number>().add(v.as<model::Number>()));
      return;
    case ValueType::SS:
      unite(target.as<model::StringSet>().values, v.as<model::StringSet>().values);
      return;
    case ValueType::NS:
      unite(target.as<model::NumberSet>().values, v.as<model::NumberSet>().values);
      return;
    case ValueType::BS:
      unite(target.as<model::BinarySet>().values, v.as<model::BinarySet>().values);
      return;
    default:
      throw model::Error(model::kUpdateOperandTypeMismatch);
  }
}

// DELETE `v` from `target`; returns true when the set became empty.
bool delete_from(AttributeValue& target, const AttributeValue& v) {
  if (target.type() != v.type()) throw model::Error(model::kUpdateOperandTypeMismatch);
  switch (v.type()) {
    case ValueType::SS: {
      auto& s = target.as<model::StringSet>().values;
      subtract(s, v.as<model::StringSet>().values, same_bytes);
      return s.empty();
    }
    case ValueType::NS: {
      auto& s = target.as<model::NumberSet>().values;
      subtract(s, v.as<model::NumberSet>().values, same_number);
      return s.empty();
    }
    case ValueType::BS: {
      auto& s = target.as<model::BinarySet>().values;
      subtract(s, v.as<model::BinarySet>().values, same_bytes);
      return s.empty();
    }
    default:
      throw model::Error(model::kUpdateOperandTypeMismatch);
  }
}

void erase(Parent& p, const PathElement& e) {
  if (p.list) {
    if (e.index < p.list->size()) p.list->erase(p.list->begin() + e.index);
  } else {
    auto it = p.map->find(e.name);
    if (it != p.map->end()) p.map->erase(it);
  }
}

}  // namespace

model::Item apply_update(const Update& update, const model::Item& old_item) {
  std::vector<const UpdateAction*> actions;
  for (const UpdateSection& s : update.sections)
    for (const UpdateAction& a : s.actions) actions.push_back(&a);

  // Every SET value comes from the old item.
  std::vector<AttributeValue> values(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const UpdateAction& a = *actions[i];
    if (a.clause == UpdateClause::Set) {
      values[i] = compute(a.value, old_item);
    } else if (a.clause != UpdateClause::Remove) {
      values[i] = a.value.value;
    }
  }

  // Greatest path first, so that list positions still refer to the old list; writes past the
  // end of a list are appended afterwards, smallest index first.
  std::vector<std::size_t> order(actions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return compare_paths(actions[x]->path, actions[y]->path) > 0; });

  model::Item item = old_item;
  std::vector<std::size_t> appends;
  for (std::size_t i : order) {
    const UpdateAction& a = *actions[i];
    Parent parent = find_parent(item, a.path);
    const PathElement& last = a.path.elements.back();
    AttributeValue* current = existing(parent, last);
    switch (a.clause) {
      case UpdateClause::Set:
        if (current) {
          *current = std::move(values[i]);
        } else if (parent.list) {
          appends.push_back(i);
        } else {
          parent.map->insert_or_assign(last.name, std::move(values[i]));
        }
        break;
      case UpdateClause::Remove:
        erase(parent, last);
        break;
      case UpdateClause::Add:
        if (current) {
          add_to(*current, values[i]);
        } else if (parent.list) {
          appends.push_back(i);
        } else {
          parent.map->insert_or_assign(last.name, values[i]);
        }
        break;
      case UpdateClause::Delete:
        if (current && delete_from(*current, values[i])) erase(parent, last);
        break;
    }
  }
  std::reverse(appends.begin(), appends.end());
  for (std::size_t i : appends) {
    Parent parent = find_parent(item, actions[i]->path);
    parent.list->push_back(std::move(values[i]));
  }
  return item;
}

}  // namespace minnow::expressions
