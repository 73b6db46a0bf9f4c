// GetItem. Checks, in DynamoDB's order: shape; expression parameters; key values; duplicate
// AttributesToGet; ProjectionExpression; table; key against the schema; nested projection paths
// into key attributes (dynalite's order: DynamoDB Local checks them before the key); then the read.
#include <unordered_set>

#include "api/operations.h"
#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/key_paths.h"
#include "api/request_expressions.h"
#include "api/table_lookup.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace minnow::api::reads {

namespace {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},)" MINNOW_SHAPE_TABLE_NAME
                   R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},
  "ConsistentRead": "Boolean",
  "ProjectionExpression": {"type": "String"},
  "ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"}
})");

void get_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  validate_expression_params(request, {"ProjectionExpression"}, {"AttributesToGet"});
  model::AttributeMap key = decode_attribute_map(request["Key"]);
  const JsonValue* attributes_to_get = member(request, "AttributesToGet");
  if (attributes_to_get) {
    std::unordered_set<std::string_view> seen;
    for (const auto& name : attributes_to_get->GetArray())
      if (!seen.insert(view(name)).second) throw model::duplicate_attribute_to_get(std::string(view(name)));
  }
  std::optional<expressions::Projection> projection = compile_expressions(request).projection;

  auto table = find_table(context, request, /*table_operation=*/false);
  model::validate_key(key, table->key_schema());
  if (projection) validate_key_paths(projection->paths, table->key_schema());
  // Stored form: written as JSON directly unless a projection needs the decoded item.
  std::optional<std::string> encoded = table->get_encoded(key);

  out.StartObject();
  if (encoded) {
    out.Key("Item");
    if (projection) {
      write_attribute_map(out, expressions::project(model::decode_item(*encoded), *projection));
    } else if (attributes_to_get) {
      model::Item item = model::decode_item(*encoded);
      model::AttributeMap projected;
      for (const auto& name : attributes_to_get->GetArray()) {
        auto it = item.find(view(name));
        if (it != item.end()) projected.insert(*it);
      }
      write_attribute_map(out, projected);
    } else {
      write_encoded_item(out, *encoded);
    }
  }
  const JsonValue* consistent_read = member(request, "ConsistentRead");
  bool consistent = consistent_read && coral_bool(*consistent_read);
  write_consumed_capacity(out, return_consumed_capacity(request), table->name(),
                          read_units(encoded ? model::encoded_item_size(*encoded) : 0, consistent));
  out.EndObject();
}

}  // namespace

const Action kGetItem{"GetItem", &kShape, get_item};

}  // namespace minnow::api::reads
