// Hostile input through api::Service::handle: the requests that once crashed Minnow, nesting at
// 33, 1,000 and 100,000 levels in every entry point, invalid UTF-8 in every string position, and
// every member of every operation (conformance/tools/requests.json, at every depth) replaced by
// each JSON value of the wrong kind. Each gets DynamoDB's error type, the reply is always valid
// JSON and never a 500, and the service keeps serving. conformance/tools/probe-types.mjs sends
// the same probes to dynalite and DynamoDB Local to compare the messages.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "api/json.h"
#include "model/utf8.h"
#include "service_harness.h"

namespace hostile_input_test {

namespace {

using namespace minnow;

struct Harness : testing::ServiceHarness {
  // "Streams.GetRecords" goes to the DynamoDB Streams protocol.
  api::Reply send(const std::string& operation, std::string body) {
    if (operation.rfind("Streams.", 0) != 0) return call(operation, std::move(body));
    std::string target = "DynamoDBStreams_20120810." + operation.substr(8);
    api::Request request;
    request.method = "POST";
    request.path = "/";
    request.target = target;
    request.content_type = "application/x-amz-json-1.0";
    request.headers = testing::kSignatureHeaders;
    request.body = std::move(body);
    return service.handle(request);
  }
};

// The error type after '#', or "OK"; fails the test on a 5xx or a body that is not valid JSON
// (an empty body is an answer without output members: TagResource, UntagResource).
std::string answer_type(const api::Reply& reply, const std::string& what) {
  INFO(what << "\n -> HTTP " << reply.status << " " << reply.body.substr(0, 300));
  CHECK(reply.status < 500);
  CHECK(model::is_valid_utf8(reply.body));
  if (reply.status == 200 && reply.body.empty()) return "OK";
  api::JsonDocument doc;
  doc.Parse(reply.body.data(), reply.body.size());
  REQUIRE_FALSE(doc.HasParseError());
  if (reply.status == 200) return "OK";
  REQUIRE((doc.IsObject() && doc.HasMember("__type") && doc["__type"].IsString()));
  std::string type = doc["__type"].GetString();
  return type.substr(type.find('#') + 1);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Requests {
  api::JsonDocument doc;
  Requests() {
    std::string text = read_file(MINNOW_SOURCE_DIR "/conformance/tools/requests.json");
    doc.Parse(text.data(), text.size());
    if (doc.HasParseError()) throw std::runtime_error("conformance/tools/requests.json does not parse");
  }
  void set_up(Harness& h) const {
    for (const auto& r : doc["setup"].GetArray())
      REQUIRE(h.send(r[0].GetString(), api::to_json_text(r[1])).status == 200);
  }
};

const Requests& requests() {
  static const Requests r;
  return r;
}

std::string nested(const std::string& open, const std::string& inner, const std::string& close, int levels) {
  std::string s;
  s.reserve(levels * (open.size() + close.size()) + inner.size());
  for (int i = 0; i < levels; ++i) s += open;
  s += inner;
  for (int i = 0; i < levels; ++i) s += close;
  return s;
}

// An attribute value holding `levels` lists or maps around a string.
std::string nested_value(int levels, bool maps) {
  return maps ? nested(R"({"M":{"a":)", R"({"S":"x"})", "}}", levels)
              : nested(R"({"L":[)", R"({"S":"x"})", "]}", levels);
}

// Every request that takes attribute values, with VALUE where one goes.
const std::vector<std::pair<std::string, std::string>> kValueEntryPoints = {
    {"PutItem", R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"x":VALUE}})"},
    {"GetItem", R"({"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":VALUE}})"},
    {"DeleteItem", R"({"TableName":"probe_items","Key":{"pk":VALUE,"sk":{"N":"1"}}})"},
    {"UpdateItem",
     R"({"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET x = :v","ExpressionAttributeValues":{":v":VALUE}})"},
    {"UpdateItem",
     R"({"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"AttributeUpdates":{"x":{"Action":"PUT","Value":VALUE}}})"},
    {"PutItem",
     R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"Expected":{"x":{"ComparisonOperator":"EQ","AttributeValueList":[VALUE]}}})"},
    {"BatchWriteItem",
     R"({"RequestItems":{"probe_items":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"x":VALUE}}}]}})"},
    {"BatchWriteItem", R"({"RequestItems":{"probe_items":[{"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":VALUE}}}]}})"},
    {"BatchGetItem", R"({"RequestItems":{"probe_items":{"Keys":[{"pk":VALUE,"sk":{"N":"1"}}]}}})"},
    {"TransactWriteItems",
     R"({"TransactItems":[{"Put":{"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"x":VALUE}}}]})"},
    {"TransactWriteItems",
     R"({"TransactItems":[{"ConditionCheck":{"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"x = :v","ExpressionAttributeValues":{":v":VALUE}}}],"ClientRequestToken":"t"})"},
    {"TransactGetItems",
     R"({"TransactItems":[{"Get":{"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":VALUE}}}]})"},
    {"Query",
     R"({"TableName":"probe_items","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"ExclusiveStartKey":{"pk":{"S":"a"},"sk":VALUE}})"},
    {"Query",
     R"({"TableName":"probe_items","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"x":{"ComparisonOperator":"EQ","AttributeValueList":[VALUE]}}})"},
    {"Scan",
     R"({"TableName":"probe_items","ScanFilter":{"x":{"ComparisonOperator":"EQ","AttributeValueList":[VALUE]}}})"},
    {"Scan", R"({"TableName":"probe_items","ExclusiveStartKey":{"pk":{"S":"a"},"sk":VALUE}})"},
};

std::string with_value(std::string request, const std::string& value) {
  return request.replace(request.find("VALUE"), 5, value);
}

}  // namespace

TEST_CASE("the requests that once crashed Minnow get a SerializationException") {
  Harness h;
  requests().set_up(h);
  // A PutItem of about 200 KB whose item nests lists 20,000 deep (the table need not exist).
  std::string deep_item = R"({"TableName":"nope","Item":{"pk":{"S":"a"},"x":)" + nested_value(20000, false) + "}}";
  CHECK(answer_type(h.call("PutItem", deep_item), "deep item") == "SerializationException");
  // A TransactWriteItems with a ClientRequestToken and an unknown member of 100,000 nested '['.
  std::string deep_unknown =
      R"({"TransactItems":[{"ConditionCheck":{"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},)"
      R"j("ConditionExpression":"attribute_exists(pk)"}}],"ClientRequestToken":"abc","Zzz":)j" +
      nested("[", "", "]", 100000) + "}";
  CHECK(answer_type(h.call("TransactWriteItems", deep_unknown), "deep unknown member") == "SerializationException");
  CHECK(h.call("DescribeTable", R"({"TableName":"probe_items"})").status == 200);
}

TEST_CASE(
    "nesting: 32 levels are stored, 33 to hundreds are DynamoDB's ValidationException, JSON past 1,000 levels a "
    "SerializationException") {
  Harness h;
  requests().set_up(h);
  for (bool maps : {false, true}) {
    std::string item = R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"7"},"x":)";
    CHECK(answer_type(h.call("PutItem", item + nested_value(31, maps) + "}}"), "32 levels") == "OK");
    auto reply = h.call("PutItem", item + nested_value(32, maps) + "}}");
    CHECK(answer_type(reply, "33 levels") == "ValidationException");
    CHECK(reply.body.find("Nesting Levels have exceeded supported limits") != std::string::npos);
  }
  // The deepest valid request: a BatchWriteItem whose item holds 32 levels (the last one a set).
  std::string batch = R"({"RequestItems":{"probe_items":[{"PutRequest":{"Item":{"pk":{"S":"b"},"sk":{"N":"1"},"x":)" +
                      nested(R"({"L":[)", R"({"SS":["a"]})", "]}", 31) + "}}}]}}";
  CHECK(answer_type(h.call("BatchWriteItem", batch), "deepest valid batch") == "OK");

  // DynamoDB reads JSON far deeper than any valid request and answers its semantic error (an item
  // of 50 nested maps); Minnow's parser stops at model::kMaxJsonDepth, 1,000 JSON levels.
  for (const auto& [operation, request] : kValueEntryPoints) {
    for (int levels : {32, 50, 100, 400, 1000, 100000}) {
      for (bool maps : {false, true}) {
        std::string what = operation + " with " + std::to_string(levels + 1) + " levels of " + (maps ? "M" : "L");
        std::string type = answer_type(h.call(operation, with_value(request, nested_value(levels, maps))), what);
        INFO(what);
        CHECK(type == (levels <= 400 ? "ValidationException" : "SerializationException"));
      }
    }
  }
  CHECK(h.call("DescribeTable", R"({"TableName":"probe_items"})").status == 200);
}

TEST_CASE("an update may not build an item nested deeper than 32 levels, however many updates it takes") {
  Harness h;
  requests().set_up(h);
  const std::string key = R"("Key":{"pk":{"S":"deep"},"sk":{"N":"1"}})";
  REQUIRE(h.call("UpdateItem", "{\"TableName\":\"probe_items\"," + key +
                                   R"(,"UpdateExpression":"SET a = :v","ExpressionAttributeValues":{":v":)" +
                                   nested_value(20, false) + "}}")
              .status == 200);
  // A value of 22 levels at a path 11 levels deep: 32 levels, stored; one level deeper is refused.
  std::string path = "a";
  for (int i = 0; i < 10; ++i) path += "[0]";
  auto set = [&](const std::string& at, int levels) {
    return h.call("UpdateItem", "{\"TableName\":\"probe_items\"," + key + R"(,"UpdateExpression":"SET )" + at +
                                    R"( = :v","ExpressionAttributeValues":{":v":)" + nested_value(levels, false) +
                                    "}}");
  };
  CHECK(answer_type(set(path, 21), "32 levels") == "OK");
  auto deeper = set(path + "[0]", 21);
  CHECK(answer_type(deeper, "33 levels") == "ValidationException");
  CHECK(deeper.body.find("Nesting Levels have exceeded supported limits") != std::string::npos);
  CHECK(answer_type(h.call("GetItem", R"({"TableName":"probe_items",)" + key + "}"), "get") == "OK");
}

TEST_CASE("invalid UTF-8 in any string position is a SerializationException, never stored") {
  Harness h;
  requests().set_up(h);
  const std::vector<std::string> bad = {"\xff",     "\xc3\x28",         "\xed\xa0\x80", "\xf0\x28\x8c\xbc",
                                        "\xc0\xaf", "\xf4\x90\x80\x80", "\\ud800",      "\\udc00x",
                                        "a\xe2\x82"};
  const std::vector<std::pair<std::string, std::string>> positions = {
      {"PutItem", R"({"TableName":"probe_itemsBAD","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})"},
      {"PutItem", R"({"TableName":"probe_items","Item":{"pk":{"S":"aBAD"},"sk":{"N":"1"}}})"},
      {"PutItem", R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"xBAD":{"S":"v"}}})"},
      {"PutItem", R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"x":{"SS":["v","BAD"]}}})"},
      {"PutItem", R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"x":{"M":{"BAD":{"S":"v"}}}}})"},
      {"PutItem", R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1BAD"}}})"},
      {"PutItem",
       R"({"TableName":"probe_items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"#nBAD = :v","ExpressionAttributeNames":{"#nBAD":"xBAD"},"ExpressionAttributeValues":{":v":{"S":"BAD"}}})"},
      {"Query", R"({"TableName":"probe_items","IndexName":"gsiBAD","KeyConditionExpression":"g = :g"})"},
      {"TransactWriteItems",
       R"({"TransactItems":[{"Delete":{"TableName":"probe_items","Key":{"pk":{"S":"a"},"sk":{"N":"9"}}}}],"ClientRequestToken":"tBAD"})"},
      {"DescribeTable", R"({"TableName":"probe_items","UnknownBAD":"BAD"})"},
      {"Streams.ListStreams", R"({"TableName":"probe_items","ExclusiveStartStreamArn":"arnBAD"})"},
  };
  for (const auto& [operation, request] : positions) {
    for (const auto& b : bad) {
      std::string body = request;
      for (auto at = body.find("BAD"); at != std::string::npos; at = body.find("BAD", at + b.size()))
        body.replace(at, 3, b);
      CHECK(answer_type(h.send(operation, body), operation + " " + body) == "SerializationException");
    }
  }
  // Nothing was stored, and what comes back is valid JSON.
  auto scan = h.call("Scan", R"({"TableName":"probe_items"})");
  CHECK(answer_type(scan, "scan") == "OK");
  CHECK(scan.body.find(R"("Count":2)") != std::string::npos);
}

TEST_CASE("binary values in error messages are written in base64, as DynamoDB writes them") {
  Harness h;
  REQUIRE(h.call("CreateTable", R"({"TableName":"bin","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"B"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]})")
              .status == 200);
  auto reply = h.call("Query", R"({"TableName":"bin","KeyConditionExpression":"pk = :a AND sk BETWEEN :b AND :c",
    "ExpressionAttributeValues":{":a":{"S":"x"},":b":{"B":"/wA="},":c":{"B":"AAE="}}})");
  CHECK(answer_type(reply, "between") == "ValidationException");
  CHECK(reply.body ==
        R"({"__type":"com.amazon.coral.validate#ValidationException","message":"Invalid KeyConditionExpression: The )"
        R"(BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: )"
        R"(AttributeValue: {B:/wA=}, upper bound operand: AttributeValue: {B:AAE=}"})");
}

namespace {

enum class Kind { Null, Bool, Number, String, Array, Object };
Kind kind_of(const api::JsonValue& v) {
  if (v.IsNull()) return Kind::Null;
  if (v.IsBool()) return Kind::Bool;
  if (v.IsNumber()) return Kind::Number;
  if (v.IsString()) return Kind::String;
  return v.IsArray() ? Kind::Array : Kind::Object;
}

// Whether DynamoDB's front end refuses `wrong` where the request had `original`: a different JSON
// kind, except null (absent) and the strings it reads as booleans.
bool refused_kind(const api::JsonValue& original, const api::JsonValue& wrong) {
  Kind a = kind_of(original), b = kind_of(wrong);
  if (b == Kind::Null || a == b) return false;
  if (a == Kind::Bool && b == Kind::String) {
    std::string s = wrong.GetString();
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return !(s == "TRUE" || s == "FALSE" || s == "YES" || s == "NO" || s == "1" || s == "0");
  }
  return true;
}

// Calls `visit` with every value below `v` (members and elements, at every depth).
void each_path(api::JsonValue& v, const std::function<void(api::JsonValue&)>& visit) {
  if (v.IsObject()) {
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      visit(it->value);
      each_path(it->value, visit);
    }
  } else if (v.IsArray()) {
    for (auto& x : v.GetArray()) {
      visit(x);
      each_path(x, visit);
    }
  }
}

}  // namespace

TEST_CASE("every member of every operation, at every depth, with a wrong JSON type") {
  const char* kWrong[] = {"true",
                          "false",
                          "0",
                          "1",
                          "-1",
                          "1.5",
                          "1e300",
                          R"("")",
                          R"("x")",
                          R"("yes")",
                          R"("NO")",
                          "[]",
                          "[1]",
                          R"(["x"])",
                          "[{}]",
                          "{}",
                          R"({"a":1})",
                          R"({"S":"x"})",
                          R"({"NULL":"no"})",
                          "null"};
  Harness h;
  requests().set_up(h);
  std::size_t probes = 0;
  for (const auto& r : requests().doc["requests"].GetArray()) {
    const std::string operation = r[0].GetString();
    api::JsonDocument request;
    request.CopyFrom(r[1], request.GetAllocator());
    each_path(request, [&](api::JsonValue& at) {
      api::JsonValue original;
      original.CopyFrom(at, request.GetAllocator());
      for (const char* text : kWrong) {
        api::JsonDocument wrong;
        wrong.Parse(text);
        at.CopyFrom(wrong, request.GetAllocator());
        std::string body = api::to_json_text(request);
        std::string type = answer_type(h.send(operation, body), operation + " " + body);
        if (refused_kind(original, wrong)) {
          INFO(operation << " " << body);
          CHECK(type == "SerializationException");
        }
        ++probes;
      }
      at.CopyFrom(original, request.GetAllocator());
    });
  }
  CHECK(probes > 10000);
  CHECK(h.call("DescribeTable", R"({"TableName":"probe_items"})").status == 200);
}

}  // namespace hostile_input_test
