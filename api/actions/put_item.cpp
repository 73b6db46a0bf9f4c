// PutItem. Checks, in DynamoDB's order: shape; expression parameters (ConditionalOperator is a
// non-expression parameter); each attribute value; ReturnValues; item size; condition (Expected or
// ConditionExpression); table; key attributes; ConditionalOperator without Expected; nested
// paths into key attributes in the condition; then the conditional write.
#include "api/actions/actions.h"
#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/item_write.h"
#include "api/key_paths.h"
#include "api/request_expressions.h"
#include "api/write_condition.h"
#include "api/tables.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"

namespace minnow::api::actions {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME R"(,
  "Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)"
                   MINNOW_SHAPE_EXPECTED "," MINNOW_SHAPE_RETURN_VALUES "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS
                   R"(, "ConditionExpression": {"type": "String"},)" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES
                   "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

void put_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  ItemWrite write(ItemWrite::Kind::Put, request, /*single_item=*/true);
  auto table = find_table(context, request, /*table_operation=*/false);
  write.bind(table);
  write.check_item();
  check_injected_conflict(context, *table, write.key());
  table->write(write.key(), [&](const model::Item* existing) { return write.decide(existing); }, write.reads_old());

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

const Action kPutItem{"PutItem", &kShape, put_item};

}  // namespace minnow::api::actions
