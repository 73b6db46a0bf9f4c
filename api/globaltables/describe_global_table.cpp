// DescribeGlobalTable (version 2017.11.29): the group the request's region's table of that name
// belongs to; GlobalTableNotFoundException when it belongs to none.
#include "api/globaltables/global_tables.h"
#include "api/operations.h"

namespace minnow::api::globaltables {

namespace describe_global_table {

const Shape kShape(R"({
  )" MINNOW_SHAPE_GLOBAL_TABLE_NAME R"(
})");

requests::DescribeGlobalTableRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  return {std::string(view(json["GlobalTableName"]))};
}

void describe_global_table(const ActionContext& context, requests::DescribeGlobalTableRequest request,
                           JsonWriter& out) {
  const requests::GlobalTable table = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("GlobalTableDescription");
  write_global_table_description(context, out, table, "ACTIVE");
  out.EndObject();
}

}  // namespace describe_global_table

const Action kDescribeGlobalTable{"DescribeGlobalTable", &describe_global_table::kShape, describe_global_table::decode,
                                  describe_global_table::describe_global_table};

}  // namespace minnow::api::globaltables
