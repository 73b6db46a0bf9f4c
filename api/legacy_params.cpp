#include "api/legacy_params.h"

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

}  // namespace minnow::api
