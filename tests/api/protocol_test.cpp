// The wire protocol through api::Service::handle: health check, methods and content types,
// targets, JSON syntax, authentication, JSON types against the request shape, and the
// aggregation of validation errors. Exact bodies and statuses as dynalite (captured from
// DynamoDB) answers them; see conformance/test/protocol.test.mjs for the SDK-level checks.
#include <catch2/catch.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "api/action.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "tests/api/service_harness.h"

namespace protocol_test {

namespace {

using namespace minnow;

// An operation is a decoder and an answer over a typed request (api/action.h): a handler over
// the JSON, or an answer that gets the JSON as its request, is no Action.
struct TypedRequest {};
using JsonHandler = void (*)(const api::ActionContext&, const api::JsonValue&, api::JsonWriter&);
using TypedDecoder = TypedRequest (*)(const api::ActionContext&, const api::JsonValue&);
using TypedAnswer = void (*)(const api::ActionContext&, TypedRequest, api::JsonWriter&);
static_assert(!std::is_constructible_v<api::Action, const char*, const api::Shape*, JsonHandler>);
static_assert(std::is_constructible_v<api::Action, const char*, const api::Shape*, TypedDecoder, TypedAnswer>);

const std::string kAuthorization =
    "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0";
const std::string kJson10 = "application/x-amz-json-1.0";
const std::string kUnknownOperation =
    R"({"__type":"com.amazon.coral.service#UnknownOperationException","message":"An unknown operation was requested."})";
const std::string kBareSerialization = R"({"__type":"com.amazon.coral.service#SerializationException"})";
const std::string kMissingToken = R"({"__type":"com.amazon.coral.service#MissingAuthenticationTokenException",)"
                                  R"("message":"Request is missing Authentication Token"})";

struct Raw {
  std::string method = "POST";
  std::string path = "/";
  std::string target;
  std::string content_type = kJson10;
  std::string authorization = kAuthorization;
  std::string date = "20260101T000000Z";  // X-Amz-Date
  std::string query;
  std::string body = "{}";
};

struct Harness {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  api::Service service{namespaces, api::ServiceOptions{}};

  api::Reply send(const Raw& raw) {
    api::Request request;
    request.method = raw.method;
    request.path = raw.path;
    request.query = raw.query;
    request.target = raw.target;
    request.content_type = raw.content_type;
    headers.clear();
    if (!raw.authorization.empty()) headers.push_back({"Authorization", raw.authorization});
    if (!raw.date.empty()) headers.push_back({"X-Amz-Date", raw.date});
    request.headers = headers;
    request.body = raw.body;
    return service.handle(request);
  }

  std::vector<auth::Header> headers;

  api::Reply call(const std::string& action, const std::string& body) {
    Raw raw;
    raw.target = "DynamoDB_20120810." + action;
    raw.body = body;
    return send(raw);
  }
};

Raw list_tables(std::string body = "{}") {
  Raw raw;
  raw.target = "DynamoDB_20120810.ListTables";
  raw.body = std::move(body);
  return raw;
}

std::string serialization(const std::string& message) {
  return R"({"__type":"com.amazon.coral.service#SerializationException","Message":")" + message + R"("})";
}
std::string validation(const std::string& message) {
  return R"({"__type":"com.amazon.coral.validate#ValidationException","message":")" + message + R"("})";
}

}  // namespace

TEST_CASE("protocol: GET is the health check", "[protocol]") {
  Harness h;
  Raw raw;
  raw.method = "GET";
  raw.target = "";
  raw.content_type = "";
  raw.authorization = "";
  raw.body = "";
  api::Reply reply = h.send(raw);
  CHECK(reply.status == 200);
  CHECK(reply.content_type == "text/plain");
  CHECK(reply.body == "healthy: dynamodb.us-east-1.amazonaws.com ");
  // The region in the text is the service's.
  api::ServiceOptions eu_options;
  eu_options.region = "eu-west-1";
  api::Service eu(h.namespaces, eu_options);
  api::Request request;
  request.method = "GET";
  request.path = "/";
  CHECK(eu.handle(request).body == "healthy: dynamodb.eu-west-1.amazonaws.com ");
}

TEST_CASE("protocol: under --compat dynamodb-local, GET answers 400 as DynamoDB Local does", "[protocol]") {
  // .NET's Testcontainers module and many CI scripts wait for this answer from DynamoDB Local's image.
  Harness h;
  api::ServiceOptions options;
  options.compat = model::Compat::kDynamoDBLocal;
  api::Service local(h.namespaces, options);
  for (const char* path : {"/", "/shell/"}) {
    INFO(path);
    api::Request request;
    request.method = "GET";
    request.path = path;
    const api::Reply reply = local.handle(request);
    CHECK(reply.status == 400);
    CHECK(reply.content_type == "application/x-amz-json-1.0");
    CHECK(reply.body ==
          R"({"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken","Message":"Request must contain )"
          R"(either a valid (registered) AWS access key ID or X.509 certificate."})");
  }
}

TEST_CASE("protocol: under --compat dynamodb-local, errors carry DynamoDB Local's wording", "[protocol]") {
  // Suites written against DynamoDB Local pin its texts and its "Message" key; the default stays DynamoDB's.
  api::ServiceOptions options;
  options.compat = model::Compat::kDynamoDBLocal;
  minnow::testing::ServiceHarness local(options);
  CHECK(local.call("DescribeTable", R"({"TableName":"nope"})").body ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
        R"("Message":"Cannot do operations on a non-existent table"})");
  CHECK(local.call("GetItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})").body ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
        R"("Message":"Cannot do operations on a non-existent table"})");
  const std::string create = R"({"TableName":"twice","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
                             R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                             R"("BillingMode":"PAY_PER_REQUEST"})";
  REQUIRE(local.call("CreateTable", create).status == 200);
  CHECK(local.call("CreateTable", create).body ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceInUseException","Message":"Cannot create preexisting table"})");
  // Errors without a text of DynamoDB Local's own keep Minnow's, under its key.
  const std::string invalid = local.call("ListTables", R"({"Limit":0})").body;
  CHECK(invalid.find(R"("Message":")") != std::string::npos);
  CHECK(invalid.find(R"("message")") == std::string::npos);

  minnow::testing::ServiceHarness dynamodb;
  CHECK(dynamodb.call("DescribeTable", R"({"TableName":"nope"})").body ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
        R"("message":"Requested resource not found: Table: nope not found"})");
}

TEST_CASE("protocol: HEAD answers 400 MissingAuthenticationTokenException, as DynamoDB Local does", "[protocol]") {
  // Compose files written for DynamoDB Local's image check its health with curl -I for 400.
  Harness h;
  for (const char* path : {"/", "/shell/"}) {
    INFO(path);
    Raw raw = list_tables();
    raw.method = "HEAD";
    raw.path = path;
    api::Reply reply = h.send(raw);
    CHECK(reply.status == 400);
    CHECK(reply.body.find("#MissingAuthenticationTokenException") != std::string::npos);
  }
}

TEST_CASE("protocol: other methods and content types answer 404 <UnknownOperationException/>", "[protocol]") {
  Harness h;
  for (const char* method : {"PUT", "DELETE", "PATCH"}) {
    INFO(method);
    Raw raw = list_tables();
    raw.method = method;
    api::Reply reply = h.send(raw);
    CHECK(reply.status == 404);
    CHECK(reply.body == "<UnknownOperationException/>\n");
  }
  for (const char* type : {"text/plain", "application/xml", "application/x-www-form-urlencoded", ""}) {
    INFO("Content-Type '" << type << "'");
    Raw raw = list_tables();
    raw.content_type = type;
    api::Reply reply = h.send(raw);
    CHECK(reply.status == 404);
    CHECK(reply.body == "<UnknownOperationException/>\n");
  }
  // The JSON content types are accepted, with parameters too.
  // JSON 1.0 is answered in kind, any other JSON type as application/json (as DynamoDB does), errors too.
  struct Case {
    const char* type;
    const char* answer;
  };
  for (const Case& c :
       {Case{"application/x-amz-json-1.0", "application/x-amz-json-1.0"},
        Case{"application/x-amz-json-1.1", "application/json"}, Case{"application/json", "application/json"},
        Case{"application/json; charset=utf-8", "application/json"},
        Case{"application/x-amz-json-1.0; charset=utf-8", "application/x-amz-json-1.0"}}) {
    INFO("Content-Type '" << c.type << "'");
    Raw raw = list_tables();
    raw.content_type = c.type;
    api::Reply reply = h.send(raw);
    CHECK(reply.status == 200);
    CHECK(reply.content_type == c.answer);
    CHECK(reply.body == R"({"TableNames":[]})");
    raw.body = R"({"Limit":0})";
    CHECK(h.send(raw).content_type == c.answer);
    raw.body = "{";
    CHECK(h.send(raw).content_type == c.answer);
  }
  // No Content-Type, and no body: answered as application/json.
  Raw untyped = list_tables("");
  untyped.content_type = "";
  api::Reply reply = h.send(untyped);
  CHECK(reply.status == 400);
  CHECK(reply.content_type == "application/json");
}

TEST_CASE("protocol: unknown targets are UnknownOperationException, with DynamoDB Local's message", "[protocol]") {
  Harness h;
  for (const char* target : {"DynamoDB_20120810.NoSuchAction", "DynamoDB_20120810.listtables",
                             "DynamoDB_20990101.ListTables", "ListTables", "DynamoDB_20120810.", ""}) {
    INFO("X-Amz-Target '" << target << "'");
    Raw raw = list_tables();
    raw.target = target;
    api::Reply reply = h.send(raw);
    CHECK(reply.status == 400);
    CHECK(reply.content_type == kJson10);
    CHECK(reply.body == kUnknownOperation);
  }
}

TEST_CASE("protocol: malformed JSON is a SerializationException without a message", "[protocol]") {
  Harness h;
  // A JSON value that is not an object, and text after the object, too (2026).
  for (const char* body : {R"({"Limit": )", "{", "{]", R"({"a":1,})", "nul", "", " \r\n\t", R"({"a" 1})", "[]",
                           "[1,2]", "null", "5", R"("text")", "{} xyz", "{}{}"}) {
    INFO("body '" << body << "'");
    api::Reply reply = h.send(list_tables(body));
    CHECK(reply.status == 400);
    CHECK(reply.body == kBareSerialization);
  }
  // Whitespace after the object is not text.
  CHECK(h.send(list_tables("{} \r\n")).status == 200);
}

TEST_CASE("protocol: the order of the protocol checks is DynamoDB's", "[protocol]") {
  Harness h;
  // JSON syntax before the target.
  Raw raw = list_tables(R"({"Limit": )");
  raw.target = "DynamoDB_20120810.NoSuchAction";
  CHECK(h.send(raw).body == kBareSerialization);
  // The target before authentication.
  raw = list_tables();
  raw.target = "DynamoDB_20120810.NoSuchAction";
  raw.authorization = "";
  CHECK(h.send(raw).body == kUnknownOperation);
  // Authentication before the request's shape.
  raw = list_tables(R"({"Limit":"ten"})");
  raw.authorization = "";
  CHECK(h.send(raw).body == kMissingToken);
  // Method and content type before everything.
  raw = list_tables("{");
  raw.content_type = "text/plain";
  raw.authorization = "";
  CHECK(h.send(raw).status == 404);
}

TEST_CASE("protocol: a request without a SigV4 Authorization is MissingAuthenticationTokenException", "[protocol]") {
  Harness h;
  for (const char* authorization : {"", "Basic Zm9vOmJhcg==", "AWS3 whatever", "aws4-hmac-sha256 lower case"}) {
    INFO("Authorization '" << authorization << "'");
    Raw raw = list_tables();
    raw.authorization = authorization;
    api::Reply reply = h.send(raw);
    CHECK(reply.status == 400);
    CHECK(reply.body == kMissingToken);
  }
}

TEST_CASE("protocol: an incomplete SigV4 header is IncompleteSignatureException, as from DynamoDB", "[protocol]") {
  // Without --verify-signatures: the checks DynamoDB makes before it looks at a secret. Texts
  // as dynalite answers them (recorded from DynamoDB).
  Harness h;
  const auto message = [](const api::Reply& reply) {
    CHECK(reply.status == 400);
    const std::string prefix = R"({"__type":"com.amazon.coral.service#IncompleteSignatureException","message":")";
    REQUIRE(reply.body.starts_with(prefix));
    return reply.body.substr(prefix.size(), reply.body.size() - prefix.size() - 2);
  };
  Raw raw = list_tables();
  raw.authorization = "AWS4-";
  raw.date = "";
  CHECK(message(h.send(raw)) ==
        "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. "
        "Authorization header requires 'SignedHeaders' parameter. Authorization header requires existence of either "
        "a 'X-Amz-Date' or a 'Date' header. Authorization=AWS4-");
  raw.date = "20260101T000000Z";
  CHECK(message(h.send(raw)) ==
        "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. "
        "Authorization header requires 'SignedHeaders' parameter. Authorization=AWS4-");
  raw.authorization = "AWS4-HMAC-SHA256 Credential=a/b/c/d/e";
  CHECK(message(h.send(raw)) ==
        "Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' "
        "parameter. Authorization=AWS4-HMAC-SHA256 Credential=a/b/c/d/e");
  // A pair without '=' (DynamoDB's wording, quoted in dynalite's source).
  raw.authorization = "AWS4-HMAC-SHA256 Signature=b,    Credential,    SignedHeaders";
  CHECK(message(h.send(raw)) ==
        "'Credential' not a valid key=value pair (missing equal-sign) in Authorization header: 'AWS4-HMAC-SHA256 "
        "Signature=b,    Credential,    SignedHeaders'.");
  // Presigned: the query-string parameters.
  raw = list_tables();
  raw.authorization = "";
  raw.query = "X-Amz-Algorithm=AWS4-HMAC-SHA256";
  CHECK(message(h.send(raw)) ==
        "AWS query-string parameters must include 'X-Amz-Credential'. AWS query-string parameters must include "
        "'X-Amz-Signature'. AWS query-string parameters must include 'X-Amz-SignedHeaders'. AWS query-string "
        "parameters must include 'X-Amz-Date'. Re-examine the query-string parameters.");
  // Both ways at once.
  raw.authorization = kAuthorization;
  api::Reply both = h.send(raw);
  CHECK(both.status == 400);
  CHECK(both.body == R"({"__type":"com.amazon.coral.service#InvalidSignatureException","message":"Found both )"
                     R"('X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header."})");
  // Complete forms pass without verification, whatever the signature or date says.
  raw = list_tables();
  raw.authorization = "AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host, Signature=abc";
  raw.date = "201";
  CHECK(h.send(raw).status == 200);
  raw.authorization = "";
  raw.date = "";
  raw.query =
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a%2Fb&X-Amz-Signature=0&X-Amz-SignedHeaders=host&"
      "X-Amz-Date=20260101T000000Z";
  CHECK(h.send(raw).status == 200);
}

TEST_CASE("protocol: a field of the wrong JSON type is a SerializationException with Message", "[protocol]") {
  Harness h;
  struct Case {
    const char* action;
    const char* body;
    std::string expected;
  };
  const Case cases[] = {
      {"DescribeTable", R"({"TableName":5})", serialization("NUMBER_VALUE cannot be converted to String")},
      {"DescribeTable", R"({"TableName":1.5})", serialization("DECIMAL_VALUE cannot be converted to String")},
      {"DescribeTable", R"({"TableName":true})", serialization("TRUE_VALUE cannot be converted to String")},
      {"DescribeTable", R"({"TableName":false})", serialization("FALSE_VALUE cannot be converted to String")},
      {"DescribeTable", R"({"TableName":{}})", serialization("Start of structure or map found where not expected")},
      {"ListTables", R"({"Limit":"ten"})", serialization("STRING_VALUE cannot be converted to Integer")},
      {"ListTables", R"({"Limit":true})", serialization("TRUE_VALUE cannot be converted to Integer")},
      {"GetItem", R"({"TableName":"abc","Key":[]})",
       serialization("Unrecognized collection type java.util.Map<java.lang.String, "
                     "com.amazonaws.dynamodb.v20120810.AttributeValue>")},
      {"GetItem", R"({"TableName":"abc","Key":{"a":{"S":"x"}},"ConsistentRead":5})",
       serialization("NUMBER_VALUE cannot be converted to Boolean")},
  };
  for (const auto& c : cases) {
    INFO(c.action << " " << c.body);
    api::Reply reply = h.call(c.action, c.body);
    CHECK(reply.status == 400);
    CHECK(reply.body == c.expected);
  }
  // JSON null is an absent member.
  CHECK(h.call("ListTables", R"({"Limit":null})").body == R"({"TableNames":[]})");
}

TEST_CASE("protocol: validation errors are aggregated in DynamoDB's order", "[protocol]") {
  Harness h;
  struct Case {
    const char* action;
    const char* body;
    std::string expected;
  };
  const Case cases[] = {
      {"PutItem", R"({"TableName":"ab","Item":{"pk":{"S":"a"}},"ReturnValues":"BOGUS"})",
       validation("2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must "
                  "have length greater than or equal to 3; Value 'BOGUS' at 'returnValues' failed to satisfy "
                  "constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, "
                  "UPDATED_NEW]")},
      {"PutItem", R"({"TableName":"abc","Item":{"pk":{"S":"a"}},"ReturnValues":"BOGUS","ReturnConsumedCapacity":"X"})",
       validation("2 validation errors detected: Value 'X' at 'returnConsumedCapacity' failed to satisfy constraint: "
                  "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'BOGUS' at 'returnValues' failed "
                  "to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, "
                  "UPDATED_NEW]")},
      {"PutItem", R"({"TableName":"a;"})",
       validation("2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy constraint: Member must "
                  "satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value null at 'item' failed to "
                  "satisfy constraint: Member must not be null")},
      // An empty name is too short for any name: one error (2026), not the pattern's and the length's.
      {"PutItem", R"({"TableName":"","Item":{"pk":{"S":"a"}}})",
       validation("1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must "
                  "have length greater than or equal to 1")},
      {"GetItem", R"({"TableName":"ab","ReturnConsumedCapacity":"ALL"})",
       validation("3 validation errors detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy "
                  "constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'ab' at 'tableName' "
                  "failed to satisfy constraint: Member must have length greater than or equal to 3; Value null at "
                  "'key' failed to satisfy constraint: Member must not be null")},
      // A required TableName alone is reported in its own words.
      {"DescribeTable", R"({})",
       validation("The parameter 'TableName' is required but was not present in the request")},
  };
  for (const auto& c : cases) {
    INFO(c.action << " " << c.body);
    api::Reply reply = h.call(c.action, c.body);
    CHECK(reply.status == 400);
    CHECK(reply.body == c.expected);
  }
}

// AWS's newer validation form (2026) names the member path as the API spells it and echoes
// nothing; its checks come first. The older form echoes the value as Java prints it.
TEST_CASE("protocol: the newer validation form, checked first; Java's echo in the older", "[protocol]") {
  Harness h;
  const std::string many_keys = [] {
    std::string keys;
    for (int i = 0; i < 101; ++i) keys += (i ? "," : "") + std::string(R"({"pk":{"S":"k)") + std::to_string(i) + "\"}}";
    return keys;
  }();
  const std::string many_writes = [] {
    std::string writes;
    for (int i = 0; i < 26; ++i)
      writes += (i ? "," : "") + std::string(R"({"PutRequest":{"Item":{"pk":{"S":"k)") + std::to_string(i) + "\"}}}}";
    return writes;
  }();
  struct Case {
    const char* action;
    std::string body;
    std::string expected;
  };
  const Case cases[] = {
      {"BatchGetItem", R"({"RequestItems":{}})",
       validation("1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: Member must "
                  "have length greater than or equal to 1")},
      {"BatchGetItem", R"({"RequestItems":{"Music":{"Keys":[]}}})",
       validation("1 validation error detected: Value at 'RequestItems.Music.member.Keys' failed to satisfy "
                  "constraint: Member must have length greater than or equal to 1")},
      {"BatchGetItem", R"({"RequestItems":{"Music":{"Keys":[)" + many_keys + "]}}}",
       validation("1 validation error detected: Value at 'RequestItems.Music.member.Keys' failed to satisfy "
                  "constraint: Member must have length less than or equal to 100")},
      // BatchGetItem's table-name check still echoes JSON.
      {"BatchGetItem", R"({"RequestItems":{"a!":{"Keys":[{"pk":{"S":"k"}}]}}})",
       validation(R"(1 validation error detected: Value '{\"a!\":{\"Keys\":[{\"pk\":{\"S\":\"k\"}}]}}' at 'requestItems' )"
                  "failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than "
                  "or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular "
                  "expression pattern: [a-zA-Z0-9_.-]+]")},
      {"BatchWriteItem", R"({"RequestItems":{}})",
       validation("1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: Member must "
                  "have length greater than or equal to 1")},
      {"BatchWriteItem", R"({"RequestItems":{"Music":[)" + many_writes + "]}}",
       validation("1 validation error detected: Value at 'RequestItems.Music.member' failed to satisfy constraint: "
                  "Member must have length less than or equal to 25")},
      {"BatchWriteItem", R"({"RequestItems":{"Music":[]}})",
       validation("1 validation error detected: Value '{Music=[]}' at 'requestItems' failed to satisfy constraint: "
                  "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must "
                  "have length greater than or equal to 1]")},
      {"BatchWriteItem", R"({"RequestItems":{"bad!name":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})",
       validation("1 validation error detected: Value '{bad!name=[WriteRequest(putRequest=PutRequest(item={pk="
                  "AttributeValue(s=a)}))]}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy "
                  "constraint: [Member must have length less than or equal to 255, Member must have length greater "
                  "than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]")},
      {"CreateTable",
       R"({"TableName":"Music","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"},{"AttributeName":"extra","KeyType":"RANGE"}]})",
       validation("1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), "
                  "KeySchemaElement(attributeName=sk, keyType=RANGE), KeySchemaElement(attributeName=extra, "
                  "keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or "
                  "equal to 2")},
      // The newer form's checks come first, alone.
      {"Query", R"({"TableName":"ab","Limit":0})",
       validation("1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have "
                  "value greater than or equal to 1")},
  };
  for (const auto& c : cases) {
    INFO(c.action << " " << c.body.substr(0, 200));
    api::Reply reply = h.call(c.action, c.body);
    CHECK(reply.status == 400);
    CHECK(reply.body == c.expected);
  }
}

TEST_CASE("protocol: error bodies of the DynamoDB namespace use a lower-case message", "[protocol]") {
  Harness h;
  api::Reply reply = h.call("DescribeTable", R"({"TableName":"no-such-table"})");
  CHECK(reply.status == 400);
  CHECK(reply.content_type == kJson10);
  CHECK(reply.body == R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
                      R"("message":"Requested resource not found: Table: no-such-table not found"})");
}

}  // namespace protocol_test
