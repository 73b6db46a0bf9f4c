// An item's stored form written straight from the JSON (api/codec.h encode_attribute_map) is
// byte for byte the stored form of the item decode_attribute_map makes of the same JSON, and a
// JSON that decode refuses is refused with the same error: names out of order and repeated,
// sets to be put in order, numbers to be made canonical, nesting at the limit, and requests with
// two mistakes (the first met is the one reported).
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "api/codec.h"
#include "api/json.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/limits.h"

namespace stored_form_test {

using namespace minnow;

namespace {

struct Outcome {
  std::optional<std::string> bytes;
  std::optional<model::ErrorCode> code;
  std::string message;
};

template <class Make>
Outcome outcome_of(const std::string& text, Make make) {
  std::string body = text;
  api::JsonDocument doc;
  api::parse_request_json(body, doc);
  Outcome out;
  try {
    out.bytes = make(doc);
  } catch (const model::Error& e) {
    out.code = e.code();
    out.message = e.message();
  }
  return out;
}

// `levels` nested M values around a string, as the Item's one attribute.
std::string nested_maps(std::size_t levels) {
  std::string open, close;
  for (std::size_t i = 0; i < levels; ++i) {
    open += R"({"M":{"m":)";
    close += "}}";
  }
  return R"({"a":)" + open + R"({"S":"x"})" + close + "}";
}

std::string nested_lists(std::size_t levels) {
  std::string open, close;
  for (std::size_t i = 0; i < levels; ++i) {
    open += R"({"L":[)";
    close += "]}";
  }
  return R"({"a":)" + open + R"({"N":"1"})" + close + "}";
}

}  // namespace

TEST_CASE("an item's stored form from the JSON is the decoded item's, with the same errors") {
  std::vector<std::string> items = {
      R"({})",
      R"({"pk":{"S":"k0000001"},"name":{"S":"name-0000001-abcdefghij"},"email":{"S":"user0000001@example.com"},)"
      R"("age":{"N":"19"},"score":{"N":"1.01"},"active":{"BOOL":true},"address":{"M":{"street":{"S":"1 Long Street"},)"
      R"("city":{"S":"Springfield"},"zip":{"S":"00001"}}},"bio":{"S":"Lorem ipsum dolor sit amet"}})",
      // names out of order, bytes above 0x7f after ASCII, a repeated name (the last kept)
      R"({"z":{"S":"1"},"é":{"S":"2"},"a":{"S":"3"},"Z":{"S":"4"},"a":{"N":"5"},"ab":{"NULL":true}})",
      R"({"m":{"M":{"y":{"S":"1"},"x":{"S":"2"},"y":{"BOOL":false},"x":{"M":{"q":{"S":"a"},"p":{"S":"b"}}}}}})",
      // sets put in order, numbers made canonical
      R"({"ss":{"SS":["b","","a\u0000","é"]},"ns":{"NS":["10","-2.50","1E+2","0.001"]},"bs":{"BS":["/w==","AA==","AAE="]}})",
      R"({"n":{"N":"-00012.5000e1"},"z":{"N":"0.0"},"big":{"N":"99999999999999999999999999999999999999"}})",
      R"({"b":{"B":"AAEC/w=="},"e":{"S":""},"eb":{"B":""},"t":{"BOOL":true},"f":{"BOOL":false}})",
      R"({"l":{"L":[{"M":{"b":{"S":"1"},"a":{"S":"2"}}},{"L":[]},{"M":{}},{"SS":["y","x"]},{"NULL":true}]}})",
      R"({"two":{"S":"a","N":"1"}})",  // two types
      R"({"none":{}})",
      R"({"nul":{"NULL":false}})",
      R"({"":{"S":"x"}})",
      R"({"a":{"SS":[]}})",
      R"({"a":{"NS":[]}})",
      R"({"a":{"BS":[]}})",
      R"({"a":{"SS":["x","y","x"]}})",
      R"({"a":{"NS":["1","1.0"]}})",
      R"({"a":{"BS":["AA==","AA=="]}})",
      R"({"a":{"N":"1e126"}})",
      R"({"a":{"N":"abc"}})",
      R"({"a":{"N":"123456789012345678901234567890123456789"}})",
      // two mistakes: the first in the JSON's order is reported
      R"({"b":{"N":"x"},"a":{"SS":[]}})",
      R"({"a":{"SS":[]},"b":{"N":"x"}})",
      R"({"m":{"M":{"y":{"NULL":false},"x":{"N":"x"}}}})",
      R"({"l":{"L":[{"N":"1"},{"S":"a","B":"AA=="}]}})",
      // a null member beside a type
      R"({"a":{"S":"x","N":null}})",
      "{\"" + std::string(model::kMaxAttributeNameBytes, 'n') + "\":{\"S\":\"x\"}}",
      "{\"" + std::string(model::kMaxAttributeNameBytes + 1, 'n') + "\":{\"S\":\"x\"}}",
  };
  for (std::size_t levels = model::kMaxAttributeNesting - 2; levels <= model::kMaxAttributeNesting + 1; ++levels) {
    items.push_back(nested_maps(levels));
    items.push_back(nested_lists(levels));
  }
  std::size_t refused = 0;
  for (const std::string& text : items) {
    const Outcome direct = outcome_of(text, [](const api::JsonDocument& doc) { return api::encode_attribute_map(doc); });
    const Outcome decoded = outcome_of(
        text, [](const api::JsonDocument& doc) { return model::encode_item(api::decode_attribute_map(doc)); });
    INFO(text);
    CHECK(direct.bytes == decoded.bytes);
    CHECK(direct.code == decoded.code);
    CHECK(direct.message == decoded.message);
    if (decoded.code) ++refused;
  }
  CHECK(refused >= 15);  // the corpus does exercise the errors
}

TEST_CASE("a stored item's named attributes are decoded without the rest") {
  std::string body = R"({"pk":{"S":"a"},"big":{"L":[{"M":{"x":{"SS":["1"]}}}]},"sk":{"N":"1.50"},"z":{"B":"AA=="}})";
  api::JsonDocument doc;
  api::parse_request_json(body, doc);
  const std::string stored = api::encode_attribute_map(doc);
  const model::AttributeMap key = model::decode_attributes(stored, {"pk", "sk"});
  REQUIRE(key.size() == 2);
  CHECK(key.at("pk") == model::AttributeValue(std::string("a")));
  CHECK(key.at("sk") == model::AttributeValue(model::Number::parse("1.5")));
  CHECK(model::decode_attributes(stored, {"absent"}).empty());
  CHECK(model::decode_attributes(stored, {"z"}).size() == 1);
}

}  // namespace stored_form_test
