// UpdateGlobalTableSettings (version 2017.11.29): the billing mode and write capacity of every
// member (and of their GSIs), and each member's read capacity. Auto scaling settings are
// accepted and ignored, as replica auto scaling is only stored elsewhere (api/autoscaling).
#include "api/globaltables/global_tables.h"
#include "api/operations.h"

namespace minnow::api::globaltables {

namespace update_global_table_settings {

const Shape kShape(R"({
  )" MINNOW_SHAPE_GLOBAL_TABLE_NAME R"(,
  "GlobalTableBillingMode": {"type": "String", "enum": ["PROVISIONED", "PAY_PER_REQUEST"]},
  "GlobalTableProvisionedWriteCapacityUnits": {"type": "Long", "greaterThanOrEqual": 1},
  "GlobalTableGlobalSecondaryIndexSettingsUpdate": {"type": "List", "lengthGreaterThanOrEqual": 1,
    "lengthLessThanOrEqual": 20, "children": {
    "type": "ValueStruct<GlobalTableGlobalSecondaryIndexSettingsUpdate>", "children": {
      "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                    "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
      "ProvisionedWriteCapacityUnits": {"type": "Long", "greaterThanOrEqual": 1}}}},
  "ReplicaSettingsUpdate": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 50, "children": {
    "type": "ValueStruct<ReplicaSettingsUpdate>", "children": {
      "RegionName": {"type": "String", "notNull": true},
      "ReplicaProvisionedReadCapacityUnits": {"type": "Long", "greaterThanOrEqual": 1},
      "ReplicaGlobalSecondaryIndexSettingsUpdate": {"type": "List", "lengthGreaterThanOrEqual": 1,
        "lengthLessThanOrEqual": 20, "children": {
        "type": "ValueStruct<ReplicaGlobalSecondaryIndexSettingsUpdate>", "children": {
          "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",
                        "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
          "ProvisionedReadCapacityUnits": {"type": "Long", "greaterThanOrEqual": 1}}}}}}}
})");

std::vector<std::pair<std::string, int64_t>> index_units(const JsonValue* updates, const char* units_member) {
  std::vector<std::pair<std::string, int64_t>> out;
  if (!updates) return out;
  for (const auto& update : updates->GetArray())
    if (const JsonValue* units = member(update, units_member))
      out.emplace_back(string_member(update, "IndexName"), coral_long(*units));
  return out;
}

requests::UpdateGlobalTableSettingsRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  requests::UpdateGlobalTableSettingsRequest r;
  r.name = std::string(view(json["GlobalTableName"]));
  if (const JsonValue* mode = member(json, "GlobalTableBillingMode"))
    r.billing_mode =
        view(*mode) == "PAY_PER_REQUEST" ? engine::BillingMode::PayPerRequest : engine::BillingMode::Provisioned;
  if (const JsonValue* units = member(json, "GlobalTableProvisionedWriteCapacityUnits"))
    r.write_units = coral_long(*units);
  r.index_write_units = index_units(member(json, "GlobalTableGlobalSecondaryIndexSettingsUpdate"),
                                    "ProvisionedWriteCapacityUnits");
  if (const JsonValue* replicas = member(json, "ReplicaSettingsUpdate")) {
    for (const auto& replica : replicas->GetArray()) {
      requests::UpdateGlobalTableSettingsRequest::Replica& u = r.replicas.emplace_back();
      u.region = string_member(replica, "RegionName");
      if (const JsonValue* units = member(replica, "ReplicaProvisionedReadCapacityUnits")) u.read_units = coral_long(*units);
      u.index_read_units =
          index_units(member(replica, "ReplicaGlobalSecondaryIndexSettingsUpdate"), "ProvisionedReadCapacityUnits");
    }
  }
  return r;
}

void update_global_table_settings(const ActionContext& context, requests::UpdateGlobalTableSettingsRequest request,
                                  JsonWriter& out) {
  write_global_table_settings(out, requests::execute(context.requests(), request));
}

}  // namespace update_global_table_settings

const Action kUpdateGlobalTableSettings{"UpdateGlobalTableSettings", &update_global_table_settings::kShape,
                                        update_global_table_settings::decode,
                                        update_global_table_settings::update_global_table_settings};

}  // namespace minnow::api::globaltables
