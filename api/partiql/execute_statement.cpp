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
#include "api/items/write_parts.h"
#include "api/operations.h"
#include "api/partiql/statements.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"
#include "model/partiql_errors.h"
#include "requests/items.h"

namespace minnow::api::partiql {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE
                   R"(,
  "Statement": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 8192},
  "Parameters": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "AttrStruct<ValueStruct>"},
  "ConsistentRead": "Boolean",
  "NextToken": {"type": "String", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 32768},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1}
})");

// attribute_not_exists(<partition key>) OR `condition`: a DELETE of an item that does not exist
// succeeds whatever the rest of its WHERE says (DynamoDB Local's answer).
expressions::Condition unless_absent(expressions::Condition condition, const std::string& partition_key) {
  expressions::Node absent;
  absent.kind = expressions::NodeKind::Call;
  absent.function = expressions::Function::AttributeNotExists;
  absent.text = "attribute_not_exists";
  expressions::Node path;
  path.kind = expressions::NodeKind::Path;
  expressions::PathElement element;
  element.text = element.name = partition_key;
  path.path.elements.push_back(std::move(element));
  absent.args.push_back(std::move(path));
  expressions::Node either;
  either.kind = expressions::NodeKind::Or;
  either.args.push_back(std::move(absent));
  either.args.push_back(std::move(condition.root));
  condition.root = std::move(either);
  return condition;
}

requests::ReturnValues return_values_of(minnow::partiql::ReturnValues returning) {
  using R = minnow::partiql::ReturnValues;
  switch (returning) {
    case R::AllOld:
      return requests::ReturnValues::AllOld;
    case R::UpdatedOld:
      return requests::ReturnValues::UpdatedOld;
    case R::AllNew:
      return requests::ReturnValues::AllNew;
    case R::UpdatedNew:
      return requests::ReturnValues::UpdatedNew;
    case R::None:
      break;
  }
  return requests::ReturnValues::None;
}

// An INSERT, UPDATE or DELETE as the typed request PutItem, UpdateItem or DeleteItem makes, run
// through the same execution; its failures are answered as the statement's.
requests::ItemWriteResult run_write(const ActionContext& context, BoundWrite write,
                                    std::shared_ptr<engine::Table> table, bool return_old_on_failure,
                                    ReturnConsumedCapacity capacity) {
  requests::WriteCondition condition{std::move(write.condition), return_old_on_failure};
  const requests::ReturnValues returning = return_values_of(write.returning);
  requests::ItemWriteResult result;
  switch (write.kind) {
    case minnow::partiql::WriteKind::Insert: {
      requests::PutItemRequest r;
      r.table = std::move(table);
      r.put.size = model::item_size(write.item);
      if (r.put.size > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
      r.put.item = std::move(write.item);
      r.put.key = std::move(write.key);
      r.put.condition = std::move(condition);
      r.return_consumed_capacity = capacity;
      result = requests::execute(context.requests(), r);
      if (result.status == requests::ItemWriteResult::Status::ConditionFailed) {
        model::Error error = model::pql_duplicate_item();
        if (result.failed_item) error.item = std::make_shared<model::AttributeValue>(*result.failed_item);
        throw error;
      }
      break;
    }
    case minnow::partiql::WriteKind::Update: {
      requests::UpdateItemRequest r;
      r.table = std::move(table);
      r.update.key = std::move(write.key);
      r.update.expression = std::move(write.update);
      r.update.condition = std::move(condition);
      r.return_values = returning;
      r.return_consumed_capacity = capacity;
      result = requests::execute(context.requests(), r);
      break;
    }
    case minnow::partiql::WriteKind::Delete: {
      requests::DeleteItemRequest r;
      if (condition.expression)
        condition.expression = unless_absent(std::move(*condition.expression), table->key_schema().hash.name);
      r.table = std::move(table);
      r.del.key = std::move(write.key);
      r.del.condition = std::move(condition);
      r.return_values = returning;
      r.return_consumed_capacity = capacity;
      result = requests::execute(context.requests(), r);
      break;
    }
  }
  throw_if_failed(result, write.kind == minnow::partiql::WriteKind::Update);
  return result;
}

void execute_statement(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string_view statement = view(request["Statement"]);
  const Parameters params = decode_parameters(member(request, "Parameters"));
  Catalog catalog(context);
  BoundStatement bound = bind_text(statement, params, catalog, minnow::partiql::Context::Single);
  const ReturnConsumedCapacity capacity = return_consumed_capacity(request);

  if (const auto* select = std::get_if<BoundSelect>(&bound.body)) {
    std::shared_ptr<engine::Table> table = catalog.table(select->table);
    const IndexTarget* index = catalog.index(*select);
    ReadOptions options;
    const JsonValue* consistent = member(request, "ConsistentRead");
    options.consistent = consistent && coral_bool(*consistent);
    if (options.consistent && index && index->global) throw model::Error(model::kConsistentReadOnGlobalIndex);
    check_index_projection(*select, index);
    if (const JsonValue* limit = member(request, "Limit")) options.limit = static_cast<std::size_t>(coral_long(*limit));
    options.capacity = capacity;
    PagePosition from;
    if (const JsonValue* token = member(request, "NextToken")) from = decode_next_token(statement, view(*token));

    out.StartObject();
    out.Key("Items");
    out.StartArray();
    CapacityBreakdown units;
    std::optional<PagePosition> next = read_page(*select, *table, index, options, from, out, units);
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

}  // namespace

const Action kExecuteStatement{"ExecuteStatement", &kShape, execute_statement};

}  // namespace minnow::api::partiql
