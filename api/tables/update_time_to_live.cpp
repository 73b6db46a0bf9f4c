// UpdateTimeToLive: enables or disables TTL on an attribute; answers the specification as sent.
//
// Order (DynamoDB Local's): the Shape; TimeToLiveSpecification present; AttributeName present
// when enabling, then 1..255 characters; the table lookup ("Table: X not found"); then the
// state: enabling when enabled (same attribute: "already enabled"; another: "active on a
// different AttributeName"), disabling when disabled or on another attribute. The change is
// immediate (no ENABLING/DISABLING), as in DynamoDB Local.
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "model/stream_errors.h"

namespace minnow::api::tables {

namespace {

const Shape kShape(R"({
  "TableName": {"type": "String", "notNull": true, "tableName": true, "regex": "[a-zA-Z0-9_.-]+"},
  "TimeToLiveSpecification": {"type": "FieldStruct<TimeToLiveSpecification>", "children": {
    "Enabled": {"type": "Boolean"},
    "AttributeName": {"type": "String"}}}
})");

void update_time_to_live(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue* spec = member(request, "TimeToLiveSpecification");
  if (!spec) throw model::Error(model::kTtlSpecificationRequired);
  const JsonValue* enabled_value = member(*spec, "Enabled");
  const bool enabled = enabled_value && coral_bool(*enabled_value);
  const JsonValue* name_value = member(*spec, "AttributeName");
  if (enabled && !name_value) throw model::Error(model::kTtlAttributeNameRequired);
  const std::string attribute = name_value ? std::string(view(*name_value)) : std::string();
  if (name_value && (attribute.empty() || attribute.size() > 255)) throw model::Error(model::kTtlAttributeNameLength);

  auto table = find_table(context, request, /*table_operation=*/true);
  table->update_definition([&](engine::TableDefinition& def) {
    if (enabled) {
      if (def.ttl_attribute == attribute) throw model::Error(model::kTtlAlreadyEnabled);
      if (!def.ttl_attribute.empty()) throw model::Error(model::kTtlDifferentAttribute);
      def.ttl_attribute = attribute;
    } else {
      if (def.ttl_attribute.empty()) throw model::Error(model::kTtlAlreadyDisabled);
      if (name_value && def.ttl_attribute != attribute) throw model::Error(model::kTtlDifferentAttribute);
      def.ttl_attribute.clear();
    }
  });

  out.StartObject();
  out.Key("TimeToLiveSpecification");
  out.StartObject();
  out.Key("Enabled");
  out.Bool(enabled);
  if (name_value) {
    out.Key("AttributeName");
    out.String(attribute.data(), attribute.size());
  }
  out.EndObject();
  out.EndObject();
}

}  // namespace

const Action kUpdateTimeToLive{"UpdateTimeToLive", &kShape, update_time_to_live};

}  // namespace minnow::api::tables
