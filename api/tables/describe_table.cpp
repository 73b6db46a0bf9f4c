// DescribeTable: the table's full description.
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "requests/tables.h"

namespace minnow::api::tables {

namespace describe_table {

const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DescribeTableRequest decode(const ActionContext& context, const JsonValue& json) {
  return {find_table(context, json, /*table_operation=*/true)};
}

void describe_table(const ActionContext& context, requests::DescribeTableRequest request, JsonWriter& out) {
  const requests::DescribeTableResult result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("Table");
  write_table_description(context, result.definition, request.table.get(), out, "ACTIVE");
  out.EndObject();
}

}  // namespace describe_table

const Action kDescribeTable{"DescribeTable", &describe_table::kShape, describe_table::decode,
                            describe_table::describe_table};

}  // namespace minnow::api::tables
