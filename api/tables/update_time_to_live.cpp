// UpdateTimeToLive: enables or disables TTL on an attribute; answers the specification as sent.
//
// Order: the Shape, with the specification's model constraints (Enabled present, AttributeName
// of 1 to 255 characters: DynamoDB's; DynamoDB Local checks the length after presence, in words
// of its own); TimeToLiveSpecification present; AttributeName present when enabling (DynamoDB
// Local's texts); the table lookup ("Table: X not found"); then the
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
    "Enabled": {"type": "Boolean", "notNull": true},
    "AttributeName": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255}}}
})");

requests::UpdateTimeToLiveRequest decode(const ActionContext& context, const JsonValue& json) {
  const JsonValue* spec = member(json, "TimeToLiveSpecification");
  if (!spec) throw model::Error(model::kTtlSpecificationRequired);
  requests::UpdateTimeToLiveRequest r;
  r.enabled = coral_bool(*member(*spec, "Enabled"));  // the Shape checked it is there
  const JsonValue* name = member(*spec, "AttributeName");
  if (r.enabled && !name) throw model::Error(model::kTtlAttributeNameRequired);
  if (name) r.attribute_name = std::string(view(*name));
  r.table = find_table(context, json, /*table_operation=*/true);
  return r;
}

void update_time_to_live(const ActionContext& context, requests::UpdateTimeToLiveRequest request, JsonWriter& out) {
  using Status = requests::UpdateTimeToLiveResult::Status;
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

const Action kUpdateTimeToLive{"UpdateTimeToLive", &update_time_to_live::kShape, update_time_to_live::decode,
                               update_time_to_live::update_time_to_live};

}  // namespace minnow::api::tables
