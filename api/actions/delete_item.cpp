// DeleteItem. Checks, in DynamoDB's order: shape; expression parameters (ConditionalOperator is a
// non-expression parameter); key values; condition (Expected or ConditionExpression); ReturnValues;
// table; key against the schema; ConditionalOperator without Expected; nested paths into key
// attributes in the condition; then the write.
#include "api/actions/actions.h"
#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/key_paths.h"
#include "api/request_expressions.h"
#include "api/write_condition.h"
#include "api/tables.h"
#include "model/errors.h"
#include "model/key.h"

namespace minnow::api::actions {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY "," MINNOW_SHAPE_TABLE_NAME "," MINNOW_SHAPE_RETURN_VALUES
                   "," MINNOW_SHAPE_RETURN_ITEM_COLLECTION_METRICS R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},)"
                   MINNOW_SHAPE_EXPECTED R"(, "ConditionExpression": {"type": "String"},)"
                   MINNOW_SHAPE_EXPRESSION_ATTRIBUTES "," MINNOW_SHAPE_RETURN_VALUES_ON_CONDITION_CHECK_FAILURE "}");

void delete_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  validate_expression_params(request, {"ConditionExpression"}, {"Expected", "ConditionalOperator"});
  model::AttributeMap key = decode_attribute_map(request["Key"]);
  expressions::Compiled compiled = compile_expressions(request);
  std::vector<expressions::Path> read = read_paths(compiled);
  WriteCondition condition(request, std::move(compiled.condition));
  const JsonValue* return_values = member(request, "ReturnValues");
  bool return_old = return_values && view(*return_values) == "ALL_OLD";
  if (return_values && !return_old && view(*return_values) != "NONE") throw model::return_values_put_delete();

  auto table = find_table(context, request, /*table_operation=*/false);
  model::validate_key(key, table->key_schema());
  validate_conditional_operator(request);
  validate_key_paths(read, table->key_schema());

  std::optional<model::Item> old;
  table->write(key, [&](const model::Item* existing) {
    condition.check(existing);
    if (!existing) return engine::WriteDecision::keep();
    old = *existing;
    return engine::WriteDecision::remove();
  });

  out.StartObject();
  if (old && return_old) {
    out.Key("Attributes");
    write_attribute_map(out, *old);
  }
  write_consumed_capacity(out, return_consumed_capacity(request), table->name(),
                          write_units(old ? model::item_size(*old) : 0));
  out.EndObject();
}

}  // namespace

const Action kDeleteItem{"DeleteItem", &kShape, delete_item};

}  // namespace minnow::api::actions
