// ListTables: table names in ascending order, a page at a time.
//
// LastEvaluatedTableName comes only when more names remain after a full page, as DynamoDB
// (and DynamoDB Local) do: a page that ends exactly at the last table has none.
#include "api/operations.h"
#include "requests/tables.h"

namespace minnow::api::tables {

namespace list_tables {

// dynalite's validations/listTables.js.
const Shape kShape(R"({
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 100},
  "ExclusiveStartTableName": {"type": "String", "regex": "[a-zA-Z0-9_.-]+",
                              "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255}
})");

requests::ListTablesRequest decode(const ActionContext& /*context*/, const JsonValue& json) {
  requests::ListTablesRequest r;
  if (const JsonValue* v = member(json, "Limit")) r.limit = static_cast<std::size_t>(v->GetDouble());
  if (const JsonValue* v = member(json, "ExclusiveStartTableName")) r.exclusive_start_table = std::string(view(*v));
  return r;
}

void list_tables(const ActionContext& context, requests::ListTablesRequest request, JsonWriter& out) {
  const requests::ListTablesResult result = requests::execute(context.requests(), request);
  out.StartObject();
  out.Key("TableNames");
  out.StartArray();
  for (const auto& name : result.table_names) out.String(name.data(), name.size());
  out.EndArray();
  if (result.more) {
    out.Key("LastEvaluatedTableName");
    out.String(result.table_names.back().data(), result.table_names.back().size());
  }
  out.EndObject();
}

}  // namespace list_tables

const Action kListTables{"ListTables", &list_tables::kShape, list_tables::decode, list_tables::list_tables};

}  // namespace minnow::api::tables
