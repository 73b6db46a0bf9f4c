#include "api/request_expressions.h"

#include "api/codec.h"

namespace minnow::api {

expressions::Compiled compile_expressions(const JsonValue& request) {
  expressions::NameMap names;
  expressions::ValueMap values;
  expressions::RequestExpressions req;
  if (const JsonValue* n = member(request, "ExpressionAttributeNames")) {
    for (auto it = n->MemberBegin(); it != n->MemberEnd(); ++it) {
      if (it->value.IsString()) names.emplace(it->name.GetString(), std::string(view(it->value)));
    }
    req.names = &names;
  }
  if (const JsonValue* v = member(request, "ExpressionAttributeValues")) {
    values = decode_attribute_map(*v);
    req.values = &values;
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
