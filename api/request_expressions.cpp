#include "api/request_expressions.h"

#include "api/codec.h"
#include "model/errors.h"

namespace minnow::api {

expressions::Compiled compile_expressions(const JsonValue& request) {
  expressions::NameMap names;
  expressions::ValueMap values;
  std::vector<std::string> name_order, value_order;  // the request's JSON order, for messages
  expressions::RequestExpressions req;
  if (const JsonValue* n = member(request, "ExpressionAttributeNames")) {
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
  if (const JsonValue* v = member(request, "ExpressionAttributeValues")) {
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
  auto text = [&](const char* name) -> std::optional<std::string_view> {
    const JsonValue* e = member(request, name);
    return e ? std::optional<std::string_view>(view(*e)) : std::nullopt;
  };
  req.update = text("UpdateExpression");
  req.condition = text("ConditionExpression");
  req.key_condition = text("KeyConditionExpression");
  req.filter = text("FilterExpression");
  req.projection = text("ProjectionExpression");
  return expressions::compile_request(req);
}

}  // namespace minnow::api
