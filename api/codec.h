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
// The same map in its stored form (model/item_codec.h: encode_item of decode_attribute_map's
// result, byte for byte, and the same errors), without building the map: a PutItem's item.
std::string encode_attribute_map(const JsonValue& json);

void write_value(JsonWriter& w, const model::AttributeValue& value);
void write_attribute_map(JsonWriter& w, const model::AttributeMap& map);
// An item in its stored form (model/item_codec.h), written without decoding it.
void write_encoded_item(JsonWriter& w, std::string_view encoded);

// Plain JSON, as @aws-sdk/lib-dynamodb's DocumentClient reads and writes items (the data API,
// dataapi/): S as a string, N as a JSON number with its exact text, BOOL, NULL as null, L as an
// array, M as an object. Plain JSON has no sets and no binary: written, a set is an array and a
// binary value its base64 text; read, an array is always L and a string always S.
void write_plain_item(JsonWriter& w, std::string_view encoded);
enum class PlainItemStatus { Item, NotJson, NotObject };
// Reads the item a plain JSON text holds into `item`: NotJson when `text` is not one JSON value
// (api/json.h parse_json_events), NotObject when it is not an object. Throws model::Error with
// DynamoDB's message for a value DynamoDB refuses (a number beyond 38 digits or out of range, an
// empty attribute name, nesting deeper than 32 levels).
PlainItemStatus decode_plain_item(std::string_view text, model::Item& item);

}  // namespace minnow::api
