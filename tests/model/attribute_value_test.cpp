// model::AttributeValue equality and DynamoDB's item size accounting.
//
// Expected sizes follow dynalite's itemSize()/valSize() (db/index.js), which were measured
// against DynamoDB: an attribute costs its name plus its value; S and B their bytes; N
// 1 + ceil(digits/2), +1 when the digit count and the exponent are both even, +1 when
// negative, and 1 for zero; BOOL and NULL 1; sets the sum of their members; L 3 + Σ(1 + value);
// M 3 + entries + Σ(name + value). Every number in the tables below was checked by running
// dynalite's own itemSize() on the same value. One deliberate difference: DynamoDB counts
// strings and names in UTF-8 bytes, where dynalite counts UTF-16 code units.
#include "model/attribute_value.h"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "model/limits.h"
#include "model/number.h"
#include "tests/support/values.h"

namespace attribute_value_test {

namespace model = minnow::model;
using model::AttributeList;
using model::AttributeMap;
using model::AttributeValue;

using namespace minnow::test;  // S, N, B, BOOL, NUL, SS, NS, BS, L, M

// ---- Equality ------------------------------------------------------------------------------

TEST_CASE("AttributeValue equality: scalars", "[attribute_value]") {
  struct Case {
    const char* why;
    AttributeValue a, b;
    bool equal;
  };
  const std::vector<Case> cases = {
      {"same string", S("abc"), S("abc"), true},
      {"strings are case-sensitive", S("abc"), S("ABC"), false},
      {"string prefix", S("ab"), S("abc"), false},
      {"empty strings", S(""), S(""), true},
      {"numbers compare numerically: 1.0 = 1", N("1.0"), N("1"), true},
      {"1e2 = 100", N("1e2"), N("100"), true},
      {"-0 = 0", N("-0"), N("0"), true},
      {"0.5 = .5", N("0.5"), N(".5"), true},
      {"1.50 = 15E-1", N("1.50"), N("15E-1"), true},
      {"1 != -1", N("1"), N("-1"), false},
      {"1 != 1.00000000000000000000000000000000000001", N("1"), N("1.0000000000000000000000000000000000001"), false},
      {"binary bytes", B(std::string("\x00\xff", 2)), B(std::string("\x00\xff", 2)), true},
      {"binary differs in one byte", B("ab"), B("ac"), false},
      {"binary with and without a trailing zero byte", B("a"), B(std::string("a\0", 2)), false},
      {"true = true", BOOL(true), BOOL(true), true},
      {"true != false", BOOL(true), BOOL(false), false},
      {"NULL = NULL", NUL(), NUL(), true},
      // Same text, different types.
      {"S 1 != N 1", S("1"), N("1"), false},
      {"S a != B a", S("a"), B("a"), false},
      {"BOOL false != NULL", BOOL(false), NUL(), false},
      {"N 0 != BOOL false", N("0"), BOOL(false), false},
  };
  for (const auto& c : cases) {
    INFO(c.why);
    CHECK((c.a == c.b) == c.equal);
    CHECK((c.b == c.a) == c.equal);  // symmetric
    CHECK(c.a == c.a);               // reflexive
  }
}

TEST_CASE("sets hold their members in DynamoDB's order, whatever order they are given in", "[attribute_value]") {
  CHECK(SS({"zyx", "wvu", "", "Zed", "\xc3\xa9"}).as<model::StringSet>().values ==
        std::vector<std::string>{"", "Zed", "wvu", "zyx", "\xc3\xa9"});  // bytes, unsigned: é (0xc3) last
  const AttributeValue ns = NS({"10", "9", "-1", "1.5", "1E+2", "-0.5"});
  std::vector<std::string> numbers;
  for (const auto& n : ns.as<model::NumberSet>().values) numbers.push_back(n.to_string());
  CHECK(numbers == std::vector<std::string>{"-1", "-0.5", "1.5", "9", "10", "100"});
  CHECK(BS({"\xff", std::string("\0\1", 2), "\x7f", std::string(1, '\0')}).as<model::BinarySet>().values ==
        std::vector<std::string>{std::string(1, '\0'), std::string("\0\1", 2), "\x7f", "\xff"});
}

TEST_CASE("AttributeValue equality: sets ignore order, compare members by value", "[attribute_value]") {
  struct Case {
    const char* why;
    AttributeValue a, b;
    bool equal;
  };
  const std::vector<Case> cases = {
      {"SS same order", SS({"a", "b", "c"}), SS({"a", "b", "c"}), true},
      {"SS other order", SS({"a", "b", "c"}), SS({"c", "a", "b"}), true},
      {"SS one member differs", SS({"a", "b"}), SS({"a", "c"}), false},
      {"SS subset", SS({"a", "b"}), SS({"a", "b", "c"}), false},
      {"SS superset", SS({"a", "b", "c"}), SS({"b", "a"}), false},
      {"NS other order", NS({"1", "2", "3"}), NS({"3", "1", "2"}), true},
      {"NS numerically equal members", NS({"1", "2.50"}), NS({"2.5", "1.0"}), true},
      {"NS exponent spelling", NS({"1e2", "-0"}), NS({"0", "100"}), true},
      {"NS differs", NS({"1", "2"}), NS({"1", "3"}), false},
      {"BS other order", BS({"x", std::string("\x00\x80", 2)}), BS({std::string("\x00\x80", 2), "x"}), true},
      {"BS differs", BS({"x", "y"}), BS({"x", "z"}), false},
      {"SS vs NS with the same text", SS({"1"}), NS({"1"}), false},
      {"SS vs BS with the same bytes", SS({"a"}), BS({"a"}), false},
      {"SS vs L of the same strings", SS({"a"}), L({S("a")}), false},
  };
  for (const auto& c : cases) {
    INFO(c.why);
    CHECK((c.a == c.b) == c.equal);
    CHECK((c.b == c.a) == c.equal);
  }
}

TEST_CASE("AttributeValue equality: lists are ordered, maps and lists compare deeply", "[attribute_value]") {
  struct Case {
    const char* why;
    AttributeValue a, b;
    bool equal;
  };
  const std::vector<Case> cases = {
      {"empty lists", L({}), L({}), true},
      {"empty maps", M({}), M({}), true},
      {"empty list != empty map", L({}), M({}), false},
      {"list order matters", L({N("1"), N("2")}), L({N("2"), N("1")}), false},
      {"list lengths differ", L({N("1")}), L({N("1"), N("1")}), false},
      {"list elements compare by value", L({N("1.0"), S("x")}), L({N("1"), S("x")}), true},
      {"list element types matter", L({N("1")}), L({S("1")}), false},
      {"map entries by name", M({{"a", N("1")}, {"b", S("x")}}), M({{"b", S("x")}, {"a", N("1.00")}}), true},
      {"map value differs", M({{"a", N("1")}}), M({{"a", N("2")}}), false},
      {"map name differs", M({{"a", N("1")}}), M({{"b", N("1")}}), false},
      {"map with an extra entry", M({{"a", N("1")}}), M({{"a", N("1")}, {"b", NUL()}}), false},
      {"deep: set inside a map inside a list", L({M({{"s", SS({"x", "y"})}, {"n", N("10")}})}),
       L({M({{"n", N("1e1")}, {"s", SS({"y", "x"})}})}), true},
      {"deep: one leaf differs", M({{"l", L({M({{"k", BOOL(true)}})})}}), M({{"l", L({M({{"k", BOOL(false)}})})}}),
       false},
      {"deep: one leaf's type differs", M({{"l", L({M({{"k", NUL()}})})}}), M({{"l", L({M({{"k", BOOL(false)}})})}}),
       false},
  };
  for (const auto& c : cases) {
    INFO(c.why);
    CHECK((c.a == c.b) == c.equal);
    CHECK((c.b == c.a) == c.equal);
    CHECK(c.a == c.a);
  }
}

TEST_CASE("AttributeValue: type() and value_type_name()", "[attribute_value]") {
  const std::vector<std::pair<AttributeValue, const char*>> cases = {
      {S("a"), "S"},
      {N("1"), "N"},
      {B("a"), "B"},
      {SS({"a"}), "SS"},
      {NS({"1"}), "NS"},
      {BS({"a"}), "BS"},
      {M({}), "M"},
      {L({}), "L"},
      {NUL(), "NULL"},
      {BOOL(false), "BOOL"},
      {AttributeValue(), "NULL"},  // the default value is NULL
  };
  for (const auto& [value, name] : cases) CHECK(std::string(model::value_type_name(value.type())) == name);
}

// ---- Size accounting -----------------------------------------------------------------------

TEST_CASE("Number values count by dynalite's valSize", "[attribute_value][size]") {
  // {text, bytes}: bytes from dynalite's itemSize({v: {N: text}}) - 1.
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {"0", 1},
      {"-0", 1},
      {"0.000", 1},  // zero is one byte
      {"1", 2},
      {"10", 2},
      {"100", 2},
      {"1E+100", 2},
      {"1e2", 2},  // one digit
      {"12", 2},
      {"99", 2},
      {"11", 2},  // two digits, odd exponent
      {"1.2", 3},
      {"1.50", 3},
      {"120", 3},  // two digits, even exponent: +1
      {"123", 3},
      {"101", 3},
      {"1234", 3},
      {"1001", 3},
      {"123.4", 4},
      {"123456", 4},
      {"-1", 3},
      {"-1.2", 4},
      {"-99", 3},  // negative: +1
      {"0.5", 2},
      {"0.1", 2},
      {"0.05", 2},
      {"0.12", 2},
      {"0.012", 3},  // negative exponents
      {"12345678901234567890123456789012345678", 20},
      {"1.2345678901234567890123456789012345678", 21},
      {"-1.2345678901234567890123456789012345678", 22},
      {"9.9999999999999999999999999999999999999E+125", 20},
      {"1E-130", 2},
      {"1.5E-130", 3},
      {"-1E-130", 3},
  };
  for (const auto& [text, bytes] : cases) {
    INFO("N " << text);
    CHECK(N(text).size_bytes() == bytes);
    // An attribute adds its name.
    CHECK(model::item_size(AttributeMap{{"v", N(text)}}) == 1 + bytes);
  }
}

TEST_CASE("Value sizes follow DynamoDB's rules", "[attribute_value][size]") {
  struct Case {
    const char* why;
    AttributeValue value;
    std::size_t bytes;
  };
  const std::vector<Case> cases = {
      {"S counts bytes", S("hello"), 5},
      {"empty S", S(""), 0},
      {"S counts UTF-8 bytes (DynamoDB; dynalite counts UTF-16 units)", S("\xe2\x82\xac\xc3\xbc"), 5},  // "€ü"
      {"B counts raw bytes", B(std::string("\x00\x01\xff", 3)), 3},
      {"empty B", B(""), 0},
      {"BOOL true", BOOL(true), 1},
      {"BOOL false", BOOL(false), 1},
      {"NULL", NUL(), 1},
      {"SS sums its members", SS({"ab", "c", ""}), 3},
      {"NS sums its members", NS({"1", "22", "-3.5"}), 8},
      {"BS sums its members", BS({"xy", "z"}), 3},
      {"empty L", L({}), 3},
      {"empty M", M({}), 3},
      {"L: 3 + Σ(1 + value)", L({S("x"), N("1"), NUL()}), 10},
      {"M: 3 + entries + Σ(name + value)", M({{"ab", S("xyz")}, {"c", NUL()}}), 12},
      {"nested map and list", M({{"ab", S("xyz")}, {"c", NUL()}, {"l", L({BOOL(true), N("12"), M({})})}}), 26},
      {"lists in lists", L({L({L({})})}), 11},
      {"maps in maps", M({{"a", M({{"b", M({{"c", S("d")}})}})}}), 16},
      {"M names count UTF-8 bytes", M({{"\xc3\xb1", S("x")}}), 3 + 1 + 2 + 1},
  };
  for (const auto& c : cases) {
    INFO(c.why);
    CHECK(c.value.size_bytes() == c.bytes);
  }
}

TEST_CASE("item_size sums names and values", "[attribute_value][size]") {
  CHECK(model::item_size({}) == 0);
  CHECK(model::item_size({{"pk", S("k4")}}) == 4);
  // The same item dynalite's itemSize() measures as 41 bytes.
  const model::Item item = {
      {"pk", S("k4")},
      {"m", M({{"ab", S("xyz")}, {"c", NUL()}, {"l", L({BOOL(true), N("12"), M({})})}})},
      {"ss", SS({"ab", "c", ""})},
      {"n", N("-1.2")},
  };
  CHECK(model::item_size(item) == 41);
  // Attribute names count UTF-8 bytes: "ñame€" is 2 + 3 + 3 = 8 bytes.
  CHECK(model::item_size({{"\xc3\xb1"
                           "ame\xe2\x82\xac",
                           S("x")}}) == 8 + 1);
  // An empty name costs nothing but its value (only the wire format forbids it).
  CHECK(model::item_size({{"a", S("")}}) == 1);
}

TEST_CASE("An item of exactly 400 KB by DynamoDB's accounting", "[attribute_value][size]") {
  // 409,600 = kMaxItemBytes: the largest item DynamoDB accepts. Built from every kind of
  // value, then padded with a string whose length makes the total exact.
  model::Item item = {
      {"pk", S("key")},                           // 2 + 3
      {"n", N("-123.45")},                        // 1 + (1 + 3 + 1)
      {"b", B(std::string(100, '\x01'))},         // 1 + 100
      {"set", NS({"1", "22"})},                   // 3 + 2 + 2
      {"list", L({BOOL(true), NUL(), S("ab")})},  // 4 + 3 + 2 + 2 + 3
      {"map", M({{"x", M({})}, {"yy", L({})}})},  // 3 + 3 + 2 + (1 + 3) + (2 + 3)
  };
  // -123.45 has 5 digits (odd): 1 + ceil(5/2), + 1 for the sign. 22 is 2 bytes (odd exponent).
  const std::size_t base = 5 + 6 + 101 + 7 + 14 + 17;
  REQUIRE(model::item_size(item) == base);
  const std::string fill_name = "fill";
  item[fill_name] = S(std::string(model::kMaxItemBytes - base - fill_name.size(), 'x'));
  CHECK(model::kMaxItemBytes == 409600);
  CHECK(model::item_size(item) == 409600);
  // A nested entry costs 1 (the entry) + its name + its value.
  item["map"].as<AttributeMap>().emplace("z", BOOL(false));
  CHECK(model::item_size(item) == 409603);
  // One byte more in the padding: 409,601.
  item["map"].as<AttributeMap>().erase("z");
  item[fill_name].as<std::string>() += 'x';
  CHECK(model::item_size(item) == 409601);
}

}  // namespace attribute_value_test
