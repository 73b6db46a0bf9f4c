// UpdateItem. Checks, in DynamoDB's order: shape; expression parameters (ConditionalOperator is a
// non-expression parameter); key values; AttributeUpdates; condition and expressions; table; key
// against the schema; ConditionalOperator without Expected; nested paths into key attributes read
// by the condition or a SET value; key attributes not updated; then, under the table lock, the
// condition, the update, the size of the result. The item is created when absent, as DynamoDB does.
#include "api/operations.h"
#include "api/item_shapes.h"
#include "api/items/item_write.h"

namespace minnow::api::items {

namespace {

// dynalite's validations/updateItem.js, and the enum of AttributeUpdates' Action (AWS's
// AttributeAction; dynalite does not check it, DynamoDB Local lists it in this order).
const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS "," MINNOW_SHAPE_RETURN_VALUES R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)" MINNOW_SHAPE_EXPECTED
                   R"(,
  "AttributeUpdates": {"type": "Map<AttributeValueUpdate>", "children": {"type": "ValueStruct<AttributeValueUpdate>",
    "children": {"Action": {"type": "String", "enum": ["ADD", "DELETE", "PUT"]}, "Value": "AttrStruct<FieldStruct>"}}},
  "ConditionExpression": {"type": "String"}, "UpdateExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

void update_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  write_single_item(ItemWrite::Kind::Update, context, request, out);
}

}  // namespace

const Action kUpdateItem{"UpdateItem", &kShape, update_item};

}  // namespace minnow::api::items
