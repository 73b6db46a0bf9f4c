// DeleteTable: removes a table and answers its last description, DELETING.
//
// Order: the Shape, the table lookup (ResourceNotFoundException, "Table: X not found"), then
// deletion protection (ValidationException, DynamoDB's wording). The table disappears from the
// catalog at once; requests already holding it finish against their copy. A table with
// point-in-time recovery leaves a SYSTEM backup (api/backups/backups.h).
#include "api/backups/backups.h"
#include "api/operations.h"
#include "api/tables/table_description.h"
#include "engine/table.h"
#include "model/errors.h"
#include "requests/tables.h"

namespace minnow::api::tables {

namespace delete_table {

// dynalite's validations/deleteTable.js.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DeleteTableRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::DeleteTableRequest r{find_table(context, json, /*table_operation=*/true)};
  if (r.table->definition().deletion_protection) throw model::Error(model::kDeletionProtected);
  return r;
}

void delete_table(const ActionContext& context, const JsonValue& json, JsonWriter& out) {
  const requests::DeleteTableRequest request = decode(context, json);
  requests::DeleteTableResult result = requests::execute(context.requests(), request);
  // Deleted meanwhile by another request: answer as if it had never been found.
  if (!result.deleted) throw model::table_not_found(request.table->name());
  engine::TableDefinition& def = result.definition;
  if (def.point_in_time_recovery.enabled) backups::keep_deleted_table(context, *request.table);

  // A DELETING table describes no GSIs (as dynalite captured from DynamoDB), nor vector indexes.
  def.global_indexes.clear();
  def.deleting_indexes.clear();
  def.vector_indexes.clear();
  def.deleting_vector_indexes.clear();
  out.StartObject();
  out.Key("TableDescription");
  write_table_description(context, def, request.table.get(), out, "DELETING");
  out.EndObject();
}

}  // namespace delete_table

const Action kDeleteTable{"DeleteTable", &delete_table::kShape, delete_table::delete_table};

}  // namespace minnow::api::tables
