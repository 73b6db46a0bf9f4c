// UpdateItem: decoded into a requests::UpdateItemRequest, executed (requests/items.h), answered.
// The item is created when absent, as DynamoDB does.
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/legacy_params.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/write_parts.h"
#include "model/key.h"
#include "requests/key_checks.h"

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

// The checks in DynamoDB's order, after the Shape.
requests::UpdateItemRequest decode(const ActionContext& context, const JsonValue& json) {
  const WriteMembers m = read_write_members(json);
  const ExpressionMembers expression = write_expressions(m, /*update=*/true);
  requests::UpdateItemRequest r;
  r.update.key = decode_attribute_map(*m.key);
  if (m.attribute_updates) {
    r.update.attribute_updates = decode_attribute_updates(*m.attribute_updates);
    expressions::validate_attribute_updates(r.update.attribute_updates);
  }
  expressions::Compiled compiled = compile_expressions(expression);
  const std::vector<expressions::Path> condition_reads =
      requests::read_paths(compiled.condition ? &*compiled.condition : nullptr, nullptr, nullptr);
  r.update.expression = std::move(compiled.update);
  r.update.condition =
      decode_write_condition(std::move(compiled.condition), m.expected, m.conditional_operator, m.on_condition_failure);
  r.return_values = decode_return_values(m.return_values, /*put_or_delete=*/false);

  r.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  const model::KeySchema& schema = r.table->key_schema();
  model::validate_key(r.update.key, schema);
  check_conditional_operator(m.conditional_operator, m.expected);
  // DynamoDB's order (dynalite's capture): a key attribute written, even through a nested path;
  // an index key set to a value of a known, wrong type; nested paths into the table's key, then
  // into an index key, read or written by the update; then nested paths into the key the
  // condition reads (DynamoDB Local's check).
  requests::check_no_key_updates(r.update.written_attributes(), schema);
  const std::vector<engine::IndexKeyAttribute> index_keys = r.table->index_key_attributes();
  requests::check_index_key_types(r.update.expression ? &*r.update.expression : nullptr, r.update.attribute_updates,
                                  index_keys);
  if (r.update.expression) {
    std::vector<expressions::Path> paths = r.update.expression->paths();
    std::vector<expressions::Path> values = requests::read_paths(nullptr, &*r.update.expression, nullptr);
    paths.insert(paths.end(), values.begin(), values.end());
    requests::check_key_paths(paths, schema);
    requests::check_index_key_paths(paths, index_keys);
  }
  requests::check_key_paths(condition_reads, schema);
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  r.return_item_collection_metrics = item_collection_metrics_wanted(m.return_item_collection_metrics);
  return r;
}

void update_item(const ActionContext& context, requests::UpdateItemRequest request, JsonWriter& out) {
  requests::ItemWriteResult result = requests::execute(context.requests(), request);
  // An index key of a known type was checked before: this one was set from the item.
  if (result.status == requests::ItemWriteResult::Status::IndexKeyInvalid &&
      result.index_key->problem == model::IndexKeyViolation::Problem::WrongType && !result.index_key->vector_index)
    throw model::Error(model::kIndexKeyUpdateUnsupportedType);
  throw_if_failed(result, /*in_update=*/true);
  write_item_write_response(out, *request.table, request.update.key, request.return_consumed_capacity,
                            request.return_item_collection_metrics, result);
}

}  // namespace update_item

const Action kUpdateItem{"UpdateItem", &update_item::kShape, update_item::decode, update_item::update_item};

}  // namespace minnow::api::items
