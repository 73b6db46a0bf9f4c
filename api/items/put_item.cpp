// PutItem: decoded into a requests::PutItemRequest, executed (requests/items.h), answered.
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/write_parts.h"

namespace minnow::api::items {

namespace put_item {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME R"(,
  "Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   "," MINNOW_SHAPE_RETURN_VALUES "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

// The checks in DynamoDB's order, after the Shape (api/write_parts.h).
requests::PutItemRequest decode(const ActionContext& context, const JsonValue& json) {
  return decode_put_item(context, json);
}

void put_item(const ActionContext& context, requests::PutItemRequest request, JsonWriter& out) {
  requests::ItemWriteResult result = requests::execute(context.requests(), request);
  write_item_write_answer(out, *request.table, request.put.key, request.return_consumed_capacity,
                          request.return_item_collection_metrics, result, /*in_update=*/false);
}

}  // namespace put_item

const Action kPutItem{"PutItem", &put_item::kShape, put_item::decode, put_item::put_item};

}  // namespace minnow::api::items
