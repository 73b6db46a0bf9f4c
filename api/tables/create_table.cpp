// CreateTable: a table definition checked as DynamoDB checks it (api/definitions/create_table_request.h),
// then added to the catalog (ResourceInUseException when the name is taken).
#include "api/definitions/create_table_request.h"
#include "api/descriptions.h"
#include "api/operations.h"
#include "model/errors.h"
#include "requests/tables.h"

namespace minnow::api::tables {

namespace create_table {

void create_table(const ActionContext& context, requests::CreateTableRequest request, JsonWriter& out) {
  const std::shared_ptr<engine::Table> table = requests::execute(context.requests(), request).table;
  if (!table) throw model::table_in_use(request.definition.name);

  // DynamoDB answers before the table is ready: CREATING, GSIs CREATING, and no switch time yet.
  // A replica made from a source has the source's settings: those of the table made.
  engine::TableDefinition def = request.source ? table->definition() : std::move(request.definition);
  def.last_pay_per_request_ms = 0;
  for (auto& index : def.global_indexes) index.status = "CREATING";
  for (auto& index : def.vector_indexes) index.status = "CREATING";
  out.StartObject();
  out.Key("TableDescription");
  write_table_description(context, def, nullptr, out, "CREATING");
  out.EndObject();
}

}  // namespace create_table

const Action kCreateTable{"CreateTable", &kCreateTableShape, decode_create_table, create_table::create_table};

}  // namespace minnow::api::tables
