// UpdateItem: decoded into a requests::UpdateItemRequest, executed (requests/items.h), answered.
// The item is created when absent, as DynamoDB does.
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/write_parts.h"
#include "model/errors.h"

namespace minnow::api::items {

namespace update_item {

// dynalite's validations/updateItem.js, and the enum of AttributeUpdates' Action (AWS's
// AttributeAction; dynalite does not check it, DynamoDB Local lists it in this order).
// The missing Key is reported after the other members' errors (DynamoDB's order, 2026).
const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS "," MINNOW_SHAPE_RETURN_VALUES
                   "," MINNOW_SHAPE_EXPECTED R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},
  "AttributeUpdates": {"type": "Map<AttributeValueUpdate>", "children": {"type": "ValueStruct<AttributeValueUpdate>",
    "children": {"Action": {"type": "String", "enum": ["ADD", "DELETE", "PUT"]}, "Value": "AttrStruct<FieldStruct>"}}},
  "ConditionExpression": {"type": "String"}, "UpdateExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

// The checks in DynamoDB's order, after the Shape (api/write_parts.h).
requests::UpdateItemRequest decode(const ActionContext& context, const JsonValue& json) {
  return decode_update_item(context, json);
}

void update_item(const ActionContext& context, requests::UpdateItemRequest request, JsonWriter& out) {
  requests::ItemWriteResult result = requests::execute(context.requests(), request);
  // An index key of a known type was checked before: this one was set from the item.
  if (result.status == requests::ItemWriteResult::Status::IndexKeyInvalid &&
      result.index_key->problem == model::IndexKeyViolation::Problem::WrongType && !result.index_key->vector_index)
    throw model::Error(model::kIndexKeyUpdateUnsupportedType);
  write_item_write_answer(out, *request.table, request.update.key, request.return_consumed_capacity,
                          request.return_item_collection_metrics, result, /*in_update=*/true);
}

}  // namespace update_item

const Action kUpdateItem{"UpdateItem", &update_item::kShape, update_item::decode, update_item::update_item};

}  // namespace minnow::api::items
