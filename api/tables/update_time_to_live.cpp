// UpdateTimeToLive: enables or disables TTL on an attribute; answers the specification as sent.
//
// Order (DynamoDB Local's): the Shape; TimeToLiveSpecification present; AttributeName present
// when enabling, then 1..255 characters; the table lookup ("Table: X not found"); then the
// state: enabling when enabled (same attribute: "already enabled"; another: "active on a
// different AttributeName"), disabling when disabled or on another attribute
// (requests/time_to_live.h).
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/stream_errors.h"
#include "requests/time_to_live.h"

namespace minnow::api::tables {

namespace update_time_to_live {

const Shape kShape(R"({
  "TableName": {"type": "String", "notNull": true, "tableName": true},
  "TimeToLiveSpecification": {"type": "FieldStruct<TimeToLiveSpecification>", "children": {
    "Enabled": {"type": "Boolean"},
    "AttributeName": {"type": "String"}}}
})");

requests::UpdateTimeToLiveRequest decode(const ActionContext& context, const JsonValue& request) {
  const JsonValue* spec = member(request, "TimeToLiveSpecification");
  if (!spec) throw model::Error(model::kTtlSpecificationRequired);
  requests::UpdateTimeToLiveRequest r;
  const JsonValue* enabled = member(*spec, "Enabled");
  r.enabled = enabled && coral_bool(*enabled);
  const JsonValue* name = member(*spec, "AttributeName");
  if (r.enabled && !name) throw model::Error(model::kTtlAttributeNameRequired);
  if (name) {
    r.attribute_name = std::string(view(*name));
    if (r.attribute_name->empty() || r.attribute_name->size() > 255) throw model::Error(model::kTtlAttributeNameLength);
  }
  r.table = find_table(context, request, /*table_operation=*/true);
  return r;
}

void update_time_to_live(const ActionContext& context, const JsonValue& json, JsonWriter& out) {
  using Status = requests::UpdateTimeToLiveResult::Status;
  const requests::UpdateTimeToLiveRequest request = decode(context, json);
  switch (requests::execute(context.requests(), request).status) {
    case Status::AlreadyEnabled:
      throw model::Error(model::kTtlAlreadyEnabled);
    case Status::DifferentAttribute:
      throw model::Error(model::kTtlDifferentAttribute);
    case Status::AlreadyDisabled:
      throw model::Error(model::kTtlAlreadyDisabled);
    case Status::Updated:
      break;
  }
  out.StartObject();
  out.Key("TimeToLiveSpecification");
  out.StartObject();
  out.Key("Enabled");
  out.Bool(request.enabled);
  if (request.attribute_name) {
    out.Key("AttributeName");
    out.String(request.attribute_name->data(), request.attribute_name->size());
  }
  out.EndObject();
  out.EndObject();
}

}  // namespace update_time_to_live

const Action kUpdateTimeToLive{"UpdateTimeToLive", &update_time_to_live::kShape, update_time_to_live::update_time_to_live};

}  // namespace minnow::api::tables
