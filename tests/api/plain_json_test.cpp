// Plain JSON items (api/codec.h, the data API's form): read with exact numbers and DynamoDB's
// value checks, written from the stored form with every digit, and the events parser's refusals.
#include <catch2/catch.hpp>

#include "api/codec.h"
#include "model/errors.h"
#include "model/item_codec.h"

namespace plain_json_test {

using namespace minnow;

namespace {

std::string plain_round_trip(const std::string& text) {
  model::Item item;
  REQUIRE(api::decode_plain_item(text, item) == api::PlainItemStatus::Item);
  rapidjson::StringBuffer buffer;
  api::JsonWriter writer(buffer);
  api::write_plain_item(writer, model::encode_item(item));
  return std::string(buffer.GetString(), buffer.GetSize());
}

api::PlainItemStatus status_of(const std::string& text) {
  model::Item item;
  return api::decode_plain_item(text, item);
}

}  // namespace

TEST_CASE("plain items keep every digit and every JSON type") {
  CHECK(plain_round_trip(R"({"b": 12345678901234567890.123456789012345678, "a": [1.50, -0, 1E+2, "x", true, null],
                            "m": {"deep": {"x": false}}, "e": "", "t": 1.5e-3})") ==
        R"({"a":[1.5,0,100,"x",true,null],"b":12345678901234567890.123456789012345678,"e":"",)"
        R"("m":{"deep":{"x":false}},"t":0.0015})");
  model::Item item;
  REQUIRE(api::decode_plain_item(R"({"n": 7, "l": [], "o": {}})", item) == api::PlainItemStatus::Item);
  CHECK(item.at("n").type() == model::ValueType::N);
  CHECK(item.at("l").type() == model::ValueType::L);
  CHECK(item.at("o").type() == model::ValueType::M);
}

TEST_CASE("sets and binary, which plain JSON lacks, are written as arrays and base64") {
  model::Item item{
      {"ss", model::AttributeValue(model::StringSet{{"a", "b"}})},
      {"ns", model::AttributeValue(model::NumberSet{{model::Number::parse("2.50"), model::Number::parse("-1")}})},
      {"b", model::AttributeValue(model::Binary{"hi"})},
      {"bs", model::AttributeValue(model::BinarySet{{"hi"}})}};
  rapidjson::StringBuffer buffer;
  api::JsonWriter writer(buffer);
  api::write_plain_item(writer, model::encode_item(item));
  CHECK(std::string(buffer.GetString()) == R"({"b":"aGk=","bs":["aGk="],"ns":[-1,2.5],"ss":["a","b"]})");  // sets in DynamoDB's order
}

TEST_CASE("plain text that is not a JSON object is told apart; DynamoDB's value checks apply") {
  CHECK(status_of("") == api::PlainItemStatus::NotJson);
  CHECK(status_of("{") == api::PlainItemStatus::NotJson);
  CHECK(status_of("{} {}") == api::PlainItemStatus::NotJson);
  CHECK(status_of("{\"a\": \"\xff\"}") == api::PlainItemStatus::NotJson);  // not UTF-8
  CHECK_THROWS_WITH(status_of(std::string(200, '[') + std::string(200, ']')), Catch::Contains("Nesting Levels"));
  CHECK(status_of("[1]") == api::PlainItemStatus::NotObject);
  CHECK(status_of("12") == api::PlainItemStatus::NotObject);
  CHECK(status_of("\"x\"") == api::PlainItemStatus::NotObject);
  CHECK(status_of(" {\"a\": 1} ") == api::PlainItemStatus::Item);
  CHECK_THROWS_WITH(status_of(R"({"n": 1234567890123456789012345678901234567890})"),
                    "Attempting to store more than 38 significant digits in a Number");
  CHECK_THROWS_WITH(status_of(R"({"": 1})"), Catch::Contains("Empty attribute name"));
  CHECK_THROWS_AS(status_of(R"({"n": 1e200})"), model::Error);
  const std::string deep = std::string(31, '[') + std::string(31, ']');  // attribute levels 1..31
  CHECK(status_of("{\"l\": " + deep + "}") == api::PlainItemStatus::Item);
  CHECK_THROWS_WITH(status_of("{\"l\": [" + deep + "]}"), Catch::Contains("Nesting Levels"));
}

}  // namespace plain_json_test
