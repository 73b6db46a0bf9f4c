// ListTables: table names in ascending order, a page at a time.
//
// LastEvaluatedTableName comes only when more names remain after a full page, as DynamoDB
// (and DynamoDB Local) do: a page that ends exactly at the last table has none.
#include "api/operations.h"
#include "engine/database.h"

namespace minnow::api::tables {

namespace {

// dynalite's validations/listTables.js.
const Shape kShape(R"({
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 100},
  "ExclusiveStartTableName": {"type": "String", "regex": "[a-zA-Z0-9_.-]+",
                              "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255}
})");

constexpr std::size_t kDefaultLimit = 100;

void list_tables(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  std::size_t limit = kDefaultLimit;
  if (const JsonValue* v = member(request, "Limit")) limit = static_cast<std::size_t>(v->GetDouble());
  std::optional<std::string> start;
  if (const JsonValue* v = member(request, "ExclusiveStartTableName")) start = std::string(view(*v));

  // One name more than the page tells whether the page is the last one.
  std::vector<std::string> names = context.database.list(start, limit + 1);
  bool more = names.size() > limit;
  if (more) names.pop_back();

  out.StartObject();
  out.Key("TableNames");
  out.StartArray();
  for (const auto& name : names) out.String(name.data(), name.size());
  out.EndArray();
  if (more) {
    out.Key("LastEvaluatedTableName");
    out.String(names.back().data(), names.back().size());
  }
  out.EndObject();
}

}  // namespace

const Action kListTables{"ListTables", &kShape, list_tables};

}  // namespace minnow::api::tables
