// PutItem: decoded into a requests::PutItemRequest, executed (requests/items.h), answered.
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/write_parts.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/key_checks.h"

namespace minnow::api::items {

namespace put_item {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME R"(,
  "Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   "," MINNOW_SHAPE_RETURN_VALUES "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

// The checks in DynamoDB's order, after the Shape.
requests::PutItemRequest decode(const ActionContext& context, const JsonValue& json) {
  const WriteMembers m = read_write_members(json);
  const ExpressionMembers expression = write_expressions(m, /*update=*/false);
  requests::PutItemRequest r;
  r.put.item = decode_attribute_map(*m.item);
  r.return_values = decode_return_values(m.return_values, /*put_or_delete=*/true);
  r.put.size = model::item_size(r.put.item);
  if (r.put.size > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
  expressions::Compiled compiled = compile_expressions(expression);
  std::vector<expressions::Path> read =
      requests::read_paths(compiled.condition ? &*compiled.condition : nullptr, nullptr, nullptr);
  r.put.condition =
      decode_write_condition(std::move(compiled.condition), m.expected, m.conditional_operator, m.on_condition_failure);

  r.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  const model::KeySchema& schema = r.table->key_schema();
  model::validate_item_key(r.put.item, schema);
  r.put.key = model::key_of(r.put.item, schema);
  check_conditional_operator(m.conditional_operator, m.expected);
  requests::check_key_paths(read, schema);
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  r.return_item_collection_metrics = item_collection_metrics_wanted(m.return_item_collection_metrics);
  return r;
}

void put_item(const ActionContext& context, requests::PutItemRequest request, JsonWriter& out) {
  requests::ItemWriteResult result = requests::execute(context.requests(), request);
  throw_if_failed(result, /*in_update=*/false);
  write_item_write_response(out, *request.table, request.put.key, request.return_consumed_capacity,
                            request.return_item_collection_metrics, result);
}

}  // namespace put_item

const Action kPutItem{"PutItem", &put_item::kShape, put_item::decode, put_item::put_item};

}  // namespace minnow::api::items
