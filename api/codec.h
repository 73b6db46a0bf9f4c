// JSON <-> AttributeValue / Item, strict, with DynamoDB's messages.
//
// Decoding assumes the request already passed api/shape's type check (JSON kinds are right)
// and performs DynamoDB's value checks (numbers, empty and duplicate sets, NULL must be true,
// exactly one type) in DynamoDB's order. Encoding writes straight to a RapidJSON writer.
#pragma once

#include "api/json.h"
#include "model/attribute_value.h"

namespace minnow::api {

model::AttributeValue decode_value(const JsonValue& json);
// A JSON object of name -> AttributeValue (Item, Key, ExpressionAttributeValues).
model::AttributeMap decode_attribute_map(const JsonValue& json);

void write_value(JsonWriter& w, const model::AttributeValue& value);
void write_attribute_map(JsonWriter& w, const model::AttributeMap& map);
// An item in its stored form (model/item_codec.h), written without decoding it.
void write_encoded_item(JsonWriter& w, std::string_view encoded);

}  // namespace minnow::api
