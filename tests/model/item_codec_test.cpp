// The stored form of items: every value type survives encode/decode, the header carries
// DynamoDB's size, and the encoding stays close to the item's own size.
#include "model/item_codec.h"

#include <catch2/catch.hpp>

namespace item_codec_test {

using namespace minnow::model;

namespace {
Item sample() {
  AttributeMap nested{{"inner", AttributeValue(Number::parse("-12.5"))}, {"flag", AttributeValue(false)}};
  return Item{
      {"pk", AttributeValue(std::string("key-1"))},
      {"n", AttributeValue(Number::parse("1e2"))},
      {"b", AttributeValue(Binary{std::string("\x00\xff\x10", 3)})},
      {"ss", AttributeValue(StringSet{{"b", "a", ""}})},
      {"ns", AttributeValue(NumberSet{{Number::parse("3"), Number::parse("-0.25")}})},
      {"bs", AttributeValue(BinarySet{{std::string("x"), std::string(300, 'y')}})},
      {"m", AttributeValue(nested)},
      {"l", AttributeValue(
                AttributeList{AttributeValue(Null{}), AttributeValue(true), AttributeValue(std::string(200, 'z'))})},
      {"empty", AttributeValue(std::string())},
  };
}
}  // namespace

TEST_CASE("an encoded item decodes to the same item") {
  Item item = sample();
  std::string encoded = encode_item(item);
  Item back = decode_item(encoded);
  REQUIRE(back == item);
  // Sets are in DynamoDB's order (given as b, a, ""), not only equal as sets.
  CHECK(back.at("ss").as<StringSet>().values == std::vector<std::string>{"", "a", "b"});
  CHECK(back.at("n").as<Number>().to_string() == "100");
}

TEST_CASE("the header holds DynamoDB's item size") {
  Item item = sample();
  CHECK(encoded_item_size(encode_item(item)) == item_size(item));
  CHECK(encoded_item_size(encode_item(Item{})) == 0);
  CHECK(decode_item(encode_item(Item{})).empty());
}

TEST_CASE("the encoding costs only a few bytes per attribute beyond the item's size") {
  Item item = sample();
  std::string encoded = encode_item(item);
  CHECK(encoded.size() <= item_size(item) + 4 * 20 + 8);
}

}  // namespace item_codec_test
