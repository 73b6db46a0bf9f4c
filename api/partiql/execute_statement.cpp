// ExecuteStatement: one PartiQL statement. Checks, in DynamoDB's order: shape; the Parameters'
// values; the statement's syntax, then the binder's checks (parameter count, FROM, projection,
// WHERE, the table, ORDER BY, the key: partiql/binder.h); a NextToken; ConsistentRead on a GSI.
// Then a SELECT reads one page (Limit items read, at most 1 MB) across its key reads or
// partitions, and a write runs as the single-item writes do.
//
// Answers: {"Items": [...], "NextToken"} for a SELECT; {"Items": []} for a write, or the item
// RETURNING asks for as the only element of Items; ConsumedCapacity when asked for.
#include "api/codec.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/partiql/select.h"
#include "api/partiql/statements.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"
#include "model/partiql_errors.h"
#include "requests/items.h"

namespace minnow::api::partiql {

namespace execute_statement {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE
                   R"(,
  "Statement": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8192},
  "Parameters": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "AttrStruct<ValueStruct>"},
  "ConsistentRead": "Boolean",
  "NextToken": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 32768},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1}
})");

void execute_statement(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string_view statement = view(request["Statement"]);
  const Parameters params = decode_parameters(member(request, "Parameters"));
  Catalog catalog(context);
  BoundStatement bound = bind_text(statement, params, catalog, minnow::partiql::Context::Single);
  const ReturnConsumedCapacity capacity = return_consumed_capacity(request);

  if (auto* select = std::get_if<BoundSelect>(&bound.body)) {
    std::shared_ptr<engine::Table> table = catalog.table(select->table);
    const IndexTarget* index = catalog.index(*select);
    ReadOptions options;
    const JsonValue* consistent = member(request, "ConsistentRead");
    options.consistent = consistent && coral_bool(*consistent);
    if (options.consistent && index && index->global) throw model::Error(model::kPqlConsistentReadOnGlobalIndex);
    check_index_projection(*select, index);
    if (const JsonValue* limit = member(request, "Limit")) options.limit = static_cast<std::size_t>(coral_long(*limit));
    PagePosition from;
    if (const JsonValue* token = member(request, "NextToken")) from = decode_next_token(statement, view(*token));

    out.StartObject();
    out.Key("Items");
    out.StartArray();
    CapacityBreakdown units;
    std::optional<PagePosition> next = read_page(context.requests(), *select, table, index, options, from, out, units);
    out.EndArray();
    if (next) {
      out.Key("NextToken");
      std::string token = encode_next_token(statement, *next);
      out.String(token.data(), static_cast<rapidjson::SizeType>(token.size()));
    }
    write_consumed_capacity(out, capacity, table->name(), units);
    out.EndObject();
    return;
  }

  BoundWrite& bound_write = std::get<BoundWrite>(bound.body);
  std::shared_ptr<engine::Table> table = catalog.table(bound_write.table);
  const JsonValue* on_failure = member(request, "ReturnValuesOnConditionCheckFailure");
  requests::ItemWriteResult result =
      run_write(context, std::move(bound_write), table, on_failure && view(*on_failure) == "ALL_OLD", capacity);
  out.StartObject();
  out.Key("Items");
  out.StartArray();
  if (result.attributes && !result.attributes->empty()) write_attribute_map(out, *result.attributes);
  out.EndArray();
  write_consumed_capacity(out, capacity, table->name(), result.consumed);
  out.EndObject();
}

}  // namespace execute_statement

const Action kExecuteStatement{"ExecuteStatement", &execute_statement::kShape, execute_statement::execute_statement};

}  // namespace minnow::api::partiql
