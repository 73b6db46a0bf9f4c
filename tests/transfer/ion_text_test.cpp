// The Ion text subset of DynamoDB's ION exports and imports: what the writer writes reads back
// as the same values; the reader takes Ion's other spellings of them (comments, annotations,
// long strings, quoted names, typed nulls, escapes) and refuses what DynamoDB's Ion never holds.
#include "transfer/ion_text.h"

#include <catch2/catch.hpp>
#include <string>

namespace ion_text_test {

using namespace minnow;

namespace {

model::AttributeValue read_one(const std::string& text) {
  auto values = transfer::read_ion_values(text);
  REQUIRE(values.size() == 1);
  INFO(values[0].error);
  REQUIRE(values[0].error.empty());
  return values[0].value;
}

std::string error_of(const std::string& text) {
  auto values = transfer::read_ion_values(text);
  REQUIRE(values.size() == 1);
  return values[0].error;
}

}  // namespace

TEST_CASE("Ion: what the writer writes reads back") {
  model::AttributeMap inner{{"odd name", model::AttributeValue(std::string("q\"\n\x01\xc3\xa9"))}};
  model::AttributeMap item{
      {"s", model::AttributeValue(std::string("text"))},
      {"n", model::AttributeValue(model::Number::parse("-1.50"))},
      {"big", model::AttributeValue(model::Number::parse("1E+100"))},
      {"small", model::AttributeValue(model::Number::parse("1E-100"))},
      {"b", model::AttributeValue(model::Binary{std::string("\0\1\2", 3)})},
      {"ss", model::AttributeValue(model::StringSet{{"a", "b"}})},
      {"ns", model::AttributeValue(model::NumberSet{{model::Number::parse("1"), model::Number::parse("2.5")}})},
      {"bs", model::AttributeValue(model::BinarySet{{"x", "y"}})},
      {"l",
       model::AttributeValue(model::AttributeList{model::AttributeValue(model::Null{}), model::AttributeValue(true)})},
      {"m", model::AttributeValue(inner)},
      {"null", model::AttributeValue(false)},
  };
  std::string text(transfer::kIonVersionMarker);
  text += " {Item:";
  transfer::append_ion_struct(text, item);
  text += "}\n";
  const model::AttributeValue read = read_one(text);
  REQUIRE(read.is<model::AttributeMap>());
  CHECK(read.as<model::AttributeMap>().at("Item") == model::AttributeValue(item));
}

TEST_CASE("Ion: the reader takes Ion's other spellings") {
  const auto v = read_one(R"(
    // a comment
    $ion_1_0
    { /* a block
         comment */ 'quoted name': '''long ''' '''string''', "string name": 'symbol', plain: sym,
      i: 42, d: 1.25d2, neg: -0.5, t: null.string, tr: true, e: "\u00e9\x41", bl: {{ AAEC }},
      set: $dynamodb_NS::[1, 2.], trailing: [1, 2,], }
  )");
  const auto& m = v.as<model::AttributeMap>();
  CHECK(m.at("quoted name") == model::AttributeValue(std::string("long string")));
  CHECK(m.at("string name") == model::AttributeValue(std::string("symbol")));
  CHECK(m.at("plain") == model::AttributeValue(std::string("sym")));
  CHECK(m.at("i") == model::AttributeValue(model::Number::parse("42")));
  CHECK(m.at("d") == model::AttributeValue(model::Number::parse("125")));
  CHECK(m.at("neg") == model::AttributeValue(model::Number::parse("-0.5")));
  CHECK(m.at("t").type() == model::ValueType::NUL);
  CHECK(m.at("tr") == model::AttributeValue(true));
  CHECK(m.at("e") == model::AttributeValue(std::string("\xc3\xa9"
                                                       "A")));
  CHECK(m.at("bl") == model::AttributeValue(model::Binary{std::string("\0\1\2", 3)}));
  CHECK(m.at("set").type() == model::ValueType::NS);
  CHECK(m.at("trailing").as<model::AttributeList>().size() == 2);
}

TEST_CASE("Ion: what DynamoDB's Ion never holds is refused, and reading goes on at the next line") {
  CHECK_FALSE(error_of("1.5e3").empty());
  CHECK_FALSE(error_of("2026-11-30T06:00:00Z").empty());
  CHECK_FALSE(error_of("0x1f").empty());
  CHECK_FALSE(error_of("(a b)").empty());
  CHECK_FALSE(error_of("{{\"clob\"}}").empty());
  CHECK_FALSE(error_of("nan").empty());
  CHECK_FALSE(error_of("$dynamodb_SS::[]").empty());
  CHECK_FALSE(error_of("$dynamodb_SS::[\"a\",\"a\"]").empty());
  CHECK_FALSE(error_of("$dynamodb_SS::[1]").empty());
  CHECK_FALSE(error_of("{a:1").empty());
  CHECK_FALSE(error_of("\"open").empty());
  CHECK_FALSE(error_of(std::string(100, '[') + std::string(100, ']')).empty());

  auto values = transfer::read_ion_values("{Item:{a:1}}\n{Item:{a:1e5}}\n{Item:{a:2}}\n");
  REQUIRE(values.size() == 3);
  CHECK(values[0].error.empty());
  CHECK_FALSE(values[1].error.empty());
  CHECK(values[1].line == 2);
  CHECK(values[2].error.empty());
  CHECK(values[2].line == 3);
}

}  // namespace ion_text_test
