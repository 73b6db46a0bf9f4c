// A stored item's DynamoDB JSON (api/codec.h write_encoded_item, written by hand for speed) is
// byte for byte what RapidJSON's writer makes of the same item (write_attribute_map): every type,
// nesting, empty values, and every character JSON escapes, in names and in values, among other
// values of a page (the commas between them).
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "api/codec.h"
#include "api/json.h"
#include "model/item_codec.h"

namespace codec_test {

using namespace minnow;

namespace {

model::AttributeMap item_of(std::string text) {
  api::JsonDocument doc;
  api::parse_request_json(text, doc);
  return api::decode_attribute_map(doc);
}

template <class Write>
std::string page_of(Write write) {
  rapidjson::StringBuffer buffer;
  api::JsonWriter w(buffer);
  w.StartObject();
  w.Key("Items");
  w.StartArray();
  write(w);
  w.EndArray();
  w.Key("Count");
  w.Uint(2);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

TEST_CASE("a stored item's DynamoDB JSON is RapidJSON's, byte for byte") {
  std::string controls;  // every control character, escaped in the request's JSON
  for (int c = 1; c < 0x20; ++c) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\u%04x", c);
    controls += hex;
  }
  const std::string text =
      R"({"pk":{"S":"a\"b\\c/d )" + controls + R"( \u007f é \u2028 😀"},"n":{"N":"-12.50e3"},)"
      R"("b":{"B":"AAEC/w=="},"ss":{"SS":["x","\"q\"",""]},"ns":{"NS":["1","-2.5"]},"bs":{"BS":["AA==","/w=="]},)"
      R"("m":{"M":{"deep":{"M":{"l":{"L":[{"S":""},{"NULL":true},{"BOOL":false},{"M":{}},{"L":[]}]}}},"t":{"BOOL":true}}},)"
      R"("e":{"S":""},"q\"u\\o\nte)" + controls + R"(":{"N":"0"},"z":{"L":[]},"y":{"M":{}},"nul":{"NULL":true}})";
  const model::AttributeMap item = item_of(text);
  const std::string encoded = model::encode_item(item);
  const model::AttributeMap small = item_of(R"({"pk":{"S":"x"}})");
  const std::string small_encoded = model::encode_item(small);
  const std::string by_hand = page_of([&](api::JsonWriter& w) {
    api::write_encoded_item(w, encoded);
    api::write_encoded_item(w, small_encoded);
  });
  const std::string by_rapidjson = page_of([&](api::JsonWriter& w) {
    api::write_attribute_map(w, item);
    api::write_attribute_map(w, small);
  });
  CHECK(by_hand == by_rapidjson);
  CHECK(by_hand.find(R"("a\"b\\c/d \u0001\u0002)") != std::string::npos);  // the escapes are there
  CHECK(by_hand.find(R"(\b\t\n\u000B\f\r\u000E)") != std::string::npos);
}

// Long strings are scanned 16 bytes at a time: an escape at every position of the first blocks
// and of a tail, each kind of escape, and strings of every length around the block size.
TEST_CASE("a stored item's long strings are escaped as RapidJSON escapes them, wherever the escape is") {
  for (const char special : {'"', '\\', '\n', '\x01', '\x1f'}) {
    for (std::size_t length : {15, 16, 17, 31, 32, 33, 47, 64, 100}) {
      for (std::size_t at = 0; at <= length; ++at) {
        std::string value(length, 'x');
        value[length / 2] = '\x7f';  // not escaped, and above every control character
        if (at < length) value[at] = special;
        model::AttributeMap item;
        item.emplace("pk", model::AttributeValue(value));
        const std::string encoded = model::encode_item(item);
        const std::string by_hand = page_of([&](api::JsonWriter& w) { api::write_encoded_item(w, encoded); });
        const std::string by_rapidjson = page_of([&](api::JsonWriter& w) { api::write_attribute_map(w, item); });
        INFO("escape " << int(special) << " at " << at << " of " << length);
        REQUIRE(by_hand == by_rapidjson);
      }
    }
  }
}

}  // namespace codec_test
