#include "api/expression_params.h"

#include <optional>
#include <string>
#include <vector>

#include "api/codec.h"
#include "model/errors.h"

namespace minnow::api {

namespace {

template <class Expressions, class NonExpressions>
void check_parameters(const Expressions& expressions, const NonExpressions& non_expressions,
                      const ExpressionMembers& members) {
  std::vector<std::string> used_expressions;
  bool key_condition_expression = false;
  for (const NamedParameter& e : expressions) {
    if (!e.value) continue;
    used_expressions.emplace_back(e.name);
    if (std::string_view(e.name) == "KeyConditionExpression") key_condition_expression = true;
  }
  if (!used_expressions.empty()) {
    std::vector<std::string> used_legacy;
    for (const NamedParameter& n : non_expressions) {
      if (!n.value) continue;
      // KeyConditions alone (no KeyConditionExpression) may go with the other expressions.
      if (std::string_view(n.name) == "KeyConditions" && !key_condition_expression) continue;
      used_legacy.emplace_back(n.name);
    }
    if (!used_legacy.empty()) throw model::mixed_expression_parameters(used_legacy, used_expressions);
  }
  if (members.names && used_expressions.empty()) throw model::Error(model::kNamesWithoutExpressions);
  std::vector<std::string> value_expressions;
  bool any_value_expression = false;
  for (const NamedParameter& e : expressions) {
    if (std::string_view(e.name) == "ProjectionExpression") continue;
    value_expressions.emplace_back(e.name);
    if (e.value) any_value_expression = true;
  }
  if (!value_expressions.empty() && members.values && !any_value_expression)
    throw model::values_without_expressions(value_expressions);
}

std::vector<NamedParameter> lookup(const JsonValue& request, std::initializer_list<const char*> names) {
  std::vector<NamedParameter> out;
  for (const char* n : names) out.push_back({n, member(request, n)});
  return out;
}

}  // namespace

void validate_expression_params(std::initializer_list<NamedParameter> expressions,
                                std::initializer_list<NamedParameter> non_expressions,
                                const ExpressionMembers& members) {
  check_parameters(expressions, non_expressions, members);
}

expressions::Compiled compile_expressions(const ExpressionMembers& members) {
  expressions::NameMap names;
  expressions::ValueMap values;
  std::vector<std::string> name_order, value_order;  // the request's JSON order, for messages
  expressions::RequestExpressions req;
  if (const JsonValue* n = members.names) {
    for (auto it = n->MemberBegin(); it != n->MemberEnd(); ++it) {
      if (!it->value.IsString()) continue;
      name_order.emplace_back(it->name.GetString(), it->name.GetStringLength());
      names.emplace(name_order.back(), std::string(view(it->value)));
    }
    req.names = &names;
    req.name_order = &name_order;
  }
  // DynamoDB checks the maps' shape (empty, key syntax) before the values themselves, and
  // reports a bad value with its key.
  std::optional<model::Error> bad_value;
  if (const JsonValue* v = members.values) {
    for (auto it = v->MemberBegin(); it != v->MemberEnd(); ++it) {
      std::string key(it->name.GetString(), it->name.GetStringLength());
      value_order.push_back(key);
      try {
        values.insert_or_assign(key, decode_value(it->value));
      } catch (const model::Error& e) {
        if (!bad_value) bad_value = model::invalid_expression_value(e.message(), key);
        values.insert_or_assign(key, model::AttributeValue());
      }
    }
    req.values = &values;
    req.value_order = &value_order;
  }
  if (bad_value) {
    expressions::Placeholders check_maps(req.names, req.values);
    throw *bad_value;
  }
  auto text = [](const JsonValue* e) -> std::optional<std::string_view> {
    return e ? std::optional<std::string_view>(view(*e)) : std::nullopt;
  };
  req.update = text(members.update);
  req.condition = text(members.condition);
  req.key_condition = text(members.key_condition);
  req.filter = text(members.filter);
  req.projection = text(members.projection);
  req.search_condition = text(members.search_condition);
  return expressions::compile_request(req);
}

ExpressionMembers expression_members(const JsonValue& request) {
  return {member(request, "ExpressionAttributeNames"), member(request, "ExpressionAttributeValues"),
          member(request, "UpdateExpression"),         member(request, "ConditionExpression"),
          member(request, "KeyConditionExpression"),   member(request, "FilterExpression"),
          member(request, "ProjectionExpression"),     member(request, "SearchConditionExpression")};
}

void validate_expression_params(const JsonValue& request, std::initializer_list<const char*> expressions,
                                std::initializer_list<const char*> non_expressions) {
  check_parameters(lookup(request, expressions), lookup(request, non_expressions), expression_members(request));
}

expressions::Compiled compile_expressions(const JsonValue& request) {
  return compile_expressions(expression_members(request));
}

}  // namespace minnow::api
