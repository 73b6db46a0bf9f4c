// GetItem. Checks, in DynamoDB's order: shape; expression parameters; key values; duplicate
// AttributesToGet; ProjectionExpression; table; key against the schema; nested projection paths
// into key attributes (dynalite's order: DynamoDB Local checks them before the key); then the
// read (requests/reads.h).
#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/legacy_params.h"
#include "api/members.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/key.h"
#include "requests/key_checks.h"
#include "requests/reads.h"

namespace minnow::api::reads {

namespace get_item {

const Shape kShape("{" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY R"(,
  "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},)" MINNOW_SHAPE_TABLE_NAME
                   R"(,
  "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"},
  "ConsistentRead": "Boolean",
  "ProjectionExpression": {"type": "String"},
  "ExpressionAttributeNames": {"type": "Map<java.lang.String>", "children": "String"}
})");

struct Members {
  const JsonValue *table_name, *key, *attributes_to_get, *consistent_read, *projection_expression, *names,
      *return_consumed_capacity;
};
constexpr MemberField<Members> kMembers[] = {
    {"TableName", &Members::table_name},
    {"Key", &Members::key},
    {"AttributesToGet", &Members::attributes_to_get},
    {"ConsistentRead", &Members::consistent_read},
    {"ProjectionExpression", &Members::projection_expression},
    {"ExpressionAttributeNames", &Members::names},
    {"ReturnConsumedCapacity", &Members::return_consumed_capacity},
};

requests::GetItemRequest decode(const ActionContext& context, const JsonValue& json) {
  const Members m = read_members(json, kMembers);
  ExpressionMembers expression{.names = m.names, .projection = m.projection_expression};
  validate_expression_params({{"ProjectionExpression", m.projection_expression}},
                             {{"AttributesToGet", m.attributes_to_get}}, expression);
  requests::GetItemRequest r;
  r.key = decode_attribute_map(*m.key);
  check_attributes_to_get(m.attributes_to_get);
  r.projection = read_projection(compile_expressions(expression).projection, m.attributes_to_get);

  r.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  model::validate_key(r.key, r.table->key_schema());
  if (m.projection_expression) requests::check_key_and_index_key_paths(r.projection->paths, *r.table);
  r.consistent_read = m.consistent_read && coral_bool(*m.consistent_read);
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  return r;
}

void get_item(const ActionContext& context, requests::GetItemRequest request, JsonWriter& out) {
  requests::GetItemResult result = requests::execute(context.requests(), request);
  out.StartObject();
  if (const std::optional<std::string_view> encoded = result.encoded()) {
    out.Key("Item");
    // The stored form is written as JSON directly unless a projection needs the decoded item.
    if (request.projection) {
      write_attribute_map(out, requests::projected_item(request.projection, *encoded));
    } else {
      write_encoded_item(out, *encoded);
    }
  }
  write_consumed_capacity(out, request.return_consumed_capacity, request.table->name(), result.units);
  out.EndObject();
}

}  // namespace get_item

const Action kGetItem{"GetItem", &get_item::kShape, get_item::decode, get_item::get_item};

}  // namespace minnow::api::reads
