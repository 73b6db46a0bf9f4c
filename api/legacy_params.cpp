#include "api/legacy_params.h"

#include <unordered_set>

#include "api/codec.h"
#include "api/shape.h"
#include "model/errors.h"
#include "model/limits.h"

namespace minnow::api {

std::vector<expressions::ExpectedCondition> decode_conditions(const JsonValue& map) {
  std::vector<expressions::ExpectedCondition> conditions;
  for (auto it = map.MemberBegin(); it != map.MemberEnd(); ++it) {
    if (!it->value.IsObject()) continue;
    expressions::ExpectedCondition c;
    c.attribute.assign(it->name.GetString(), it->name.GetStringLength());
    const JsonValue& entry = it->value;
    if (const JsonValue* v = member(entry, "ComparisonOperator")) c.comparison_operator = std::string(view(*v));
    if (const JsonValue* v = member(entry, "Exists")) c.exists = coral_bool(*v);
    if (const JsonValue* v = member(entry, "Value")) c.value = decode_value(*v);
    if (const JsonValue* v = member(entry, "AttributeValueList")) {
      c.attribute_value_list.emplace();
      for (const auto& x : v->GetArray()) c.attribute_value_list->push_back(decode_value(x));
    }
    conditions.push_back(std::move(c));
  }
  return conditions;
}

std::vector<expressions::ExpectedCondition> decode_condition_map(const JsonValue* map) {
  std::vector<expressions::ExpectedCondition> out;
  if (!map) return out;
  for (auto it = map->MemberBegin(); it != map->MemberEnd(); ++it) {
    if (!it->value.IsObject()) continue;
    expressions::ExpectedCondition c;
    c.attribute.assign(it->name.GetString(), it->name.GetStringLength());
    std::vector<model::AttributeValue> values;
    if (const JsonValue* list = member(it->value, "AttributeValueList"))
      for (const auto& v : list->GetArray()) values.push_back(decode_value(v));
    // The shape guarantees a ComparisonOperator from the enum.
    std::string op(view(it->value["ComparisonOperator"]));
    expressions::check_comparison(op, values);
    c.comparison_operator = op;
    c.attribute_value_list = std::move(values);
    out.push_back(std::move(c));
  }
  return out;
}

bool conditional_operator_is_or(const JsonValue* conditional_operator) {
  return conditional_operator && view(*conditional_operator) == "OR";
}

std::vector<expressions::AttributeUpdate> decode_attribute_updates(const JsonValue& map) {
  std::vector<expressions::AttributeUpdate> updates;
  for (auto it = map.MemberBegin(); it != map.MemberEnd(); ++it) {
    if (!it->value.IsObject()) continue;
    expressions::AttributeUpdate u;
    u.attribute.assign(it->name.GetString(), it->name.GetStringLength());
    if (u.attribute.empty()) throw model::Error(model::kEmptyAttributeName);
    if (u.attribute.size() > model::kMaxAttributeNameBytes) throw model::Error(model::kAttributeNameTooLarge);
    if (const JsonValue* v = member(it->value, "Action")) u.action = std::string(view(*v));
    if (const JsonValue* v = member(it->value, "Value")) u.value = decode_value(*v);
    updates.push_back(std::move(u));
  }
  return updates;
}

void check_attributes_to_get(const JsonValue* names) {
  if (!names) return;
  std::unordered_set<std::string_view> seen;
  for (const auto& name : names->GetArray()) {
    if (view(name).empty()) throw model::Error(model::kEmptyAttributeName);
    if (view(name).size() > model::kMaxAttributeNameBytes) throw model::Error(model::kAttributeNameTooLarge);
    if (!seen.insert(view(name)).second) throw model::duplicate_attribute_to_get(std::string(view(name)));
  }
}

std::optional<expressions::Projection> read_projection(std::optional<expressions::Projection> compiled,
                                                       const JsonValue* attributes_to_get) {
  if (compiled) return compiled;
  if (!attributes_to_get) return std::nullopt;
  std::vector<std::string> attributes;
  for (const auto& n : attributes_to_get->GetArray()) attributes.emplace_back(view(n));
  return expressions::projection_from_attributes_to_get(attributes);
}

}  // namespace minnow::api
