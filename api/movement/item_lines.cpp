#include "api/movement/item_lines.h"

#include "api/codec.h"
#include "api/json.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/shape_errors.h"
#include "model/transfer_errors.h"

namespace minnow::api::movement {

void append_item_line(std::string& out, std::string_view encoded) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Item");
  write_encoded_item(writer, encoded);
  writer.EndObject();
  out.append(buffer.GetString(), buffer.GetSize());
  out += '\n';
}

void append_change_line(std::string& out, int64_t write_micros, const model::Item& keys, std::string_view new_item,
                        std::string_view old_item) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("Metadata");
  writer.StartObject();
  writer.Key("WriteTimestampMicros");
  writer.StartObject();
  writer.Key("N");
  writer.String(std::to_string(write_micros));
  writer.EndObject();
  writer.EndObject();
  writer.Key("Keys");
  write_attribute_map(writer, keys);
  if (!new_item.empty()) {
    writer.Key("NewImage");
    write_encoded_item(writer, new_item);
  }
  if (!old_item.empty()) {
    writer.Key("OldImage");
    write_encoded_item(writer, old_item);
  }
  writer.EndObject();
  out.append(buffer.GetString(), buffer.GetSize());
  out += '\n';
}

model::Item read_item_line(std::string_view line, JsonDocument& document) {
  document.Parse<rapidjson::kParseIterativeFlag>(line.data(), line.size());
  if (document.HasParseError() || !document.IsObject()) throw model::Error(model::kNotAnItemLine);
  const JsonValue* item = member(document, "Item");
  if (!item || !item->IsObject()) throw model::Error(model::kNotAnItemLine);
  try {
    return decode_attribute_map(*item);
  } catch (const JsonAssertion&) {
    // A value of the wrong JSON kind ({"S": 5}): what the protocol calls a serialization error.
    throw model::Error(model::kUnexpectedValueType);
  }
}

}  // namespace minnow::api::movement
