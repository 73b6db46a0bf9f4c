// DeleteItem. Checks, in DynamoDB's order: shape; expression parameters (ConditionalOperator is a
// non-expression parameter); key values; condition (Expected or ConditionExpression); ReturnValues;
// table; key against the schema; ConditionalOperator without Expected; nested paths into key
// attributes in the condition; then the write.
#include "api/operations.h"
#include "api/item_shapes.h"
#include "api/items/item_write.h"

namespace minnow::api::items {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME "," MINNOW_SHAPE_RETURN_VALUES
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

void delete_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  write_single_item(ItemWrite::Kind::Delete, context, request, out);
}

}  // namespace

const Action kDeleteItem{"DeleteItem", &kShape, delete_item};

}  // namespace minnow::api::items
