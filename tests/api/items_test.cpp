// PutItem, GetItem and DeleteItem through api::Service: JSON in, JSON out, no network.
// Expected messages are the SDK conformance suite's (conformance/test/items.test.mjs), which
// were checked against the references; the ones the suite does not pin were checked against
// dynalite (DynamoDB's wording). Sizes follow DynamoDB's accounting (conformance/lib/size.mjs).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/table.h"
#include "tests/api/service_harness.h"

namespace items_test {

namespace {

using namespace minnow;
using minnow::testing::kValidation;

const std::string kSerialization = "com.amazon.coral.service#SerializationException";
const std::string kNotFound = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";
const std::string kOne = "1 validation error detected: ";

// JSON with sorted object members and sorted SS/NS/BS members (DynamoDB's sets have no
// order), numbers as numbers: two values are the same JSON iff their texts are equal.
std::string canonical(const api::JsonValue& v, bool is_set = false) {
  if (v.IsObject()) {
    std::vector<std::pair<std::string, std::string>> members;
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      std::string name(it->name.GetString(), it->name.GetStringLength());
      bool set = name == "SS" || name == "NS" || name == "BS";
      members.emplace_back(api::to_json_text(it->name), canonical(it->value, set));
    }
    std::sort(members.begin(), members.end());
    std::string out = "{";
    for (std::size_t i = 0; i < members.size(); ++i) out += (i ? "," : "") + members[i].first + ":" + members[i].second;
    return out + "}";
  }
  if (v.IsArray()) {
    std::vector<std::string> elements;
    for (const auto& e : v.GetArray()) elements.push_back(canonical(e));
    if (is_set) std::sort(elements.begin(), elements.end());
    std::string out = "[";
    for (std::size_t i = 0; i < elements.size(); ++i) out += (i ? "," : "") + elements[i];
    return out + "]";
  }
  if (v.IsNumber()) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", v.GetDouble());
    return buffer;
  }
  return api::to_json_text(v);
}

std::string canonical(const std::string& json) {
  api::JsonDocument d;
  d.Parse(json.c_str(), json.size());
  if (d.HasParseError()) return "not JSON: " + json;
  return canonical(d);
}

std::string quoted(const std::string& s) {
  rapidjson::StringBuffer buffer;
  api::JsonWriter w(buffer);
  w.String(s.data(), s.size());
  return buffer.GetString();
}

struct Harness : testing::ServiceHarness {
  // Tables: t_ps (pk S, sk N), t_bs (id B, r S), t_h (pk S).
  Harness() {
    create("t_ps", {{"pk", "S"}, {"sk", "N"}});
    create("t_bs", {{"id", "B"}, {"r", "S"}});
    create("t_h", {{"pk", "S"}});
  }

  void create(const std::string& name, const std::vector<std::pair<std::string, std::string>>& keys) {
    std::string schema, definitions;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      schema += std::string(i ? "," : "") + R"({"AttributeName":")" + keys[i].first + R"(","KeyType":")" +
                (i ? "RANGE" : "HASH") + R"("})";
      definitions += std::string(i ? "," : "") + R"({"AttributeName":")" + keys[i].first + R"(","AttributeType":")" +
                     keys[i].second + R"("})";
    }
    ok("CreateTable", R"({"TableName":")" + name + R"(","KeySchema":[)" + schema + R"(],"AttributeDefinitions":[)" +
                          definitions + R"(],"BillingMode":"PAY_PER_REQUEST"})");
  }

  // The canonical answer of a call that must succeed.
  std::string ok(const std::string& action, const std::string& body) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body.substr(0, 300) << " -> " << reply.body.substr(0, 300));
    REQUIRE(reply.status == 200);
    return canonical(reply.body);
  }

  // The exact error body of a call that must fail with HTTP 400.
  std::string error(const std::string& action, const std::string& body) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body.substr(0, 300));
    CHECK(reply.status == 400);
    return reply.body;
  }

  std::string put(const std::string& item, const std::string& extra = "") {
    return ok("PutItem", R"({"TableName":"t_ps","Item":)" + item + extra + "}");
  }
  std::string put_error(const std::string& item, const std::string& extra = "") {
    return error("PutItem", R"({"TableName":"t_ps","Item":)" + item + extra + "}");
  }
  std::string get(const std::string& key, const std::string& extra = "") {
    return ok("GetItem", R"({"TableName":"t_ps","ConsistentRead":true,"Key":)" + key + extra + "}");
  }
};

// A DynamoDB error body: "message", except Coral's SerializationException says "Message".
std::string error_body(const std::string& type, const std::string& message) {
  if (message.empty()) return R"({"__type":")" + type + R"("})";
  const char* key = type == kSerialization ? "Message" : "message";
  return R"({"__type":")" + type + R"(",")" + key + R"(":)" + quoted(message) + "}";
}
std::string validation(const std::string& message) { return error_body(kValidation, message); }

// The item `base_json` (e.g. {"pk":{"S":"a"}}, of `base_bytes` bytes by DynamoDB's rules) plus
// a string attribute "fill" that makes it exactly `bytes` bytes.
std::string padded(const std::string& base_json, std::size_t base_bytes, std::size_t bytes) {
  REQUIRE(bytes >= base_bytes + 4);
  std::string inner = base_json.substr(0, base_json.size() - 1);  // without the closing brace
  return inner + R"(,"fill":{"S":")" + std::string(bytes - base_bytes - 4, 'x') + R"("}})";
}

}  // namespace

// ---- Round trips ---------------------------------------------------------------------------

TEST_CASE("items: all ten attribute types round-trip through PutItem and GetItem", "[items]") {
  Harness h;
  const std::string item = R"({"pk":{"S":"types"},"sk":{"N":"1"},)"
                           R"("s":{"S":"h\u00e9llo w\u00f6rld \u2713"},"n":{"N":"-12.5"},"b":{"B":"AAEC/f7/"},)"
                           R"("bool":{"BOOL":false},"t":{"BOOL":true},"nul":{"NULL":true},)"
                           R"("ss":{"SS":["b","a","c"]},"ns":{"NS":["3","-1","2.5"]},"bs":{"BS":["AQ==","AgM="]},)"
                           R"("l":{"L":[{"S":"x"},{"N":"1"},{"L":[{"BOOL":true}]},{"M":{"k":{"NULL":true}}}]},)"
                           R"("m":{"M":{"inner":{"M":{"deep":{"SS":["z"]},"list":{"L":[]}}},"empty":{"M":{}}}},)"
                           R"("es":{"S":""},"eb":{"B":""},"el":{"L":[{"S":""},{"B":""}]}})";
  CHECK(h.put(item) == "{}");
  CHECK(h.get(R"({"pk":{"S":"types"},"sk":{"N":"1"}})") == canonical(R"({"Item":)" + item + "}"));

  // Binary values are stored as their bytes, not as base64 text.
  auto table = h.database.find("t_ps");
  REQUIRE(table);
  model::AttributeMap key = {{"pk", model::AttributeValue(std::string("types"))},
                             {"sk", model::AttributeValue(model::Number::parse("1"))}};
  auto stored = table->get(key);
  REQUIRE(stored.has_value());
  CHECK(stored->at("b").as<model::Binary>().bytes == std::string("\x00\x01\x02\xfd\xfe\xff", 6));
  CHECK(stored->at("s").as<std::string>() == "h\xc3\xa9llo w\xc3\xb6rld \xe2\x9c\x93");
}

TEST_CASE("items: binary keys round-trip and are compared by bytes", "[items]") {
  Harness h;
  CHECK(h.ok("PutItem", R"({"TableName":"t_bs","Item":{"id":{"B":"/w=="},"r":{"S":"x"},"v":{"N":"1"}}})") == "{}");
  CHECK(h.ok("PutItem", R"({"TableName":"t_bs","Item":{"id":{"B":"/wA="},"r":{"S":"x"},"v":{"N":"2"}}})") == "{}");
  CHECK(h.ok("GetItem", R"({"TableName":"t_bs","Key":{"id":{"B":"/w=="},"r":{"S":"x"}}})") ==
        canonical(R"({"Item":{"id":{"B":"/w=="},"r":{"S":"x"},"v":{"N":"1"}}})"));
  CHECK(h.ok("GetItem", R"({"TableName":"t_bs","Key":{"id":{"B":"/wA="},"r":{"S":"x"}}})") ==
        canonical(R"({"Item":{"id":{"B":"/wA="},"r":{"S":"x"},"v":{"N":"2"}}})"));
}

TEST_CASE("items: PutItem replaces the whole item; GetItem of an absent item is {}", "[items]") {
  Harness h;
  const std::string key = R"({"pk":{"S":"r"},"sk":{"N":"1"}})";
  h.put(R"({"pk":{"S":"r"},"sk":{"N":"1"},"a":{"S":"1"},"b":{"S":"2"}})");
  h.put(R"({"pk":{"S":"r"},"sk":{"N":"1"},"c":{"S":"3"}})");
  CHECK(h.get(key) == canonical(R"({"Item":{"pk":{"S":"r"},"sk":{"N":"1"},"c":{"S":"3"}}})"));
  CHECK(h.get(R"({"pk":{"S":"never"},"sk":{"N":"1"}})") == "{}");
  CHECK(h.get(R"({"pk":{"S":"r"},"sk":{"N":"2"}})") == "{}");
  // DeleteItem removes it, and deleting again also succeeds.
  CHECK(h.ok("DeleteItem", R"({"TableName":"t_ps","Key":)" + key + "}") == "{}");
  CHECK(h.get(key) == "{}");
  CHECK(h.ok("DeleteItem", R"({"TableName":"t_ps","Key":)" + key + "}") == "{}");
  CHECK(h.database.find("t_ps")->item_count() == 0);
}

TEST_CASE("items: numbers are returned in canonical form, nested ones too", "[items][numbers]") {
  Harness h;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1.50", "1.5"},
      {"1e2", "100"},
      {"1E+2", "100"},
      {"-0", "0"},
      {"0.0000", "0"},
      {"00012", "12"},
      {"1.0e+3", "1000"},
      {"-.5e-2", "-0.005"},
      {".5", "0.5"},
      {"5.", "5"},
      {"1e0", "1"},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"-12345678901234567890123456789012345678", "-12345678901234567890123456789012345678"},
      {"12345678901234567890123456789012345678000", "12345678901234567890123456789012345678000"},
      {"0.00012345678901234567890123456789012345678", "0.00012345678901234567890123456789012345678"},
      {"1.000000000000000000000000000000000000000000", "1"},
      {"1000000000000000000000000000000000000000", "1000000000000000000000000000000000000000"},
      {"9.9999999999999999999999999999999999999E+125", std::string(38, '9') + std::string(88, '0')},
      {"1E+125", "1" + std::string(125, '0')},
      {"1E-130", "0." + std::string(129, '0') + "1"},
      {"-1E-130", "-0." + std::string(129, '0') + "1"},
  };
  int i = 0;
  for (const auto& [input, output] : cases) {
    INFO("N " << input);
    const std::string key = R"({"pk":{"S":"n)" + std::to_string(++i) + R"("},"sk":{"N":"1"}})";
    const std::string n = R"({"N":")" + input + R"("})";
    h.put(key.substr(0, key.size() - 1) + R"(,"v":)" + n + R"(,"ns":{"NS":[")" + input + R"("]},"l":{"L":[)" + n +
          R"(]},"m":{"M":{"n":)" + n + "}}}");
    const std::string out = R"({"N":")" + output + R"("})";
    CHECK(h.get(key) ==
          canonical(R"({"Item":)" + key.substr(0, key.size() - 1) + R"(,"v":)" + out + R"(,"ns":{"NS":[")" + output +
                    R"("]},"l":{"L":[)" + out + R"(]},"m":{"M":{"n":)" + out + "}}}}"));
  }
}

TEST_CASE("items: numeric keys are compared by value", "[items][numbers]") {
  Harness h;
  h.put(R"({"pk":{"S":"numkey"},"sk":{"N":"1.50"},"a":{"S":"x"}})");
  const std::string expected = canonical(R"({"Item":{"pk":{"S":"numkey"},"sk":{"N":"1.5"},"a":{"S":"x"}}})");
  CHECK(h.get(R"({"pk":{"S":"numkey"},"sk":{"N":"1.5"}})") == expected);
  CHECK(h.get(R"({"pk":{"S":"numkey"},"sk":{"N":"15E-1"}})") == expected);
  // Overwriting through another spelling replaces the same item.
  h.put(R"({"pk":{"S":"numkey"},"sk":{"N":"0.15e1"},"a":{"S":"y"}})");
  CHECK(h.database.find("t_ps")->item_count() == 1);
  CHECK(h.get(R"({"pk":{"S":"numkey"},"sk":{"N":"1.5"}})") ==
        canonical(R"({"Item":{"pk":{"S":"numkey"},"sk":{"N":"1.5"},"a":{"S":"y"}}})"));
}

// ---- Value errors --------------------------------------------------------------------------

TEST_CASE("items: invalid numbers are rejected with DynamoDB's messages, in N, NS and M", "[items][numbers]") {
  Harness h;
  const std::string digits = "Attempting to store more than 38 significant digits in a Number";
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  const std::string underflow =
      "Number underflow. Attempting to store a number with magnitude smaller than supported range";
  const std::string numeric = "The parameter cannot be converted to a numeric value";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"123456789012345678901234567890123456789", digits},
      {"0.123456789012345678901234567890123456789", digits},
      {"1E+126", overflow},
      {"-1E+126", overflow},
      {"1E-131", underflow},
      {"abc", numeric + ": abc"},
      {"1e", numeric + ": 1e"},
      {"0x10", numeric + ": 0x10"},
      {"NaN", numeric + ": NaN"},
      {"Infinity", numeric + ": Infinity"},
      {" 1", numeric + ":  1"},
      {"++1", numeric + ": ++1"},
      {"", numeric},
  };
  for (const auto& [n, message] : cases) {
    INFO("N \"" << n << "\"");
    const std::string pre = R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":)";
    CHECK(h.put_error(pre + R"({"N":")" + n + R"("}})") == validation(message));
    CHECK(h.put_error(pre + R"({"NS":["1",")" + n + R"("]}})") == validation(message));
    CHECK(h.put_error(pre + R"({"M":{"x":{"N":")" + n + R"("}}}})") == validation(message));
    CHECK(h.put_error(pre + R"({"L":[{"N":")" + n + R"("}]}})") == validation(message));
  }
  CHECK(h.database.find("t_ps")->item_count() == 0);
}

TEST_CASE("items: invalid attribute values are rejected with DynamoDB's messages", "[items]") {
  Harness h;
  const std::string kInvalid = "One or more parameter values were invalid: ";
  const std::string kEmpty = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
  const std::string kMultiple =
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes";
  const std::string kNull = kInvalid + "Null attribute value types must have the value of true";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"SS":[]})", kInvalid + "An string set  may not be empty"},
      {R"({"NS":[]})", kInvalid + "An number set  may not be empty"},
      {R"({"BS":[]})", kInvalid + "Binary sets should not be empty"},
      {R"({"SS":["a","b","a"]})", kInvalid + "Input collection [a, b, a] contains duplicates."},
      {R"({"NS":["1","2","1"]})", "Input collection contains duplicates"},
      {R"({"NS":["1","1.0"]})", "Input collection contains duplicates"},
      {R"({"BS":["YQ==","YQ=="]})", kInvalid + "Input collection [YQ==, YQ==]of type BS contains duplicates."},
      {R"({"S":"a","N":"1"})", kMultiple},
      {R"({"BOOL":true,"NULL":true})", kMultiple},
      {R"({})", kEmpty},
      {R"({"X":"1"})", kEmpty},
      {R"({"NULL":false})", kNull},
      // A value's members are checked before the multiple-type rule (dynalite).
      {R"({"S":"a","N":"x"})", "The parameter cannot be converted to a numeric value: x"},
      {R"({"NULL":false,"S":"a"})", kNull},
      // Nested values are checked the same way.
      {R"({"M":{"x":{"SS":[]}}})", kInvalid + "An string set  may not be empty"},
      {R"({"L":[{"S":"a","N":"1"}]})", kMultiple},
      {R"({"L":[{"M":{"y":{"NULL":false}}}]})", kNull},
  };
  for (const auto& [value, message] : cases) {
    INFO("v " << value);
    CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":)" + value + "}") == validation(message));
  }
  // Attributes are checked in request order.
  CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"NS":[]},"w":{"N":"x"}})") ==
        validation(kInvalid + "An number set  may not be empty"));
  CHECK(h.database.find("t_ps")->item_count() == 0);
}

TEST_CASE("items: wrong JSON inside attribute values is a SerializationException", "[items]") {
  Harness h;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"B":"YQ"})", "Base64 encoded length is expected a multiple of 4 bytes but found: 2"},
      {R"({"BS":["!!!"]})", "Base64 encoded length is expected a multiple of 4 bytes but found: 3"},
      {R"({"B":"!!!!"})", "Invalid last non-pad Base64 character dectected"},
      {R"({"B":"YR=="})", "Invalid last non-pad Base64 character dectected"},
      {R"({"S":5})", "NUMBER_VALUE cannot be converted to String"},
      {R"({"N":1})", "NUMBER_VALUE cannot be converted to String"},
      {R"({"SS":[1]})", "NUMBER_VALUE cannot be converted to String"},
      {R"({"L":{}})", "Start of structure or map found where not expected"},
      {R"({"M":[]})",
       "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"},
      {R"(5)", "Unexpected value type in payload"},
  };
  for (const auto& [value, message] : cases) {
    INFO("v " << value);
    CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":)" + value + "}") == error_body(kSerialization, message));
  }
  // BOOL and NULL take JSON booleans only: DynamoDB reads "yes" or "1" as a request's Boolean
  // member, never as an attribute's.
  for (const char* value : {R"({"BOOL":"maybe"})", R"({"NULL":"x"})", R"({"BOOL":"yes"})", R"({"BOOL":"1"})",
                            R"({"BOOL":"true"})", R"({"NULL":"TRUE"})"}) {
    INFO("v " << value);
    CHECK(h.put_error(std::string(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":)") + value + "}") ==
          error_body(kSerialization, "Unexpected token received from parser"));
  }
}

// ---- Keys ----------------------------------------------------------------------------------

TEST_CASE("items: key errors", "[items][keys]") {
  Harness h;
  const std::string kInvalid = "One or more parameter values were invalid: ";
  // PutItem names the missing key and the mismatched type.
  CHECK(h.put_error(R"({"pk":{"S":"a"}})") == validation(kInvalid + "Missing the key sk in the item"));
  CHECK(h.put_error(R"({"sk":{"N":"1"},"other":{"S":"x"}})") ==
        validation(kInvalid + "Missing the key pk in the item"));
  CHECK(h.put_error(R"({"pk":{"N":"1"},"sk":{"N":"1"}})") ==
        validation(kInvalid + "Type mismatch for key pk expected: S actual: N"));
  CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"S":"1"}})") ==
        validation(kInvalid + "Type mismatch for key sk expected: N actual: S"));
  CHECK(h.error("PutItem", R"({"TableName":"t_bs","Item":{"id":{"S":"a"},"r":{"S":"x"}}})") ==
        validation(kInvalid + "Type mismatch for key id expected: B actual: S"));
  // Empty key values: PutItem's wording...
  const std::string empty = "The AttributeValue for a key attribute cannot contain an empty ";
  CHECK(h.put_error(R"({"pk":{"S":""},"sk":{"N":"1"}})") ==
        validation("One or more parameter values are not valid. " + empty + "string value. Key: pk"));
  CHECK(h.error("PutItem", R"({"TableName":"t_bs","Item":{"id":{"B":""},"r":{"S":"x"}}})") ==
        validation("One or more parameter values are not valid. " + empty + "binary value. Key: id"));
  CHECK(h.error("PutItem", R"({"TableName":"t_bs","Item":{"id":{"B":"YQ=="},"r":{"S":""}}})") ==
        validation("One or more parameter values are not valid. " + empty + "string value. Key: r"));
  // ... and GetItem's and DeleteItem's, in the same words (2026).
  for (const char* action : {"GetItem", "DeleteItem"}) {
    INFO(action);
    CHECK(h.error(action, R"({"TableName":"t_ps","Key":{"pk":{"S":""},"sk":{"N":"1"}}})") ==
          validation("One or more parameter values are not valid. " + empty + "string value. Key: pk"));
    CHECK(h.error(action, R"({"TableName":"t_bs","Key":{"id":{"B":""},"r":{"S":"x"}}})") ==
          validation("One or more parameter values are not valid. " + empty + "binary value. Key: id"));
    // A Key must be exactly the key schema.
    for (const char* key : {R"({"pk":{"S":"a"}})", R"({"pk":{"S":"a"},"sk":{"N":"1"},"x":{"S":"y"}})",
                            R"({"pk":{"N":"1"},"sk":{"N":"1"}})", R"({"pkk":{"S":"a"},"sk":{"N":"1"}})", "{}"}) {
      INFO(key);
      CHECK(h.error(action, std::string(R"({"TableName":"t_ps","Key":)") + key + "}") ==
            validation("The provided key element does not match the schema"));
    }
  }
}

TEST_CASE("items: key size limits", "[items][keys]") {
  Harness h;
  const std::string hash_too_big =
      "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes";
  const std::string range_too_big =
      "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of "
      "1024 bytes";
  auto s_item = [](std::size_t n) { return R"({"pk":{"S":")" + std::string(n, 'a') + R"("},"sk":{"N":"1"}})"; };
  CHECK(h.put(s_item(2048)) == "{}");
  CHECK(h.put_error(s_item(2049)) == validation(hash_too_big));
  // 2049 bytes of 0x07, base64: 683 groups of "BwcH" (3 bytes each).
  std::string b2049, b2048;
  for (int i = 0; i < 683; ++i) b2049 += "BwcH";
  for (int i = 0; i < 682; ++i) b2048 += "BwcH";
  b2048 += "Bwc=";  // 2046 + 2 bytes
  CHECK(h.ok("PutItem", R"({"TableName":"t_bs","Item":{"id":{"B":")" + b2048 + R"("},"r":{"S":"x"}}})") == "{}");
  CHECK(h.error("PutItem", R"({"TableName":"t_bs","Item":{"id":{"B":")" + b2049 + R"("},"r":{"S":"x"}}})") ==
        validation(hash_too_big));
  auto r_item = [](std::size_t n) { return R"({"id":{"B":"YQ=="},"r":{"S":")" + std::string(n, 'b') + R"("}})"; };
  CHECK(h.ok("PutItem", R"({"TableName":"t_bs","Item":)" + r_item(1024) + "}") == "{}");
  CHECK(h.error("PutItem", R"({"TableName":"t_bs","Item":)" + r_item(1025) + "}") == validation(range_too_big));
  for (const char* action : {"GetItem", "DeleteItem"}) {
    INFO(action);
    CHECK(h.error(action, R"({"TableName":"t_ps","Key":)" + s_item(2049) + "}") == validation(hash_too_big));
    CHECK(h.error(action, R"({"TableName":"t_bs","Key":)" + r_item(1025) + "}") == validation(range_too_big));
  }
  // Sizes are UTF-8 bytes: 682 euro signs and "ab" are 2048 bytes, 683 are 2049.
  std::string euros;
  for (int i = 0; i < 682; ++i) euros += "\u20ac";
  CHECK(h.put(R"({"pk":{"S":")" + euros + R"(ab"},"sk":{"N":"1"}})") == "{}");
  CHECK(h.put_error(R"({"pk":{"S":")" + euros + R"(\u20ac"},"sk":{"N":"1"}})") == validation(hash_too_big));
}

TEST_CASE("items: a missing table, and the checks that come before the table lookup", "[items]") {
  Harness h;
  const std::string not_found = error_body(kNotFound, "Requested resource not found");
  CHECK(h.error("PutItem", R"({"TableName":"nope","Item":{"pk":{"S":"a"}}})") == not_found);
  CHECK(h.error("GetItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})") == not_found);
  CHECK(h.error("DeleteItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})") == not_found);
  // Table names are case-sensitive.
  CHECK(h.error("GetItem", R"({"TableName":"T_PS","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})") == not_found);
  // Values, ReturnValues and the item size are checked before the table is looked up.
  CHECK(h.error("PutItem", R"({"TableName":"nope","Item":{"pk":{"N":"abc"}}})") ==
        validation("The parameter cannot be converted to a numeric value: abc"));
  CHECK(h.error("PutItem", R"({"TableName":"nope","Item":{"pk":{"S":"a"}},"ReturnValues":"ALL_NEW"})") ==
        validation("ReturnValues can only be ALL_OLD or NONE"));
  CHECK(h.error("PutItem", R"({"TableName":"nope","Item":)" + padded(R"({"pk":{"S":"a"}})", 3, 409601) + "}") ==
        validation("Item size has exceeded the maximum allowed size"));
  // A Put's ReturnValues before its size; a Delete's after its ConditionExpression.
  CHECK(h.error("PutItem", R"({"TableName":"nope","ReturnValues":"ALL_NEW","Item":)" +
                               padded(R"({"pk":{"S":"a"}})", 3, 409601) + "}") ==
        validation("ReturnValues can only be ALL_OLD or NONE"));
  CHECK(h.error("DeleteItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}},"ReturnValues":"ALL_NEW",)"
                              R"("ConditionExpression":"a ="})")
            .find("Invalid ConditionExpression: Syntax error") != std::string::npos);
  CHECK(h.error("GetItem", R"({"TableName":"nope","Key":{"pk":{"SS":[]}}})") ==
        validation("One or more parameter values were invalid: An string set  may not be empty"));
  // The key is checked against the schema only once the table is known.
  CHECK(h.error("GetItem", R"({"TableName":"nope","Key":{"pk":{"S":""}}})") == not_found);
}

TEST_CASE("items: required parameters", "[items]") {
  Harness h;
  CHECK(h.error("PutItem", R"({"TableName":"t_ps"})") ==
        validation(kOne + "Value null at 'item' failed to satisfy constraint: Member must not be null"));
  CHECK(h.error("GetItem", R"({"TableName":"t_ps"})") ==
        validation(kOne + "Value null at 'key' failed to satisfy constraint: Member must not be null"));
  CHECK(h.error("DeleteItem", R"({"TableName":"t_ps"})") ==
        validation(kOne + "Value null at 'key' failed to satisfy constraint: Member must not be null"));
}

// ---- Item size -----------------------------------------------------------------------------

TEST_CASE("items: an item of exactly 409,600 bytes is accepted, 409,601 rejected", "[items][size]") {
  Harness h;
  // {base item, its size by DynamoDB's rules}.
  const std::vector<std::pair<std::string, std::size_t>> bases = {
      {R"({"pk":{"S":"k1"}})", 4},
      {R"({"pk":{"S":"k2"},"b":{"B":")" + std::string(132, 'A') + R"("}})", 4 + 1 + 99},  // 99 zero bytes
      {R"({"pk":{"S":"k3"},"n1":{"N":"123456"},"n2":{"N":"-1.2"},"n3":{"N":"0"},"n4":{"N":"120"},"n5":{"N":"1E+100"}})",
       4 + 6 + 6 + 3 + 5 + 4},
      {R"({"pk":{"S":"k4"},"m":{"M":{"ab":{"S":"xyz"},"c":{"NULL":true},"l":{"L":[{"BOOL":true},{"N":"12"},{"M":{}}]}}}})",
       4 + 1 + 26},
      {R"({"pk":{"S":"k5"},"ss":{"SS":["ab","c"]},"ns":{"NS":["1","22","-3.5"]},"bs":{"BS":["eHk=","eg=="]}})",
       4 + 5 + 10 + 5},
      {R"({"pk":{"S":"k6"},"u":{"S":"\u20ac\u20ac\u20ac\u00fc"}})", 4 + 1 + 11},  // UTF-8 bytes
      {R"({"pk":{"S":"k7"},"\u00f1ame\u20ac":{"S":"x"}})", 4 + 8 + 1},
  };
  for (const auto& [base, bytes] : bases) {
    INFO(base);
    CHECK(h.ok("PutItem", R"({"TableName":"t_h","Item":)" + padded(base, bytes, 409600) + "}") == "{}");
    const std::string key = base.substr(0, base.find("}") + 1) + "}";  // {"pk":{"S":"kN"}}
    api::Reply got = h.call(
        "GetItem", R"({"TableName":"t_h","ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL","Key":)" + key + "}");
    CHECK(got.body.find(R"("CapacityUnits":100)") != std::string::npos);  // 409,600 / 4096
    CHECK(h.error("PutItem", R"({"TableName":"t_h","Item":)" + padded(base, bytes, 409601) + "}") ==
          validation("Item size has exceeded the maximum allowed size"));
  }
  CHECK(h.database.find("t_h")->item_count() == bases.size());
  CHECK(h.database.find("t_h")->size_bytes() == 409600 * bases.size());
}

// ---- ReturnValues --------------------------------------------------------------------------

TEST_CASE("items: ReturnValues NONE and ALL_OLD", "[items]") {
  Harness h;
  const std::string k = R"("pk":{"S":"rv"},"sk":{"N":"1"})";
  const std::string v1 = "{" + k + R"(,"a":{"S":"one"},"n":{"N":"1.0"}})";
  const std::string v1_out = "{" + k + R"(,"a":{"S":"one"},"n":{"N":"1"}})";
  const std::string v2 = "{" + k + R"(,"b":{"S":"two"}})";
  const std::string del = R"({"TableName":"t_ps","Key":{)" + k + "}";
  CHECK(h.put(v1, R"(,"ReturnValues":"ALL_OLD")") == "{}");  // nothing replaced
  CHECK(h.put(v2, R"(,"ReturnValues":"NONE")") == "{}");
  CHECK(h.put(v1, R"(,"ReturnValues":"ALL_OLD")") == canonical(R"({"Attributes":)" + v2 + "}"));
  CHECK(h.put(v1) == "{}");
  CHECK(h.ok("DeleteItem", del + R"(,"ReturnValues":"ALL_OLD"})") == canonical(R"({"Attributes":)" + v1_out + "}"));
  CHECK(h.ok("DeleteItem", del + R"(,"ReturnValues":"ALL_OLD"})") == "{}");  // nothing to delete
  h.put(v2);
  CHECK(h.ok("DeleteItem", del + R"(,"ReturnValues":"NONE"})") == "{}");
  CHECK(h.get("{" + k + "}") == "{}");

  for (const char* rv : {"ALL_NEW", "UPDATED_OLD", "UPDATED_NEW"}) {
    INFO(rv);
    CHECK(h.put_error(v1, std::string(R"(,"ReturnValues":")") + rv + R"(")") ==
          validation("ReturnValues can only be ALL_OLD or NONE"));
    CHECK(h.error("DeleteItem", del + R"(,"ReturnValues":")" + rv + R"("})") ==
          validation("ReturnValues can only be ALL_OLD or NONE"));
  }
  const std::string bogus = kOne +
                            "Value 'BOGUS' at 'returnValues' failed to satisfy constraint: Member must satisfy enum "
                            "value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]";
  CHECK(h.put_error(v1, R"(,"ReturnValues":"BOGUS")") == validation(bogus));
  CHECK(h.error("DeleteItem", del + R"(,"ReturnValues":"BOGUS"})") == validation(bogus));
  // A rejected request changes nothing.
  CHECK(h.get("{" + k + "}") == "{}");
}

TEST_CASE("items: GetItem AttributesToGet", "[items]") {
  Harness h;
  const std::string k = R"("pk":{"S":"atg"},"sk":{"N":"1"})";
  h.put("{" + k + R"(,"a":{"S":"x"},"b":{"N":"2"},"c":{"M":{"d":{"S":"e"}}}})");
  CHECK(h.get("{" + k + "}", R"(,"AttributesToGet":["a","c"])") ==
        canonical(R"({"Item":{"a":{"S":"x"},"c":{"M":{"d":{"S":"e"}}}}})"));
  CHECK(h.get("{" + k + "}", R"(,"AttributesToGet":["pk","b"])") ==
        canonical(R"({"Item":{"pk":{"S":"atg"},"b":{"N":"2"}}})"));
  CHECK(h.get("{" + k + "}", R"(,"AttributesToGet":["zzz"])") == canonical(R"({"Item":{}})"));
  CHECK(h.error("GetItem", R"({"TableName":"t_ps","Key":{)" + k + R"(},"AttributesToGet":["a","b","a"]})") ==
        validation("One or more parameter values were invalid: Duplicate value in attribute name: a"));
  CHECK(h.error("GetItem", R"({"TableName":"t_ps","Key":{)" + k + R"(},"AttributesToGet":[]})") ==
        validation(kOne + "Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length "
                          "greater than or equal to 1"));
}

// ---- ReturnConsumedCapacity ----------------------------------------------------------------

TEST_CASE("items: ReturnConsumedCapacity shapes", "[items][capacity]") {
  Harness h;
  const std::string key = R"({"pk":{"S":"shape"}})";
  CHECK(h.ok("PutItem", R"({"TableName":"t_h","Item":)" + key + R"(,"ReturnConsumedCapacity":"TOTAL"})") ==
        canonical(R"({"ConsumedCapacity":{"TableName":"t_h","CapacityUnits":1}})"));
  CHECK(h.ok("PutItem", R"({"TableName":"t_h","Item":)" + key + R"(,"ReturnConsumedCapacity":"INDEXES"})") ==
        canonical(R"({"ConsumedCapacity":{"TableName":"t_h","CapacityUnits":1,"Table":{"CapacityUnits":1}}})"));
  CHECK(h.ok("GetItem", R"({"TableName":"t_h","Key":)" + key + R"(,"ReturnConsumedCapacity":"TOTAL"})") ==
        canonical(R"({"Item":{"pk":{"S":"shape"}},"ConsumedCapacity":{"TableName":"t_h","CapacityUnits":0.5}})"));
  CHECK(h.ok("GetItem",
             R"({"TableName":"t_h","Key":)" + key + R"(,"ReturnConsumedCapacity":"INDEXES","ConsistentRead":true})") ==
        canonical(R"({"Item":{"pk":{"S":"shape"}},)"
                  R"("ConsumedCapacity":{"TableName":"t_h","CapacityUnits":1,"Table":{"CapacityUnits":1}}})"));
  CHECK(h.ok("GetItem", R"({"TableName":"t_h","Key":)" + key + R"(,"ReturnConsumedCapacity":"NONE"})") ==
        canonical(R"({"Item":{"pk":{"S":"shape"}}})"));
  CHECK(h.ok("DeleteItem", R"({"TableName":"t_h","Key":)" + key + R"(,"ReturnConsumedCapacity":"INDEXES"})") ==
        canonical(R"({"ConsumedCapacity":{"TableName":"t_h","CapacityUnits":1,"Table":{"CapacityUnits":1}}})"));
  CHECK(h.ok("DeleteItem", R"({"TableName":"t_h","Key":)" + key + R"(,"ReturnConsumedCapacity":"TOTAL"})") ==
        canonical(R"({"ConsumedCapacity":{"TableName":"t_h","CapacityUnits":1}})"));
  CHECK(h.error("GetItem", R"({"TableName":"t_h","Key":)" + key + R"(,"ReturnConsumedCapacity":"ALL"})") ==
        validation(kOne + "Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy "
                          "enum value set: [INDEXES, TOTAL, NONE]"));
}

namespace {
// CapacityUnits of a call's answer, or -1.
double units(Harness& h, const std::string& action, const std::string& body) {
  api::Reply reply = h.call(action, body);
  api::JsonDocument d;
  d.Parse(reply.body.c_str());
  if (reply.status != 200 || !d.IsObject() || !d.HasMember("ConsumedCapacity")) return -1;
  return d["ConsumedCapacity"]["CapacityUnits"].GetDouble();
}
}  // namespace

TEST_CASE("items: write capacity is 1 unit per started KB of the larger of old and new", "[items][capacity]") {
  Harness h;
  const std::string base = R"({"pk":{"S":"wcu"}})";  // 2 + 3 bytes
  auto put_cost = [&](std::size_t bytes) {
    return units(h, "PutItem",
                 R"({"TableName":"t_h","ReturnConsumedCapacity":"TOTAL","Item":)" + padded(base, 5, bytes) + "}");
  };
  auto delete_cost = [&] {
    return units(h, "DeleteItem", R"({"TableName":"t_h","ReturnConsumedCapacity":"TOTAL","Key":)" + base + "}");
  };
  CHECK(delete_cost() == 1);  // deleting nothing costs 1
  CHECK(put_cost(1024) == 1);
  CHECK(put_cost(1025) == 2);
  CHECK(put_cost(2048) == 2);
  CHECK(put_cost(2049) == 3);
  CHECK(put_cost(10) == 3);  // replacing a 2049-byte item costs by the old size
  CHECK(put_cost(10) == 1);
  put_cost(4097);
  CHECK(delete_cost() == 5);  // deleting costs by the deleted item's size
  CHECK(delete_cost() == 1);
  CHECK(put_cost(409600) == 400);
}

TEST_CASE("items: read capacity is 1 unit per started 4 KB, half when eventually consistent", "[items][capacity]") {
  Harness h;
  const std::string base = R"({"pk":{"S":"rcu"}})";
  auto read_cost = [&](bool consistent) {
    return units(h, "GetItem",
                 R"({"TableName":"t_h","ReturnConsumedCapacity":"TOTAL","ConsistentRead":)" +
                     std::string(consistent ? "true" : "false") + R"(,"Key":)" + base + "}");
  };
  CHECK(read_cost(true) == 1);  // absent item
  CHECK(read_cost(false) == 0.5);
  const std::vector<std::tuple<std::size_t, double, double>> cases = {
      {9, 1, 0.5}, {4096, 1, 0.5}, {4097, 2, 1}, {8192, 2, 1}, {8193, 3, 1.5}, {12289, 4, 2}, {409600, 100, 50},
  };
  for (const auto& [bytes, strong, eventual] : cases) {
    INFO(bytes << " bytes");
    REQUIRE(h.ok("PutItem", R"({"TableName":"t_h","Item":)" + padded(base, 5, bytes) + "}") == "{}");
    CHECK(read_cost(true) == strong);
    CHECK(read_cost(false) == eventual);
  }
}

// ---- Nesting, attribute names, large sets ----------------------------------------------------

namespace {
// `levels` L wrappers (or M wrappers, member "a") around `inner`.
std::string nested(int levels, const std::string& inner, bool maps = false) {
  std::string out = inner;
  for (int i = 0; i < levels; ++i) out = maps ? R"({"M":{"a":)" + out + "}}" : R"({"L":[)" + out + "]}";
  return out;
}
}  // namespace

TEST_CASE("items: nesting up to 32 levels", "[items][nesting]") {
  // DynamoDB supports nested attributes up to 32 levels deep; as DynamoDB Local counts them,
  // the top-level attribute is level 1, so a scalar or set may sit inside 31 lists or maps,
  // and a list or map may not be at level 32 even when empty. Checked against DynamoDB Local.
  Harness h;
  auto item = [](const std::string& v) { return R"({"pk":{"S":"deep"},"sk":{"N":"1"},"v":)" + v + "}"; };
  auto too_deep = [](const std::string& body) {
    return body.rfind(R"({"__type":")" + kValidation + R"(","message":"Nesting Levels have exceeded supported limits)",
                      0) == 0;
  };
  for (bool maps : {false, true}) {
    INFO((maps ? "maps" : "lists"));
    CHECK(h.put(item(nested(31, R"({"S":"x"})", maps))) == "{}");
    CHECK(h.put(item(nested(31, R"({"SS":["a"]})", maps))) == "{}");
    CHECK(h.put(item(nested(30, R"({"L":[{"N":"1"}]})", maps))) == "{}");
    CHECK(h.get(R"({"pk":{"S":"deep"},"sk":{"N":"1"}})") ==
          canonical(R"({"Item":)" + item(nested(30, R"({"L":[{"N":"1"}]})", maps)) + "}"));
  }
  for (bool maps : {false, true}) {
    INFO((maps ? "maps" : "lists"));
    CHECK(too_deep(h.put_error(item(nested(32, R"({"S":"x"})", maps)))));
    CHECK(too_deep(h.put_error(item(nested(31, R"({"L":[]})", maps)))));
    CHECK(too_deep(h.put_error(item(nested(31, R"({"M":{}})", maps)))));
    CHECK(too_deep(h.put_error(item(nested(33, R"({"S":"x"})", maps)))));
    // Depth is checked before the values deep inside.
    CHECK(too_deep(h.put_error(item(nested(40, R"({"NULL":false})", maps)))));
    CHECK(too_deep(h.put_error(item(nested(40, R"({"N":"x"})", maps)))));
    // Keys too.
    CHECK(too_deep(h.error(
        "GetItem", R"({"TableName":"t_ps","Key":{"pk":)" + nested(32, R"({"S":"x"})", maps) + R"(,"sk":{"N":"1"}}})")));
  }
}

// DynamoDB Local's message goes on after "limits".
TEST_CASE("items: the nesting message is DynamoDB's", "[items][nesting]") {
  Harness h;
  CHECK(h.put_error(R"({"pk":{"S":"deep"},"sk":{"N":"1"},"v":)" + nested(32, R"({"S":"x"})") + "}") ==
        validation("Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond "
                   "supported limit"));
}

TEST_CASE("items: an empty attribute name is rejected", "[items]") {
  // DynamoDB Local answers "Empty attribute name" at the top level and nested; dynalite
  // accepts the item.
  Harness h;
  for (const char* item : {R"({"pk":{"S":"e"},"sk":{"N":"1"},"":{"S":"x"}})",
                           R"({"pk":{"S":"e"},"sk":{"N":"1"},"m":{"M":{"":{"S":"x"}}}})"}) {
    INFO(item);
    CHECK(h.put_error(item) == R"({"__type":")" + kValidation + R"(","message":"Empty attribute name"})");
  }
  CHECK(h.database.find("t_ps")->item_count() == 0);
}

TEST_CASE("items: duplicates in large sets", "[items]") {
  // Sets of 16 members and more take another path to find duplicates.
  Harness h;
  std::string ss, members;
  for (int i = 0; i < 20; ++i) {
    ss += (i ? "," : "") + quoted(std::to_string(i));
    members += (i ? ", " : "") + std::to_string(i);
  }
  CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"SS":[)" + ss + R"(,"5"]}})") ==
        validation("One or more parameter values were invalid: Input collection [" + members +
                   ", 5] contains duplicates."));
  CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"NS":[)" + ss + R"(,"5.0"]}})") ==
        validation("Input collection contains duplicates"));
  CHECK(h.put_error(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"NS":[)" + ss + R"(,"1e1"]}})") ==
        validation("Input collection contains duplicates"));
  // No duplicates: accepted, and every member comes back.
  CHECK(h.put(R"({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"SS":[)" + ss + R"(]},"n":{"NS":[)" + ss + "]}}") == "{}");
  CHECK(h.get(R"({"pk":{"S":"a"},"sk":{"N":"1"}})") ==
        canonical(R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"SS":[)" + ss + R"(]},"n":{"NS":[)" + ss + "]}}}"));
}

}  // namespace items_test
