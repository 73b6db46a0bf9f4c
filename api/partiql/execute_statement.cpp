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

// The statement bound, and for a SELECT the page asked for.
struct Decoded {
  std::string statement;
  BoundStatement bound;
  std::shared_ptr<engine::Table> table;
  std::optional<IndexTarget> index;  // a SELECT of an index
  ReadOptions options;
  PagePosition from;
  ReturnConsumedCapacity capacity = ReturnConsumedCapacity::None;
  bool return_old_on_failure = false;
};

Decoded decode(const ActionContext& context, const JsonValue& json) {
  Decoded d;
  d.statement = std::string(view(json["Statement"]));
  const Parameters params = decode_parameters(member(json, "Parameters"));
  Catalog catalog(context);
  d.bound = bind_text(d.statement, params, catalog, minnow::partiql::Context::Single);
  d.capacity = return_consumed_capacity(json);

  if (auto* select = std::get_if<BoundSelect>(&d.bound.body)) {
    d.table = catalog.table(select->table);
    const IndexTarget* index = catalog.index(*select);
    const JsonValue* consistent = member(json, "ConsistentRead");
    d.options.consistent = consistent && coral_bool(*consistent);
    if (d.options.consistent && index && index->global) throw model::Error(model::kPqlConsistentReadOnGlobalIndex);
    check_index_projection(*select, index);
    if (index) d.index = *index;
    if (const JsonValue* limit = member(json, "Limit")) d.options.limit = static_cast<std::size_t>(coral_long(*limit));
    if (const JsonValue* token = member(json, "NextToken")) d.from = decode_next_token(d.statement, view(*token));
    return d;
  }
  d.table = catalog.table(std::get<BoundWrite>(d.bound.body).table);
  const JsonValue* on_failure = member(json, "ReturnValuesOnConditionCheckFailure");
  d.return_old_on_failure = on_failure && view(*on_failure) == "ALL_OLD";
  return d;
}

void execute_statement(const ActionContext& context, Decoded d, JsonWriter& out) {
  if (auto* select = std::get_if<BoundSelect>(&d.bound.body)) {
    out.StartObject();
    out.Key("Items");
    out.StartArray();
    CapacityBreakdown units;
    std::optional<PagePosition> next =
        read_page(context.requests(), *select, d.table, d.index ? &*d.index : nullptr, d.options, d.from, out, units);
    out.EndArray();
    if (next) {
      out.Key("NextToken");
      std::string token = encode_next_token(d.statement, *next);
      out.String(token.data(), static_cast<rapidjson::SizeType>(token.size()));
    }
    write_consumed_capacity(out, d.capacity, d.table->name(), units);
    out.EndObject();
    return;
  }

  requests::ItemWriteResult result =
      run_write(context, std::get<BoundWrite>(std::move(d.bound.body)), d.table, d.return_old_on_failure, d.capacity);
  out.StartObject();
  out.Key("Items");
  out.StartArray();
  if (result.attributes && !result.attributes->empty()) write_attribute_map(out, *result.attributes);
  out.EndArray();
  write_consumed_capacity(out, d.capacity, d.table->name(), result.consumed);
  out.EndObject();
}

}  // namespace execute_statement

const Action kExecuteStatement{"ExecuteStatement", &execute_statement::kShape, execute_statement::decode,
                               execute_statement::execute_statement};

}  // namespace minnow::api::partiql
