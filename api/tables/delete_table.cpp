// DeleteTable: removes a table and answers a short description of it, DELETING (under --compat
// dynamodb-local, the whole description, as DynamoDB Local answers).
//
// Order: the Shape, the table lookup (ResourceNotFoundException, "Table: X not found"), then
// deletion protection (ValidationException, DynamoDB's wording). The table disappears from the
// catalog at once; requests already holding it finish against their copy. A table with
// point-in-time recovery leaves a SYSTEM backup (requests/backups.h).
#include "api/descriptions.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "model/compat.h"
#include "model/errors.h"
#include "requests/tables.h"

namespace minnow::api::tables {

namespace delete_table {

// dynalite's validations/deleteTable.js.
const Shape kShape(R"({
  "TableName": {"type": "String", "required": true, "tableName": true}
})");

requests::DeleteTableRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::DeleteTableRequest r{find_table(context, json, /*table_operation=*/true), {}};
  if (r.table->definition().deletion_protection) throw model::Error(model::kDeletionProtected);
  const std::string& name = r.table->name();
  r.deleted_table_backup = {new_backup_arn(context, name, context.now_ms), table_arn(context, name),
                            name + "$DeletedTableBackup"};
  return r;
}

// DynamoDB's short description of a table being deleted (2026): no creation time, key schema,
// attribute definitions or indexes.
void write_deleting_table(const ActionContext& context, const engine::TableDefinition& def, const engine::Table& table,
                          JsonWriter& w) {
  w.StartObject();
  write_string(w, "TableName", def.name);
  write_string(w, "TableStatus", "DELETING");
  write_string(w, "TableId", def.id);
  write_string(w, "TableArn", table_arn(context, def.name));
  if (def.billing_mode == engine::BillingMode::PayPerRequest) {
    w.Key("BillingModeSummary");
    w.StartObject();
    w.Key("BillingMode");
    w.String("PAY_PER_REQUEST");
    write_time(w, "LastUpdateToPayPerRequestDateTime",
               def.last_pay_per_request_ms ? def.last_pay_per_request_ms : def.creation_ms);
    w.EndObject();
  }
  write_throughput(w, def.throughput);
  w.Key("TableSizeBytes");
  w.Uint64(table.size_bytes());
  w.Key("ItemCount");
  w.Uint64(table.item_count());
  w.EndObject();
}

void delete_table(const ActionContext& context, requests::DeleteTableRequest request, JsonWriter& out) {
  requests::DeleteTableResult result = requests::execute(context.requests(), request);
  // Deleted meanwhile by another request: answer as if it had never been found.
  if (!result.deleted) throw model::table_not_found(request.table->name());
  engine::TableDefinition& def = result.definition;

  out.StartObject();
  out.Key("TableDescription");
  if (context.options.compat == model::Compat::kDynamoDBLocal) {
    // DynamoDB Local's whole description, without GSIs (as dynalite captured DynamoDB's in 2020).
    def.global_indexes.clear();
    def.deleting_indexes.clear();
    def.vector_indexes.clear();
    def.deleting_vector_indexes.clear();
    write_table_description(context, def, request.table.get(), out, "DELETING");
  } else {
    write_deleting_table(context, def, *request.table, out);
  }
  out.EndObject();
}

}  // namespace delete_table

const Action kDeleteTable{"DeleteTable", &delete_table::kShape, delete_table::decode, delete_table::delete_table};

}  // namespace minnow::api::tables
