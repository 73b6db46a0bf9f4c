// Items in DynamoDB JSON as DynamoDB's exports write them and its imports read them: one JSON
// object a line, {"Item":{"pk":{"S":"a"},...}} (an incremental export's lines hold Metadata,
// Keys, NewImage and OldImage instead). Numbers keep their exact text both ways.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "api/json.h"
#include "model/attribute_value.h"

namespace minnow::api::movement {

// Appends {"Item":ITEM}\n for an item in its stored form (model/item_codec.h).
void append_item_line(std::string& out, std::string_view encoded);
// Appends an incremental export's line: {"Metadata":{"WriteTimestampMicros":{"N":...}},
// "Keys":KEYS,"NewImage":NEW,"OldImage":OLD}\n; `new_item` or `old_item` empty: left out.
void append_change_line(std::string& out, int64_t write_micros, const model::Item& keys, std::string_view new_item,
                        std::string_view old_item);

// The item of one line {"Item":{...}}. Throws model::Error with DynamoDB's message for a value
// DynamoDB refuses, and a ValidationException for a line that is not such an object. `scratch`
// is reused from line to line: a new document per line allocated its memory pool every time.
model::Item read_item_line(std::string_view line, JsonDocument& scratch);

}  // namespace minnow::api::movement
