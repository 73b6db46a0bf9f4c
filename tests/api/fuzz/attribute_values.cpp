// libFuzzer target: attribute-value decoding and item encoding round trips. The input is the JSON
// of an item (name -> AttributeValue), type-checked as PutItem's Item is (api/shape) before
// api/codec decodes it, as in the request path. When both accept it (anything else must be a
// model::Error), the item must survive every form it is kept or sent in: the stored encoding
// (model/item_codec) decodes to the same item, and the JSON written from the item and from its
// stored form is the same text, which decodes to the same item again. Seeds: corpus/attribute_values/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "api/codec.h"
#include "api/json.h"
#include "api/shape.h"
#include "model/errors.h"
#include "model/item_codec.h"

namespace {

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: %s\n", what);
  std::abort();
}

std::string json_of(const minnow::model::Item& item) {
  rapidjson::StringBuffer buffer;
  minnow::api::JsonWriter writer(buffer);
  minnow::api::write_attribute_map(writer, item);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace minnow;
  static const api::Shape kItemShape(
      R"({"Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"}})");
  std::string body = R"({"Item":)" + std::string(reinterpret_cast<const char*>(data), size) + "}";
  model::Item item;
  try {
    api::JsonDocument doc;
    api::parse_request_json(body, doc);
    kItemShape.check(doc);
    item = api::decode_attribute_map(doc["Item"]);
  } catch (const model::Error&) {
    return 0;
  }
  std::string encoded = model::encode_item(item);
  require(model::decode_item(encoded) == item, "the stored form decodes to another item");

  std::string text = json_of(item);
  rapidjson::StringBuffer buffer;
  api::JsonWriter writer(buffer);
  api::write_encoded_item(writer, encoded);
  require(text == std::string(buffer.GetString(), buffer.GetSize()), "the stored form is written differently");

  api::JsonDocument again;
  api::parse_request_json(text, again);
  require(api::decode_attribute_map(again) == item, "the item's JSON decodes to another item");
  return 0;
}
