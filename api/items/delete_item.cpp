// DeleteItem: decoded into a requests::DeleteItemRequest, executed (requests/items.h), answered.
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/write_parts.h"

namespace minnow::api::items {

namespace delete_item {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME "," MINNOW_SHAPE_RETURN_VALUES
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

// The checks in DynamoDB's order, after the Shape (api/write_parts.h).
requests::DeleteItemRequest decode(const ActionContext& context, const JsonValue& json) {
  return decode_delete_item(context, json);
}

void delete_item(const ActionContext& context, requests::DeleteItemRequest request, JsonWriter& out) {
  requests::ItemWriteResult result = requests::execute(context.requests(), request);
  write_item_write_answer(out, *request.table, request.del.key, request.return_consumed_capacity,
                          request.return_item_collection_metrics, result, /*in_update=*/false);
}

}  // namespace delete_item

const Action kDeleteItem{"DeleteItem", &delete_item::kShape, delete_item::decode, delete_item::delete_item};

}  // namespace minnow::api::items
