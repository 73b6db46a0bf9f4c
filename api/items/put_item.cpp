// PutItem. Checks, in DynamoDB's order: shape; expression parameters (ConditionalOperator is a
// non-expression parameter); each attribute value; ReturnValues; item size; condition (Expected or
// ConditionExpression); table; key attributes; ConditionalOperator without Expected; nested
// paths into key attributes in the condition; then the conditional write.
#include "api/operations.h"
#include "api/item_shapes.h"
#include "api/items/item_write.h"

namespace minnow::api::items {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME R"(,
  "Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   "," MINNOW_SHAPE_RETURN_VALUES "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

void put_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  write_single_item(ItemWrite::Kind::Put, context, request, out);
}

}  // namespace

const Action kPutItem{"PutItem", &kShape, put_item};

}  // namespace minnow::api::items
