// Key validation (DynamoDB's exact messages, in DynamoDB's check order, as dynalite's
// validateKey/validateItem/checkKeySize capture it) and the byte order of storage keys.
#include "model/key.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "model/attribute_value.h"
#include "model/errors.h"
#include "model/number.h"
#include "tests/support/values.h"

namespace key_test {

namespace model = minnow::model;
using model::AttributeMap;
using model::AttributeValue;
using model::KeyAttribute;
using model::KeySchema;
using model::ValueType;

namespace {

using minnow::test::B;
using minnow::test::N;
using minnow::test::S;

const KeySchema kStringNumber{KeyAttribute{"pk", ValueType::S}, KeyAttribute{"sk", ValueType::N}};
const KeySchema kBinaryString{KeyAttribute{"id", ValueType::B}, KeyAttribute{"r", ValueType::S}};
const KeySchema kNumberOnly{KeyAttribute{"h", ValueType::N}, std::nullopt};

const std::string kNoMatch = "The provided key element does not match the schema";
const std::string kHashTooBig =
    "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes";
const std::string kRangeTooBig =
    "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 "
    "bytes";

// "ok", or the message of the ValidationException thrown.
std::string outcome(const std::function<void()>& f) {
  try {
    f();
    return "ok";
  } catch (const model::Error& e) {
    if (e.code() != model::ErrorCode::ValidationException) return "not a ValidationException: " + e.message();
    return e.message();
  }
}
std::string key_outcome(const AttributeMap& key, const KeySchema& schema) {
  return outcome([&] { model::validate_key(key, schema); });
}
std::string item_outcome(const AttributeMap& item, const KeySchema& schema) {
  return outcome([&] { model::validate_item_key(item, schema); });
}

}  // namespace

// ---- validate_key (the Key parameter of GetItem, DeleteItem, UpdateItem) --------------------

TEST_CASE("validate_key: a Key must be exactly the key schema", "[key]") {
  struct Case {
    const char* why;
    AttributeMap key;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {"hash and range", {{"pk", S("a")}, {"sk", N("1")}}, "ok"},
      {"empty key map", {}, kNoMatch},
      {"missing range key", {{"pk", S("a")}}, kNoMatch},
      {"missing hash key", {{"sk", N("1")}}, kNoMatch},
      {"extra attribute", {{"pk", S("a")}, {"sk", N("1")}, {"x", S("y")}}, kNoMatch},
      {"wrong hash type", {{"pk", N("1")}, {"sk", N("1")}}, kNoMatch},
      {"wrong range type", {{"pk", S("a")}, {"sk", S("1")}}, kNoMatch},
      {"wrong attribute name", {{"pkk", S("a")}, {"sk", N("1")}}, kNoMatch},
      // The count is checked first: an extra attribute wins over an empty value.
      {"extra attribute and an empty value", {{"pk", S("")}, {"sk", N("1")}, {"x", S("y")}}, kNoMatch},
      {"empty string hash key",
       {{"pk", S("")}, {"sk", N("1")}},
       "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
       "string value. Key: pk"},
  };
  for (const auto& c : cases) {
    INFO(c.why);
    CHECK(key_outcome(c.key, kStringNumber) == c.expected);
  }
  CHECK(key_outcome({{"h", N("-1.5e10")}}, kNumberOnly) == "ok");
  CHECK(key_outcome({{"h", N("1")}, {"x", N("1")}}, kNumberOnly) == kNoMatch);
  CHECK(key_outcome({{"h", S("1")}}, kNumberOnly) == kNoMatch);
}

TEST_CASE("validate_key: empty values and size limits", "[key]") {
  const std::string empty_binary =
      "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
      "binary value. Key: id";
  const std::string empty_string_r =
      "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
      "string value. Key: r";
  CHECK(key_outcome({{"id", B("")}, {"r", S("x")}}, kBinaryString) == empty_binary);
  // An ExclusiveStartKey keeps the older wording.
  CHECK(outcome([&] { model::validate_start_key({{"id", B("")}, {"r", S("x")}}, kBinaryString); }) ==
        "One or more parameter values were invalid: The AttributeValue for a key attribute cannot contain an empty "
        "binary value. Key: id");
  CHECK(key_outcome({{"id", B("a")}, {"r", S("")}}, kBinaryString) == empty_string_r);
  // The hash key is checked completely before the range key.
  CHECK(key_outcome({{"id", B("")}, {"r", S("")}}, kBinaryString) == empty_binary);
  CHECK(key_outcome({{"id", B(std::string(2049, 'a'))}, {"r", S("")}}, kBinaryString) == kHashTooBig);

  // Partition keys: 2048 bytes, string or binary.
  CHECK(key_outcome({{"pk", S(std::string(2048, 'a'))}, {"sk", N("1")}}, kStringNumber) == "ok");
  CHECK(key_outcome({{"pk", S(std::string(2049, 'a'))}, {"sk", N("1")}}, kStringNumber) == kHashTooBig);
  CHECK(key_outcome({{"id", B(std::string(2048, '\xff'))}, {"r", S("x")}}, kBinaryString) == "ok");
  CHECK(key_outcome({{"id", B(std::string(2049, '\xff'))}, {"r", S("x")}}, kBinaryString) == kHashTooBig);
  // Sort keys: 1024 bytes.
  CHECK(key_outcome({{"id", B("a")}, {"r", S(std::string(1024, 'b'))}}, kBinaryString) == "ok");
  CHECK(key_outcome({{"id", B("a")}, {"r", S(std::string(1025, 'b'))}}, kBinaryString) == kRangeTooBig);
  // Sizes are bytes: 683 three-byte characters are 2049 bytes.
  std::string euros;
  for (int i = 0; i < 683; ++i) euros += "\xe2\x82\xac";
  CHECK(key_outcome({{"pk", S(euros)}, {"sk", N("1")}}, kStringNumber) == kHashTooBig);
  CHECK(key_outcome({{"pk", S(euros.substr(3) + "ab")}, {"sk", N("1")}}, kStringNumber) == "ok");  // 2048 bytes
  // Numbers are never too large, as hash or as range key.
  const std::string widest = "-1.2345678901234567890123456789012345678E-120";
  CHECK(key_outcome({{"pk", S("a")}, {"sk", N(widest)}}, kStringNumber) == "ok");
  CHECK(key_outcome({{"h", N(widest)}}, kNumberOnly) == "ok");
  CHECK(key_outcome({{"h", N("9.9999999999999999999999999999999999999E+125")}}, kNumberOnly) == "ok");
}

// ---- validate_item_key (the key attributes inside a PutItem Item) -------------------------

TEST_CASE("validate_item_key: missing keys, type mismatches, empty values, sizes", "[key]") {
  struct Case {
    const char* why;
    AttributeMap item;
    const KeySchema& schema;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {"keys and other attributes", {{"pk", S("a")}, {"sk", N("1")}, {"x", S("")}}, kStringNumber, "ok"},
      {"missing range key",
       {{"pk", S("a")}},
       kStringNumber,
       "One or more parameter values were invalid: Missing the key sk in the item"},
      {"missing hash key",
       {{"sk", N("1")}, {"other", S("x")}},
       kStringNumber,
       "One or more parameter values were invalid: Missing the key pk in the item"},
      {"both missing: the hash key is named",
       {{"other", S("x")}},
       kStringNumber,
       "One or more parameter values were invalid: Missing the key pk in the item"},
      {"hash key of the wrong type",
       {{"pk", N("1")}, {"sk", N("1")}},
       kStringNumber,
       "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N"},
      {"range key of the wrong type",
       {{"pk", S("a")}, {"sk", S("1")}},
       kStringNumber,
       "One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S"},
      {"binary key given a string",
       {{"id", S("a")}, {"r", S("x")}},
       kBinaryString,
       "One or more parameter values were invalid: Type mismatch for key id expected: B actual: S"},
      {"key given a list",
       {{"id", AttributeValue(model::AttributeList{})}, {"r", S("x")}},
       kBinaryString,
       "One or more parameter values were invalid: Type mismatch for key id expected: B actual: L"},
      {"key given NULL",
       {{"pk", S("a")}, {"sk", AttributeValue(model::Null{})}},
       kStringNumber,
       "One or more parameter values were invalid: Type mismatch for key sk expected: N actual: NULL"},
      // The same wording as the Key parameter's (2026).
      {"empty string hash key",
       {{"pk", S("")}, {"sk", N("1")}},
       kStringNumber,
       "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
       "string value. Key: pk"},
      {"empty binary hash key",
       {{"id", B("")}, {"r", S("x")}},
       kBinaryString,
       "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
       "binary value. Key: id"},
      {"empty string range key",
       {{"id", B("a")}, {"r", S("")}},
       kBinaryString,
       "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
       "string value. Key: r"},
      // The hash key is checked completely (size included) before the range key.
      {"oversized hash key and missing range key", {{"pk", S(std::string(2049, 'a'))}}, kStringNumber, kHashTooBig},
      {"hash key 2048 bytes", {{"pk", S(std::string(2048, 'a'))}, {"sk", N("1")}}, kStringNumber, "ok"},
      {"hash key 2049 bytes", {{"pk", S(std::string(2049, 'a'))}, {"sk", N("1")}}, kStringNumber, kHashTooBig},
      {"binary hash key 2049 bytes", {{"id", B(std::string(2049, 'a'))}, {"r", S("x")}}, kBinaryString, kHashTooBig},
      {"range key 1024 bytes", {{"id", B("a")}, {"r", S(std::string(1024, 'b'))}}, kBinaryString, "ok"},
      {"range key 1025 bytes", {{"id", B("a")}, {"r", S(std::string(1025, 'b'))}}, kBinaryString, kRangeTooBig},
      {"38-digit number keys",
       {{"pk", S("a")}, {"sk", N("12345678901234567890123456789012345678E+80")}},
       kStringNumber,
       "ok"},
  };
  for (const auto& c : cases) {
    INFO(c.why);
    CHECK(item_outcome(c.item, c.schema) == c.expected);
  }
}

TEST_CASE("key_of takes exactly the key attributes", "[key]") {
  const AttributeMap item = {{"pk", S("a")}, {"sk", N("1.50")}, {"x", S("y")}};
  const AttributeMap key = model::key_of(item, kStringNumber);
  CHECK(key == AttributeMap{{"pk", S("a")}, {"sk", N("1.5")}});
  CHECK(model::key_of({{"h", N("7")}, {"x", S("y")}}, kNumberOnly) == AttributeMap{{"h", N("7")}});
}

// ---- Storage key order ---------------------------------------------------------------------

namespace {

std::string sk_key(const std::string& pk, const AttributeValue& sk) {
  return model::storage_key({{"pk", S(pk)}, {"sk", sk}},
                            KeySchema{KeyAttribute{"pk", ValueType::S}, KeyAttribute{"sk", sk.type()}});
}

// Requires that storage keys of `ascending` (sort keys of one partition) strictly ascend.
void require_ascending(const std::string& pk, const std::vector<AttributeValue>& ascending) {
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    INFO("position " << i);
    CHECK(sk_key(pk, ascending[i]) < sk_key(pk, ascending[i + 1]));
    CHECK(model::key_value_bytes(ascending[i]) < model::key_value_bytes(ascending[i + 1]));
  }
}

}  // namespace

TEST_CASE("Inside a partition, numbers sort numerically", "[key][order]") {
  const std::vector<std::string> ascending = {
      "-9.9999999999999999999999999999999999999E+125",
      "-1E+125",
      "-1E+20",
      "-100000",
      "-1000",
      "-100.5",
      "-100",
      "-99",
      "-12.5",
      "-10",
      "-9",
      "-2",
      "-1.0000000000000000000000000000000000001",
      "-1",
      "-0.99",
      "-0.5",
      "-0.1",
      "-0.01",
      "-1E-129",
      "-1E-130",
      "0",
      "1E-130",
      "1.1E-130",
      "1E-129",
      "0.001",
      "0.01",
      "0.0999",
      "0.1",
      "0.5",
      "0.99",
      "1",
      "1.0000000000000000000000000000000000001",
      "1.5",
      "2",
      "9",
      "10",
      "10.5",
      "99",
      "100",
      "100.5",
      "101",
      "1000",
      "12345678901234567890123456789012345678",
      "1E+38",
      "1E+100",
      "1E+125",
      "9.9999999999999999999999999999999999999E+125",
  };
  std::vector<AttributeValue> values;
  for (const auto& text : ascending) values.push_back(N(text));
  require_ascending("p", values);
  // Equal numbers, however spelled, are the same key.
  CHECK(sk_key("p", N("1.0")) == sk_key("p", N("1")));
  CHECK(sk_key("p", N("1e2")) == sk_key("p", N("100")));
  CHECK(sk_key("p", N("-0")) == sk_key("p", N("0")));
  CHECK(sk_key("p", N("0.000")) == sk_key("p", N("0")));
  CHECK(sk_key("p", N("-1.50")) == sk_key("p", N("-15E-1")));
}

TEST_CASE("Inside a partition, strings and binaries sort bytewise", "[key][order]") {
  const std::vector<std::string> ascending = {
      std::string("\x00", 1),
      std::string("\x00\x00", 2),
      "\x01",
      "A",
      "Z",
      "a",
      "a\x01",
      "ab",
      "abc",
      "abd",
      "b",
      "z",
      "zzzzzzzzzz",
      "\x7f",
      "\x80",          // bytes >= 0x80 sort after ASCII (unsigned comparison)
      "\xc3\xa9",      // "é"
      "\xe2\x82\xac",  // "€"
      "\xff",
      "\xff\xff",
  };
  std::vector<AttributeValue> strings, binaries;
  for (const auto& s : ascending) {
    strings.push_back(S(s));
    binaries.push_back(B(s));
  }
  require_ascending("p", strings);
  require_ascending("p", binaries);
  // A prefix sorts first: "a" < "ab" < "b".
  CHECK(sk_key("p", S("a")) < sk_key("p", S("ab")));
  CHECK(sk_key("p", S("ab")) < sk_key("p", S("b")));
  CHECK(sk_key("p", B(std::string("\x80", 1))) < sk_key("p", B(std::string("\x80\x00", 2))));
}

TEST_CASE("A hash-only key is its partition prefix; numeric partition keys are canonical", "[key][order]") {
  CHECK(model::storage_key({{"h", N("7")}}, kNumberOnly) == model::partition_prefix(N("7")));
  CHECK(model::partition_prefix(N("1.0")) == model::partition_prefix(N("1")));
  CHECK(model::partition_hash(N("1.0")) == model::partition_hash(N("1")));
  CHECK(model::partition_prefix(N("1")) != model::partition_prefix(N("2")));
  // Neither of two partition prefixes is a prefix of the other: "a" and "ab" are distinct
  // partitions, and no item of "ab" may fall inside partition "a"'s range.
  const std::string a = model::partition_prefix(S("a")), ab = model::partition_prefix(S("ab"));
  CHECK(ab.compare(0, a.size(), a) != 0);
  CHECK(a.compare(0, ab.size(), ab) != 0);
}

TEST_CASE("A key's identity tells keys apart as its storage key does", "[key]") {
  const std::vector<AttributeMap> keys = {
      {{"pk", S("a")}, {"sk", N("1")}},  {{"pk", S("a")}, {"sk", N("1.0")}}, {{"pk", S("a")}, {"sk", N("10")}},
      {{"pk", S("a1")}, {"sk", N("0")}}, {{"pk", S("ab")}, {"sk", N("1")}},  {{"pk", S("")}, {"sk", N("-1")}},
      {{"pk", S("b")}, {"sk", N("1")}}};
  for (const auto& a : keys)
    for (const auto& b : keys) {
      INFO(model::storage_key(a, kStringNumber) << " / " << model::storage_key(b, kStringNumber));
      CHECK((model::key_identity(a, kStringNumber) == model::key_identity(b, kStringNumber)) ==
            (model::storage_key(a, kStringNumber) == model::storage_key(b, kStringNumber)));
    }
  // The storage key is the hash, then the identity.
  CHECK(model::storage_key(keys[0], kStringNumber).substr(8) == model::key_identity(keys[0], kStringNumber));
  CHECK(model::partition_prefix(S("ab")).substr(8) == model::partition_identity(S("ab")));
  CHECK(model::partition_identity(N("1.0")) == model::partition_identity(N("1")));
  CHECK(model::partition_identity(S("a")) != model::partition_identity(S("ab")));
}

TEST_CASE("Property: one partition's items are contiguous and in sort-key order", "[key][order][property]") {
  // Random keys in a std::map, the table's storage structure: walking it must visit each
  // partition exactly once, as one run of keys starting with its partition_prefix, with sort
  // keys ascending by an independent oracle.
  const uint64_t seed = GENERATE(1, 2, 3);
  std::mt19937_64 rng(seed);
  INFO("seed " << seed);

  // Numbers m * 10^e, compared exactly as m * 10^(e + 20) in 128-bit integers.
  struct Num {
    int64_t mantissa;
    int exponent;
    __int128 scaled() const {
      __int128 v = mantissa;
      for (int i = 0; i < exponent + 20; ++i) v *= 10;
      return v;
    }
  };
  auto random_num = [&] {
    std::uniform_int_distribution<int64_t> m(-999999, 999999);
    std::uniform_int_distribution<int> e(-20, 10);
    return Num{m(rng), e(rng)};
  };
  auto random_bytes = [&] {
    std::uniform_int_distribution<int> len(1, 6), byte(0, 255), small(0, 3);
    std::string s(static_cast<std::size_t>(len(rng)), '\0');
    // Few distinct byte values, so that prefixes and equal keys are common.
    for (auto& c : s) c = static_cast<char>(byte(rng) < 128 ? 'a' + small(rng) : 0xfe + small(rng) % 2);
    return s;
  };

  for (ValueType range_type : {ValueType::N, ValueType::S, ValueType::B}) {
    INFO("range type " << model::value_type_name(range_type));
    const KeySchema schema{KeyAttribute{"pk", ValueType::S}, KeyAttribute{"sk", range_type}};
    struct Entry {
      std::string pk;
      __int128 number = 0;  // N sort keys, scaled
      std::string bytes;    // S and B sort keys
    };
    std::map<std::string, Entry> stored;
    std::vector<std::string> partitions;
    for (int i = 0; i < 12; ++i) partitions.push_back(random_bytes());
    for (int i = 0; i < 600; ++i) {
      Entry entry;
      entry.pk = partitions[std::uniform_int_distribution<std::size_t>(0, partitions.size() - 1)(rng)];
      AttributeValue sk;
      if (range_type == ValueType::N) {
        Num n = random_num();
        entry.number = n.scaled();
        sk = N(std::to_string(n.mantissa) + "e" + std::to_string(n.exponent));
      } else {
        entry.bytes = random_bytes();
        sk = range_type == ValueType::S ? S(entry.bytes) : B(entry.bytes);
      }
      std::string key = model::storage_key({{"pk", S(entry.pk)}, {"sk", sk}}, schema);
      REQUIRE(key.rfind(model::partition_prefix(S(entry.pk)), 0) == 0);
      auto [it, inserted] = stored.emplace(key, entry);
      if (!inserted) {
        // Same storage key: must be the same primary key.
        CHECK(it->second.pk == entry.pk);
        CHECK(it->second.number == entry.number);
        CHECK(it->second.bytes == entry.bytes);
      }
    }
    std::set<std::string> finished;  // partitions whose run has ended
    const Entry* previous = nullptr;
    for (const auto& [key, entry] : stored) {
      if (previous && previous->pk != entry.pk) finished.insert(previous->pk);
      CHECK(finished.count(entry.pk) == 0);  // a partition's items are contiguous
      CHECK(key.rfind(model::partition_prefix(S(entry.pk)), 0) == 0);
      if (previous && previous->pk == entry.pk) {
        if (range_type == ValueType::N)
          CHECK(previous->number < entry.number);
        else
          CHECK(previous->bytes < entry.bytes);  // std::string compares bytes as unsigned
      }
      previous = &entry;
    }
  }
}

TEST_CASE("Property: numeric sort keys agree with Number::compare at any magnitude", "[key][order][property]") {
  std::mt19937_64 rng(42);
  auto random_text = [&] {
    std::uniform_int_distribution<int> digits(1, 38), digit(0, 9), exponent(-125, 120), sign(0, 1);
    std::string s = sign(rng) ? "-" : "";
    int n = digits(rng);
    s += static_cast<char>('1' + digit(rng) % 9);
    s += '.';
    for (int i = 1; i < n; ++i) s += static_cast<char>('0' + digit(rng));
    return s + "e" + std::to_string(exponent(rng));
  };
  for (int i = 0; i < 2000; ++i) {
    const std::string a = random_text(), b = random_text();
    INFO(a << " vs " << b);
    const int c = model::Number::parse(a).compare(model::Number::parse(b));
    const std::string ka = sk_key("p", N(a)), kb = sk_key("p", N(b));
    CHECK((ka < kb) == (c < 0));
    CHECK((ka == kb) == (c == 0));
  }
}

// DynamoDB's partition order: the first 24 bits of MD5("Outliers" + the key's bytes), numbers in
// DynamoDB's binary form. The expected prefixes are dynalite's hashPrefix (db/index.js), which
// reproduces DynamoDB's Scan order.
TEST_CASE("partition_hash is DynamoDB's digest of the partition key", "[key][order]") {
  struct Case {
    AttributeValue value;
    uint64_t prefix;
  };
  const Case cases[] = {
      {S("hello"), 0x8f051e},
      {S("0"), 0x92b363},
      {S("aardman"), 0xb94152},
      {S("\xc3\xa4\xc3\xa1\xc3\xb6\xc3\xbc"), 0xafc23a},  // "äáöü"
      {N("0"), 0xce212d},
      {N("1"), 0xc3a031},
      {N("-1"), 0x0267df},
      {N("123.456"), 0x5a8060},
      {N("-0.001"), 0xe0a1b7},
      {N("1E+125"), 0x2f2857},
      {N("12345678901234567890123456789012345678"), 0xb50a4c},
      {N("-98765432109876543210987654321"), 0x639d42},
      {B(std::string("\0\xff\x07", 3)), 0xa1a5a8},
  };
  for (const auto& c : cases) {
    INFO((c.value.type() == ValueType::N ? c.value.as<model::Number>().to_string() : std::string("S or B")));
    CHECK(model::partition_hash(c.value) == c.prefix << 40);
  }
}

// Data written before format 3 keyed items by another hash: loading swaps in today's.
TEST_CASE("rehashed_storage_key gives the storage key of today's hash", "[key]") {
  const KeySchema number_key{KeyAttribute{"h", ValueType::N}, KeyAttribute{"r", ValueType::S}};
  for (const char* number : {"0", "1", "-1", "123.456", "-0.001", "1E+125", "-98765432109876543210987654321", "10"}) {
    INFO(number);
    const AttributeMap key{{"h", N(number)}, {"r", S("x")}};
    std::string old = model::storage_key(key, number_key);
    for (int i = 0; i < 8; ++i) old[i] = static_cast<char>(0x5a + i);  // another hash
    CHECK(model::rehashed_storage_key(old, ValueType::N) == model::storage_key(key, number_key));
    CHECK(model::Number::from_sortable_bytes(N(number).as<model::Number>().sortable_bytes()) ==
          N(number).as<model::Number>());
  }
  const AttributeMap key{{"pk", S("hello")}, {"sk", N("2")}};
  std::string old = model::storage_key(key, kStringNumber);
  old[0] = 0;
  CHECK(model::rehashed_storage_key(old, ValueType::S) == model::storage_key(key, kStringNumber));
}

}  // namespace key_test
