// DescribeTable: the table's full description.
#include "api/operations.h"
#include "api/tables/table_description.h"

namespace minnow::api::tables {

namespace {

const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true, "regex": "[a-zA-Z0-9_.-]+"}
})");

void describe_table(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  auto table = find_table(context, request, /*table_operation=*/true);
  out.StartObject();
  out.Key("Table");
  write_table_description(context, *table, out);
  out.EndObject();
}

}  // namespace

const Action kDescribeTable{"DescribeTable", &kShape, describe_table};

}  // namespace minnow::api::tables
