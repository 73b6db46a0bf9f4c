// DescribeTable: the table's full description.
#include "api/operations.h"
#include "api/descriptions.h"
#include "api/table_lookup.h"
#include "requests/tables.h"

namespace minnow::api::tables {

namespace describe_table {

const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

void describe_table(const ActionContext& context, const JsonValue& json, JsonWriter& out) {
  const requests::DescribeTableRequest request{find_table(context, json, /*table_operation=*/true)};
  const requests::DescribeTableResult result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("Table");
  write_table_description(context, result.definition, request.table.get(), out, "ACTIVE");
  out.EndObject();
}

}  // namespace describe_table

const Action kDescribeTable{"DescribeTable", &describe_table::kShape, describe_table::describe_table};

}  // namespace minnow::api::tables
