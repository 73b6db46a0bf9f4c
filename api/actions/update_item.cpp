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

// The top-level attributes a legacy update names, for ReturnValues UPDATED_*.
model::Item top_level(const model::Item& item, const std::vector<expressions::AttributeUpdate>& updates) {
  model::Item out;
  for (const auto& u : updates) {
    auto it = item.find(u.attribute);
    if (it != item.end()) out.insert(*it);
  }
  return out;
}

void update_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  validate_expression_params(request, {"UpdateExpression", "ConditionExpression"},
                             {"AttributeUpdates", "Expected", "ConditionalOperator"});
  model::AttributeMap key = decode_attribute_map(request["Key"]);
  std::vector<expressions::AttributeUpdate> attribute_updates;
  if (const JsonValue* updates = member(request, "AttributeUpdates")) {
    attribute_updates = decode_attribute_updates(*updates);
    expressions::validate_attribute_updates(attribute_updates);
  }
  expressions::Compiled compiled = compile_expressions(request);
  std::vector<expressions::Path> read = read_paths(compiled);
  WriteCondition condition(request, std::move(compiled.condition));
  std::string_view return_values = "NONE";
  if (const JsonValue* v = member(request, "ReturnValues")) return_values = view(*v);

  auto table = find_table(context, request, /*table_operation=*/false);
  const model::KeySchema& schema = table->key_schema();
  model::validate_key(key, schema);
  validate_conditional_operator(request);
  validate_key_paths(read, schema);
  std::vector<std::string> written;
  std::vector<expressions::Path> paths;
  if (compiled.update) {
    paths = compiled.update->paths();
    for (const auto& p : paths) written.push_back(p.elements[0].name);
  } else {
    for (const auto& u : attribute_updates) written.push_back(u.attribute);
  }
  validate_no_key_updates(written, schema);
  validate_key_paths(paths, schema);

  std::optional<model::Item> old_item;
  model::Item new_item;
  table->write(key, [&](const model::Item* existing) {
    condition.check(existing);
    if (existing) old_item = *existing;
    const model::Item& base = existing ? *existing : key;
    new_item = compiled.update ? expressions::apply_update(*compiled.update, base)
                               : expressions::apply_attribute_updates(attribute_updates, base);
    if (model::item_size(new_item) > model::kMaxItemBytes) throw model::update_item_too_large();
    return engine::WriteDecision::put(new_item);
  });

  out.StartObject();
  std::optional<model::Item> attributes;
  if (return_values == "ALL_OLD") {
    attributes = old_item;
  } else if (return_values == "ALL_NEW") {
    attributes = new_item;
  } else if (return_values == "UPDATED_OLD" && old_item) {
    attributes = compiled.update ? expressions::updated_attributes(*old_item, *compiled.update)
                                 : top_level(*old_item, attribute_updates);
  } else if (return_values == "UPDATED_NEW") {
    attributes = compiled.update ? expressions::updated_attributes(new_item, *compiled.update)
                                 : top_level(new_item, attribute_updates);
  }
  if (attributes && !attributes->empty()) {
    out.Key("Attributes");
    write_attribute_map(out, *attributes);
  }
  std::size_t old_size = old_item ? model::item_size(*old_item) : 0;
  write_consumed_capacity(out, return_consumed_capacity(request), table->name(),
                          write_units(std::max(old_size, model::item_size(new_item))));
  out.EndObject();
}

}  // namespace

const Action kUpdateItem{"UpdateItem", &kShape, update_item};

}  // namespace minnow::api::actions
