// DeleteItem: decoded into a requests::DeleteItemRequest, executed (requests/items.h), answered.
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/write_parts.h"
#include "model/key.h"
#include "requests/key_checks.h"

namespace minnow::api::items {

namespace delete_item {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME "," MINNOW_SHAPE_RETURN_VALUES
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

// The checks in DynamoDB's order, after the Shape.
requests::DeleteItemRequest decode(const ActionContext& context, const JsonValue& json) {
  const WriteMembers m = read_write_members(json);
  const ExpressionMembers expression = write_expressions(m, /*update=*/false);
  requests::DeleteItemRequest r;
  r.del.key = decode_attribute_map(*m.key);
  expressions::Compiled compiled = compile_expressions(expression);
  std::vector<expressions::Path> read =
      requests::read_paths(compiled.condition ? &*compiled.condition : nullptr, nullptr, nullptr);
  r.del.condition =
      decode_write_condition(std::move(compiled.condition), m.expected, m.conditional_operator, m.on_condition_failure);
  r.return_values = decode_return_values(m.return_values, /*put_or_delete=*/true);

  r.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  const model::KeySchema& schema = r.table->key_schema();
  model::validate_key(r.del.key, schema);
  check_conditional_operator(m.conditional_operator, m.expected);
  requests::check_key_paths(read, schema);
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  r.return_item_collection_metrics = item_collection_metrics_wanted(m.return_item_collection_metrics);
  return r;
}

void delete_item(const ActionContext& context, requests::DeleteItemRequest request, JsonWriter& out) {
  requests::ItemWriteResult result = requests::execute(context.requests(), request);
  throw_if_failed(result, /*in_update=*/false);
  write_item_write_response(out, *request.table, request.del.key, request.return_consumed_capacity,
                            request.return_item_collection_metrics, result);
}

}  // namespace delete_item

const Action kDeleteItem{"DeleteItem", &delete_item::kShape, delete_item::decode, delete_item::delete_item};

}  // namespace minnow::api::items
