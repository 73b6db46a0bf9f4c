// UpdateItem. Checks, in DynamoDB's order: shape; expression parameters (ConditionalOperator is a
// non-expression parameter); key values; AttributeUpdates; condition and expressions; table; key
// against the schema; ConditionalOperator without Expected; nested paths into key attributes read
// by the condition or a SET value; key attributes not updated; then, under the table lock, the
// condition, the update, the size of the result. The item is created when absent, as DynamoDB does.
#include "api/actions/actions.h"
#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/item_write.h"
#include "api/key_paths.h"
#include "api/legacy_params.h"
#include "api/request_expressions.h"
#include "api/tables.h"
#include "api/write_condition.h"
#include "expressions/legacy.h"
#include "expressions/projection.h"
#include "expressions/update.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"

namespace minnow::api::actions {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS "," MINNOW_SHAPE_RETURN_VALUES R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)"
                   MINNOW_SHAPE_EXPECTED R"(,
  "AttributeUpdates": {"type": "Map<AttributeValueUpdate>", "children": {"type": "ValueStruct<AttributeValueUpdate>",
    "children": {"Action": "String", "Value": "AttrStruct<FieldStruct>"}}},
  "ConditionExpression": {"type": "String"}, "UpdateExpression": {"type": "String"},)"
                   MINNOW_SHAPE_EXPRESSION_ATTRIBUTES "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

void update_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  ItemWrite write(ItemWrite::Kind::Update, request, /*single_item=*/true);
  auto table = find_table(context, request, /*table_operation=*/false);
  write.bind(table);
  write.check_item();
  check_injected_conflict(context, *table, write.key());
  table->write(write.key(), [&](const model::Item* existing) { return write.decide(existing); });

  out.StartObject();
  write.write_attributes(out);
  write_consumed_capacity(out, return_consumed_capacity(request), table->name(), write.consumed_capacity());
  if (wants_item_collection_metrics(request, *table)) {
    out.Key("ItemCollectionMetrics");
    write_item_collection_metrics(out, *table, write.key());
  }
  out.EndObject();
}

}  // namespace

const Action kUpdateItem{"UpdateItem", &kShape, update_item};

}  // namespace minnow::api::actions
