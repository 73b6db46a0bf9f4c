// DescribeGlobalTableSettings (version 2017.11.29): each member's billing mode and provisioned
// capacity, its GSIs' too.
#include "api/globaltables/global_tables.h"
#include "api/operations.h"

namespace minnow::api::globaltables {

namespace describe_global_table_settings {

const Shape kShape(R"({
  )" MINNOW_SHAPE_GLOBAL_TABLE_NAME R"(
})");

requests::DescribeGlobalTableSettingsRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  return {std::string(view(json["GlobalTableName"]))};
}

void describe_global_table_settings(const ActionContext& context, requests::DescribeGlobalTableSettingsRequest request,
                                    JsonWriter& out) {
  write_global_table_settings(out, requests::execute(context.requests(), request));
}

}  // namespace describe_global_table_settings

const Action kDescribeGlobalTableSettings{"DescribeGlobalTableSettings", &describe_global_table_settings::kShape,
                                          describe_global_table_settings::decode,
                                          describe_global_table_settings::describe_global_table_settings};

}  // namespace minnow::api::globaltables
