// DescribeTimeToLive: ENABLED with the attribute, or DISABLED without one.
#include "api/operations.h"
#include "api/table_lookup.h"
#include "requests/time_to_live.h"

namespace minnow::api::tables {

namespace describe_time_to_live {

const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DescribeTimeToLiveRequest decode(const ActionContext& context, const JsonValue& json) {
  return {find_table(context, json, /*table_operation=*/true)};
}

void describe_time_to_live(const ActionContext& context, requests::DescribeTimeToLiveRequest request, JsonWriter& out) {
  const std::string attribute = requests::execute(context.requests(), request).attribute_name;
  out.StartObject();
  out.Key("TimeToLiveDescription");
  out.StartObject();
  out.Key("TimeToLiveStatus");
  out.String(attribute.empty() ? "DISABLED" : "ENABLED");
  if (!attribute.empty()) {
    out.Key("AttributeName");
    out.String(attribute.data(), attribute.size());
  }
  out.EndObject();
  out.EndObject();
}

}  // namespace describe_time_to_live

const Action kDescribeTimeToLive{"DescribeTimeToLive", &describe_time_to_live::kShape, describe_time_to_live::decode,
                                 describe_time_to_live::describe_time_to_live};

}  // namespace minnow::api::tables
