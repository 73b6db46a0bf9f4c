// ListGlobalTables (version 2017.11.29): the groups with a member in RegionName (the request's
// region when absent), by name, Limit at a time.
#include "api/globaltables/global_tables.h"
#include "api/operations.h"

namespace minnow::api::globaltables {

namespace list_global_tables {

const Shape kShape(R"({
  "ExclusiveStartGlobalTableName": {"type": "String", "regex": "[a-zA-Z0-9_.-]+",
                                    "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1},
  "RegionName": "String"
})");

requests::ListGlobalTablesRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::ListGlobalTablesRequest r;
  const JsonValue* region = member(json, "RegionName");
  r.region = region ? std::string(view(*region)) : std::string(context.region);
  if (const JsonValue* start = member(json, "ExclusiveStartGlobalTableName")) r.exclusive_start = std::string(view(*start));
  if (const JsonValue* limit = member(json, "Limit")) r.limit = static_cast<std::size_t>(coral_long(*limit));
  return r;
}

void list_global_tables(const ActionContext& context, requests::ListGlobalTablesRequest request, JsonWriter& out) {
  const requests::ListGlobalTablesResult result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("GlobalTables");
  out.StartArray();
  for (const requests::GlobalTable& table : result.page) {
    out.StartObject();
    out.Key("GlobalTableName");
    out.String(table.name);
    out.Key("ReplicationGroup");
    out.StartArray();
    for (const std::string& region : table.regions) {
      out.StartObject();
      out.Key("RegionName");
      out.String(region);
      out.EndObject();
    }
    out.EndArray();
    out.EndObject();
  }
  out.EndArray();
  if (result.more) {
    out.Key("LastEvaluatedGlobalTableName");
    out.String(result.page.back().name);
  }
  out.EndObject();
}

}  // namespace list_global_tables

const Action kListGlobalTables{"ListGlobalTables", &list_global_tables::kShape, list_global_tables::decode,
                               list_global_tables::list_global_tables};

}  // namespace minnow::api::globaltables
