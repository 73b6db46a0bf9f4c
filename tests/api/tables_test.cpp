// CreateTable, ListTables, DeleteTable and UpdateTable through api::Service: JSON in, JSON out,
// exact error bodies, no network. The validation messages and their order were checked against
// dynalite (DynamoDB's wording); behaviour beyond dynalite against DynamoDB Local.
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/table.h"
#include "tests/api/service_harness.h"

namespace tables_test {

namespace {

using namespace minnow;
using minnow::testing::kValidation;

constexpr int64_t kStartMs = 1796018400000;  // 2026-11-30T06:00:00.000Z
constexpr int64_t kDayMs = 24 * 60 * 60 * 1000;
const std::string kSerialization = "com.amazon.coral.service#SerializationException";
const std::string kNotFound = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";
const std::string kInUse = "com.amazonaws.dynamodb.v20120810#ResourceInUseException";
const std::string kLimit = "com.amazonaws.dynamodb.v20120810#LimitExceededException";
const std::string kArnPrefix = "arn:aws:dynamodb:us-east-1:000000000000:table/";

struct Harness : testing::ServiceHarness {
  Harness() { clock.set_ms(kStartMs); }

  // The parsed answer of a call that must succeed.

  void error(const std::string& action, const std::string& body, const std::string& type, const std::string& message) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body);
    CHECK(reply.status == 400);
    // Coral's deserializer says "Message"; every other DynamoDB error says "message".
    std::string key = type == kSerialization ? "Message" : "message";
    CHECK(reply.body == R"({"__type":")" + type + R"(",")" + key + R"(":")" + message + R"("})");
  }

  api::JsonDocument describe(const std::string& name) {
    return ok("DescribeTable", R"({"TableName":")" + name + R"("})");
  }
};

std::string str(const api::JsonValue& v) { return std::string(v.GetString(), v.GetStringLength()); }

bool has(const api::JsonValue& object, const char* name) { return object.HasMember(name); }

// A simple provisioned table: pk (S), 5 read and 5 write capacity units.
std::string simple_table(const std::string& name, const std::string& extra = "") {
  return R"({"TableName":")" + name +
         R"(","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
         R"("ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})" +
         (extra.empty() ? "" : "," + extra) + "}";
}

// A provisioned table with a GSI "gsi1" on g (S) at 2/2.
std::string table_with_gsi(const std::string& name) {
  return R"({"TableName":")" + name +
         R"(","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
         R"("ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},)"
         R"("GlobalSecondaryIndexes":[{"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
         R"("Projection":{"ProjectionType":"ALL"},"ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2}}]})";
}

std::string on_demand_table(const std::string& name, const std::string& extra = "") {
  return R"({"TableName":")" + name +
         R"(","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST")" +
         (extra.empty() ? "" : "," + extra) + "}";
}

std::string update(const std::string& name, const std::string& members) {
  return R"({"TableName":")" + name + R"(",)" + members + "}";
}

double seconds(const api::JsonValue& v) { return v.GetDouble(); }

}  // namespace

// ---- CreateTable --------------------------------------------------------------------------

TEST_CASE("CreateTable answers CREATING with the full description, then the table is ACTIVE") {
  Harness h;
  auto answer = h.ok("CreateTable", R"({"TableName":"Orders",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":3}})");
  const auto& d = answer["TableDescription"];
  CHECK(str(d["TableName"]) == "Orders");
  CHECK(str(d["TableStatus"]) == "CREATING");
  CHECK(str(d["TableArn"]) == kArnPrefix + "Orders");
  CHECK(std::regex_match(str(d["TableId"]),
                         std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  CHECK(seconds(d["CreationDateTime"]) >= kStartMs / 1000.0);
  CHECK(seconds(d["CreationDateTime"]) < kStartMs / 1000.0 + 600);
  CHECK(d["ItemCount"].GetInt() == 0);
  CHECK(d["TableSizeBytes"].GetInt() == 0);
  CHECK(d["DeletionProtectionEnabled"].GetBool() == false);
  CHECK(api::to_json_text(d["KeySchema"]) ==
        R"([{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}])");
  CHECK(api::to_json_text(d["AttributeDefinitions"]) ==
        R"([{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}])");
  CHECK(api::to_json_text(d["ProvisionedThroughput"]) ==
        R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":3})");
  for (const char* absent :
       {"BillingModeSummary", "StreamSpecification", "LatestStreamLabel", "LatestStreamArn", "TableClassSummary",
        "SSEDescription", "OnDemandThroughput", "GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    INFO(absent);
    CHECK_FALSE(has(d, absent));
  }

  auto described = h.describe("Orders");
  const auto& t = described["Table"];
  CHECK(str(t["TableStatus"]) == "ACTIVE");
  CHECK(str(t["TableId"]) == str(d["TableId"]));
  CHECK(seconds(t["CreationDateTime"]) == seconds(d["CreationDateTime"]));

  // The key schema takes its types from AttributeDefinitions.
  auto table = h.database.find("Orders");
  REQUIRE(table);
  CHECK(table->key_schema() ==
        model::KeySchema{{"pk", model::ValueType::S}, model::KeyAttribute{"sk", model::ValueType::N}});
}

TEST_CASE("CreateTable stores and describes on-demand, stream, class, encryption, protection and tags") {
  Harness h;
  auto answer = h.ok("CreateTable", on_demand_table("Events", R"(
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"},
      "DeletionProtectionEnabled":true, "TableClass":"STANDARD_INFREQUENT_ACCESS",
      "SSESpecification":{"Enabled":true,"SSEType":"KMS","KMSMasterKeyId":"1234abcd"},
      "OnDemandThroughput":{"MaxReadRequestUnits":10},
      "Tags":[{"Key":"env","Value":"test"}])"));
  const auto& d = answer["TableDescription"];
  CHECK(str(d["TableStatus"]) == "CREATING");
  // DynamoDB sets LastUpdateToPayPerRequestDateTime once the table is created.
  CHECK(api::to_json_text(d["BillingModeSummary"]) == R"({"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(api::to_json_text(d["ProvisionedThroughput"]) ==
        R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  CHECK(api::to_json_text(d["StreamSpecification"]) == R"({"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"})");
  std::string label = str(d["LatestStreamLabel"]);
  CHECK(std::regex_match(label, std::regex(R"(2026-11-30T06:0\d:\d\d\.\d\d\d)")));
  CHECK(str(d["LatestStreamArn"]) == kArnPrefix + "Events/stream/" + label);
  CHECK(api::to_json_text(d["TableClassSummary"]) == R"({"TableClass":"STANDARD_INFREQUENT_ACCESS"})");
  CHECK(api::to_json_text(d["SSEDescription"]) ==
        R"({"Status":"ENABLED","SSEType":"KMS","KMSMasterKeyArn":"arn:aws:kms:us-east-1:000000000000:key/1234abcd"})");
  CHECK(api::to_json_text(d["OnDemandThroughput"]) == R"({"MaxReadRequestUnits":10,"MaxWriteRequestUnits":-1})");
  CHECK(d["DeletionProtectionEnabled"].GetBool() == true);

  auto described = h.describe("Events");
  const auto& t = described["Table"];
  CHECK(str(t["TableStatus"]) == "ACTIVE");
  CHECK(seconds(t["BillingModeSummary"]["LastUpdateToPayPerRequestDateTime"]) == seconds(t["CreationDateTime"]));
  CHECK(str(t["LatestStreamLabel"]) == label);
  CHECK(h.database.find("Events")->definition().tags ==
        std::vector<std::pair<std::string, std::string>>{{"env", "test"}});
}

TEST_CASE("CreateTable accepts Coral's string spellings of booleans") {
  Harness h;
  auto answer = h.ok("CreateTable", simple_table("Protected", R"("DeletionProtectionEnabled":"yes")"));
  CHECK(answer["TableDescription"]["DeletionProtectionEnabled"].GetBool() == true);
  h.error("CreateTable", simple_table("Other", R"("DeletionProtectionEnabled":1)"), kSerialization,
          "NUMBER_VALUE cannot be converted to Boolean");
}

TEST_CASE("CreateTable stores LSIs and GSIs; its answer shows the GSIs CREATING") {
  Harness h;
  auto answer = h.ok("CreateTable", R"({"TableName":"Indexed",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
                              {"AttributeName":"l","AttributeType":"N"},{"AttributeName":"g","AttributeType":"B"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},
      "LocalSecondaryIndexes":[{"IndexName":"lsi1","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
          {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "GlobalSecondaryIndexes":[{"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x","y"]},
          "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":1}}]})");
  const auto& d = answer["TableDescription"];
  CHECK(
      api::to_json_text(d["LocalSecondaryIndexes"]) ==
      R"([{"IndexName":"lsi1","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"l","KeyType":"RANGE"}],)"
      R"("Projection":{"ProjectionType":"KEYS_ONLY"},"IndexSizeBytes":0,"ItemCount":0,"IndexArn":")" +
          kArnPrefix + R"(Indexed/index/lsi1"}])");
  CHECK(api::to_json_text(d["GlobalSecondaryIndexes"]) ==
        R"([{"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
        R"("Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x","y"]},"IndexStatus":"CREATING",)"
        R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":2,"WriteCapacityUnits":1},)"
        R"("IndexSizeBytes":0,"ItemCount":0,"IndexArn":")" +
            kArnPrefix +
            R"(Indexed/index/gsi1","WarmThroughput":{"ReadUnitsPerSecond":2,"WriteUnitsPerSecond":1,"Status":"CREATING"}}])");
  auto described = h.describe("Indexed");
  CHECK(str(described["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"]) == "ACTIVE");
}

TEST_CASE("CreateTable: an existing name is in use; names are case-sensitive; an ARN names the table") {
  Harness h;
  auto first = h.ok("CreateTable", simple_table("Orders"));
  h.error("CreateTable", simple_table("Orders"), kInUse, "Table already exists: Orders");
  auto second = h.ok("CreateTable", simple_table("orders"));
  CHECK(str(first["TableDescription"]["TableId"]) != str(second["TableDescription"]["TableId"]));
  auto by_arn = h.ok("CreateTable", simple_table(kArnPrefix + "Named"));
  CHECK(str(by_arn["TableDescription"]["TableName"]) == "Named");
  CHECK(str(by_arn["TableDescription"]["TableArn"]) == kArnPrefix + "Named");
}

TEST_CASE("CreateTable validation: DynamoDB's messages in DynamoDB's order") {
  const std::string ad = R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])";
  const std::string ks = R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}])";
  const std::string pt = R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})";
  const std::string ad2 =
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"}])";
  const std::string ad3 =
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},)"
      R"({"AttributeName":"g","AttributeType":"N"}])";
  const std::string ks2 =
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}])";
  const std::string base = R"("TableName":"Bad",)";
  auto lsi = [](const std::string& name, const std::string& keys, const std::string& projection) {
    return R"({"IndexName":")" + name + R"(","KeySchema":)" + keys + R"(,"Projection":)" + projection + "}";
  };
  const std::string lsi_keys = R"([{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"g","KeyType":"RANGE"}])";
  const std::string all = R"({"ProjectionType":"ALL"})";
  const std::string gsi =
      R"({"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},)" +
      pt + "}";
  std::string six_lsis;
  for (int i = 1; i <= 6; ++i) six_lsis += (i > 1 ? "," : "") + lsi("lsi" + std::to_string(i), lsi_keys, all);
  std::string many_gsis;
  for (int i = 1; i <= 21; ++i)
    many_gsis += std::string(i > 1 ? "," : "") + R"({"IndexName":"gsi)" + std::to_string(i) +
                 R"(","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}})";
  const std::string invalid = "One or more parameter values were invalid: ";

  struct Case {
    std::string body;
    std::string type;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"{}", kValidation, "The parameter 'TableName' is required but was not present in the request"},
      {R"({"TableName":"ab"})", kValidation,
       "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length "
       "greater than or equal to 3"},
      {R"({"TableName":"Bad"})", kValidation,
       "2 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy constraint: Member must "
       "not "
       "be null; Value null at 'keySchema' failed to satisfy constraint: Member must not be null"},
      {R"({"TableName":"Bad","AttributeDefinitions":"x"})", kSerialization, "Unexpected field type"},
      {R"({"TableName":"Bad","AttributeDefinitions":[1]})", kSerialization, "Unexpected value type in payload"},
      {R"({"TableName":"Bad","KeySchema":{}})", kSerialization, "Start of structure or map found where not expected"},
      {R"({"TableName":"Bad","ProvisionedThroughput":{"ReadCapacityUnits":"1"}})", kSerialization,
       "STRING_VALUE cannot be converted to Long"},
      // A control-plane operation's table name is reported alone (2026).
      {R"({"TableName":"a;b","AttributeDefinitions":[{}],"KeySchema":[],"BillingMode":"X","ProvisionedThroughput":{"ReadCapacityUnits":0}})",
       kValidation,
       "1 validation error detected: Value 'a;b' at 'tableName' failed to satisfy constraint: Member must satisfy "
       "regular expression pattern: [a-zA-Z0-9_.-]+"},
      {R"({"TableName":"abc","AttributeDefinitions":[{}],"KeySchema":[],"BillingMode":"X","ProvisionedThroughput":{"ReadCapacityUnits":0}})",
       kValidation,
       "6 validation errors detected: Value null at 'attributeDefinitions.1.member.attributeName' failed to satisfy "
       "constraint: Member must not be null; Value null at 'attributeDefinitions.1.member.attributeType' failed to "
       "satisfy constraint: Member must not be null; Value 'X' at 'billingMode' failed to satisfy "
       "constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]; Value null at "
       "'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must not be null; Value '0' at "
       "'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or "
       "equal to 1; Value '[]' at 'keySchema' failed to satisfy constraint: Member must have length greater than or "
       "equal to 1"},
      {"{" + base + ad + "," + ks + "}", kValidation,
       invalid + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"},
      {"{" + base + ad + "," + ks + R"(,"BillingMode":"PAY_PER_REQUEST",)" + pt + "}", kValidation,
       invalid +
           "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST"},
      {"{" + base + ad + "," + ks +
           R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1000000000001,"WriteCapacityUnits":1000000000001}})",
       kValidation, "Given value 1000000000001 for ReadCapacityUnits is out of bounds"},
      {"{" + base + ad + "," + ks + R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1.5,"WriteCapacityUnits":1e13}})",
       kValidation, "Given value 10000000000000 for WriteCapacityUnits is out of bounds"},
      {"{" + base + ad + "," + ks2 + "," + pt + "}", kValidation,
       "Invalid KeySchema: Some index key attribute have no definition"},
      {"{" + base +
           R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"x","AttributeType":"S"}],)" +
           ks2 + "," + pt + "}",
       kValidation,
       invalid + "Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, sk], "
                 "AttributeDefinitions: [pk, x]"},
      {"{" + base + ad2 +
           R"(,"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"pk","KeyType":"RANGE"}],)" + pt +
           "}",
       kValidation, "Both the Hash Key and the Range Key element in the KeySchema have the same name"},
      {"{" + base + ad + R"(,"KeySchema":[{"AttributeName":"pk","KeyType":"RANGE"}],)" + pt + "}", kValidation,
       "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
      {"{" + base + ad2 +
           R"(,"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"HASH"}],)" + pt +
           "}",
       kValidation, "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"},
      {"{" + base + ad2 + "," + ks + "," + pt + "}", kValidation,
       invalid + "Number of attributes in KeySchema does not exactly match number of attributes defined in "
                 "AttributeDefinitions"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[]})", kValidation,
       invalid + "List of LocalSecondaryIndexes is empty"},
      {"{" + base + ad3 + "," + ks + "," + pt + R"(,"LocalSecondaryIndexes":[)" + lsi("lsi1", lsi_keys, all) + "]}",
       kValidation,
       invalid + "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" +
           lsi("lsi1", R"([{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"zz","KeyType":"RANGE"}])", all) +
           "]}",
       kValidation,
       invalid + "Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, zz], "
                 "AttributeDefinitions: [pk, sk, g]"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" +
           lsi("lsi1", R"([{"AttributeName":"pk","KeyType":"HASH"}])", all) + "]}",
       kValidation, invalid + "Index KeySchema does not have a range key for index: lsi1"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" +
           lsi("lsi1", R"([{"AttributeName":"sk","KeyType":"HASH"},{"AttributeName":"g","KeyType":"RANGE"}])", all) +
           "]}",
       kValidation,
       invalid +
           "Index KeySchema does not have the same leading hash key as table KeySchema for index: lsi1. index hash "
           "key: sk, table hash key: pk"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" + lsi("lsi1", lsi_keys, "{}") + "]}",
       kValidation, invalid + "Unknown ProjectionType: null"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" +
           lsi("lsi1", lsi_keys, R"({"ProjectionType":"ALL","NonKeyAttributes":["a"]})") + "]}",
       kValidation, invalid + "ProjectionType is ALL, but NonKeyAttributes is specified"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" + lsi("lsi1", lsi_keys, all) + "," +
           lsi("lsi1", lsi_keys, all) + "]}",
       kValidation, invalid + "Duplicate index name: lsi1"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"LocalSecondaryIndexes":[)" + six_lsis + "]}", kValidation,
       invalid + "Number of LocalSecondaryIndexes exceeds per-table limit of 5"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"GlobalSecondaryIndexes":[]})", kValidation,
       invalid + "List of GlobalSecondaryIndexes is empty"},
      {"{" + base + ad3 + "," + ks2 + R"(,"BillingMode":"PAY_PER_REQUEST","GlobalSecondaryIndexes":[)" + gsi + "]}",
       kValidation,
       invalid + "ProvisionedThroughput should not be specified for index: gsi1 when BillingMode is PAY_PER_REQUEST"},
      {"{" + base + ad3 + "," + ks2 + "," + pt +
           R"(,"GlobalSecondaryIndexes":[{"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]})",
       kValidation, invalid + "ProvisionedThroughput must be specified for index: gsi1"},
      {"{" + base + ad3 + "," + ks2 + "," + pt + R"(,"GlobalSecondaryIndexes":[)" + gsi +
           R"(],"LocalSecondaryIndexes":[)" + lsi("gsi1", lsi_keys, all) + "]}",
       kValidation, invalid + "Duplicate index name: gsi1"},
      {"{" + base + ad3 + "," + ks2 + "," + pt +
           R"(,"GlobalSecondaryIndexes":[{"IndexName":"g1","KeySchema":[],"Projection":{"ProjectionType":"X"},"ProvisionedThroughput":{"ReadCapacityUnits":0}}]})",
       kValidation,
       "5 validation errors detected: Value 'g1' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy "
       "constraint: Member must have length greater than or equal to 3; Value '[]' at "
       "'globalSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member must have length greater than "
       "or equal to 1; Value 'X' at 'globalSecondaryIndexes.1.member.projection.projectionType' failed to satisfy "
       "constraint: Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]; Value null at "
       "'globalSecondaryIndexes.1.member.provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: "
       "Member "
       "must not be null; Value '0' at 'globalSecondaryIndexes.1.member.provisionedThroughput.readCapacityUnits' "
       "failed "
       "to satisfy constraint: Member must have value greater than or equal to 1"},
      {"{" + base + ad3 + "," + ks2 + R"(,"BillingMode":"PAY_PER_REQUEST","GlobalSecondaryIndexes":[)" + many_gsis +
           "]}",
       kValidation, invalid + "GlobalSecondaryIndex count exceeds the per-table limit of 20"},
      // Beyond dynalite, as DynamoDB Local checks them.
      {"{" + base + ad3 + "," + ks2 + "," + pt +
           R"(,"GlobalSecondaryIndexes":[{"IndexName":"gsi1","KeySchema":[{"AttributeName":"sk","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},)" +
           pt + "}]}",
       kValidation,
       invalid + "Some AttributeDefinitions are not used. AttributeDefinitions: [pk, sk, g], keys used: [pk, sk]"},
      {"{" + base +
           R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"pk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"N"}],)" +
           ks + "," + pt + R"(,"GlobalSecondaryIndexes":[)" + gsi + "]}",
       kValidation, "Attribute Name is duplicated: pk"},
      // Named before the count of keys against definitions, without indexes too.
      {"{" + base +
           R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"pk","AttributeType":"S"}],)" +
           ks + "," + pt + "}",
       kValidation, "Attribute Name is duplicated: pk"},
      {"{" + base + ad + "," + ks + "," + pt + R"(,"StreamSpecification":{"StreamEnabled":true}})", kValidation,
       "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams."},
      {"{" + base + ad + "," + ks + "," + pt +
           R"(,"StreamSpecification":{"StreamEnabled":false,"StreamViewType":"KEYS_ONLY"}})",
       kValidation, "Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present."},
      {"{" + base + ad + "," + ks + "," + pt + R"(,"StreamSpecification":{"StreamViewType":"X"}})", kValidation,
       "2 validation errors detected: Value null at 'streamSpecification.streamEnabled' failed to satisfy constraint: "
       "Member must not be null; Value 'X' at 'streamSpecification.streamViewType' failed to satisfy constraint: "
       "Member "
       "must satisfy enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]"},
      {"{" + base + ad + "," + ks + "," + pt + R"(,"TableClass":"X","SSESpecification":{"SSEType":"Y"}})", kValidation,
       "2 validation errors detected: Value 'Y' at 'sSESpecification.sSEType' failed to satisfy constraint: Member "
       "must "
       "satisfy enum value set: [AES256, KMS]; Value 'X' at 'tableClass' failed to satisfy constraint: Member must "
       "satisfy enum value set: [STANDARD, STANDARD_INFREQUENT_ACCESS]"},
      {"{" + base + ad + "," + ks +
           R"(,"BillingMode":"PAY_PER_REQUEST","OnDemandThroughput":{"MaxReadRequestUnits":0}})",
       kValidation,
       invalid + "Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range"},
  };
  Harness h;
  for (const auto& c : cases) h.error("CreateTable", c.body, c.type, c.message);
  CHECK(h.ok("ListTables", "{}")["TableNames"].Empty());
}

// ---- ListTables ---------------------------------------------------------------------------

TEST_CASE("ListTables pages through names in byte order") {
  Harness h;
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":[]})");
  for (const char* name : {"tab3", "tab1", "Tab0", "tab5", "tab2", "tab4"}) h.ok("CreateTable", simple_table(name));
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":["Tab0","tab1","tab2","tab3","tab4","tab5"]})");
  CHECK(h.call("ListTables", R"({"Limit":2})").body ==
        R"({"TableNames":["Tab0","tab1"],"LastEvaluatedTableName":"tab1"})");
  CHECK(h.call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"tab1"})").body ==
        R"({"TableNames":["tab2","tab3"],"LastEvaluatedTableName":"tab3"})");
  // A full page that ends at the last table is the last page: no LastEvaluatedTableName.
  CHECK(h.call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"tab3"})").body ==
        R"({"TableNames":["tab4","tab5"]})");
  CHECK(h.call("ListTables", R"({"ExclusiveStartTableName":"tab25"})").body ==
        R"({"TableNames":["tab3","tab4","tab5"]})");
  CHECK(h.call("ListTables", R"({"ExclusiveStartTableName":"zzz"})").body == R"({"TableNames":[]})");
}

TEST_CASE("ListTables answers at most 100 names by default") {
  Harness h;
  for (int i = 0; i < 101; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "t%03d", i);
    h.ok("CreateTable", simple_table(name));
  }
  auto page = h.ok("ListTables", "{}");
  CHECK(page["TableNames"].Size() == 100);
  CHECK(str(page["LastEvaluatedTableName"]) == "t099");
  CHECK(h.call("ListTables", R"({"ExclusiveStartTableName":"t099"})").body == R"({"TableNames":["t100"]})");
}

TEST_CASE("ListTables validation") {
  Harness h;
  h.error(
      "ListTables", R"({"Limit":0})", kValidation,
      "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater "
      "than or equal to 1");
  h.error(
      "ListTables", R"({"Limit":101,"ExclusiveStartTableName":"a"})", kValidation,
      "2 validation errors detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less "
      "than or equal to 100; Value 'a' at 'exclusiveStartTableName' failed to satisfy constraint: Member must have "
      "length greater than or equal to 3");
  h.error("ListTables", R"({"Limit":"1"})", kSerialization, "STRING_VALUE cannot be converted to Integer");
  h.error("ListTables", R"({"ExclusiveStartTableName":"a;b"})", kValidation,
          "1 validation error detected: Value 'a;b' at 'exclusiveStartTableName' failed to satisfy constraint: Member "
          "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
}

// ---- DeleteTable --------------------------------------------------------------------------

TEST_CASE("DeleteTable answers DELETING without the GSIs, and the table is gone") {
  Harness h;
  h.ok("CreateTable", table_with_gsi("Gone"));
  auto answer = h.ok("DeleteTable", R"({"TableName":"Gone"})");
  const auto& d = answer["TableDescription"];
  CHECK(str(d["TableStatus"]) == "DELETING");
  CHECK(str(d["TableName"]) == "Gone");
  CHECK_FALSE(has(d, "GlobalSecondaryIndexes"));
  CHECK(api::to_json_text(d["ProvisionedThroughput"]) ==
        R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":5})");
  h.error("DescribeTable", R"({"TableName":"Gone"})", kNotFound, "Requested resource not found: Table: Gone not found");
  h.error("DeleteTable", R"({"TableName":"Gone"})", kNotFound, "Requested resource not found: Table: Gone not found");
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":[]})");
  // The name is free again.
  h.ok("CreateTable", simple_table("Gone"));
}

TEST_CASE("DeleteTable respects deletion protection and accepts an ARN") {
  Harness h;
  h.ok("CreateTable", simple_table("Kept", R"("DeletionProtectionEnabled":true)"));
  h.error(
      "DeleteTable", R"({"TableName":"Kept"})", kValidation,
      "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
  CHECK(str(h.describe("Kept")["Table"]["TableStatus"]) == "ACTIVE");
  h.ok("UpdateTable", update("Kept", R"("DeletionProtectionEnabled":false)"));
  CHECK(str(h.ok("DeleteTable", R"({"TableName":")" + kArnPrefix + R"(Kept"})")["TableDescription"]["TableStatus"]) ==
        "DELETING");
}

TEST_CASE("DeleteTable validation") {
  Harness h;
  h.error("DeleteTable", "{}", kValidation, "The parameter 'TableName' is required but was not present in the request");
  h.error("DeleteTable", R"({"TableName":"ab"})", kValidation,
          "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length "
          "greater than or equal to 3");
  h.error("DeleteTable", R"({"TableName":"a;b"})", kValidation,
          "1 validation error detected: Value 'a;b' at 'tableName' failed to satisfy constraint: Member must satisfy "
          "regular expression pattern: [a-zA-Z0-9_.-]+");
  h.error("DeleteTable", R"({"TableName":1})", kSerialization, "NUMBER_VALUE cannot be converted to String");
}

// ---- UpdateTable --------------------------------------------------------------------------

TEST_CASE("UpdateTable validation before the table lookup") {
  Harness h;
  const std::string pt = R"("ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})";
  const std::string nothing =
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or "
      "SSESpecification or ReplicaUpdates is required";
  h.error("UpdateTable", "{}", kValidation, "The parameter 'TableName' is required but was not present in the request");
  h.error("UpdateTable", R"({"TableName":"Missing"})", kValidation, nothing);
  h.error("UpdateTable", update("Missing", R"("GlobalSecondaryIndexUpdates":[])"), kValidation, nothing);
  h.error("UpdateTable", update("Missing", R"("AttributeDefinitions":[{"AttributeName":"x","AttributeType":"S"}])"),
          kValidation, nothing);
  h.error("UpdateTable", update("Missing", R"("BillingMode":"PROVISIONED")"), kValidation,
          "One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is "
          "PROVISIONED");
  h.error("UpdateTable", update("Missing", R"("BillingMode":"X","ProvisionedThroughput":{"ReadCapacityUnits":0})"),
          kValidation,
          "3 validation errors detected: Value null at 'provisionedThroughput.writeCapacityUnits' failed to satisfy "
          "constraint: Member must not be null; Value '0' at 'provisionedThroughput.readCapacityUnits' failed to "
          "satisfy constraint: Member must have value greater than or equal to 1; Value 'X' at 'billingMode' failed to "
          "satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
  h.error("UpdateTable",
          update("Missing", R"("ProvisionedThroughput":{"ReadCapacityUnits":1000000000001,"WriteCapacityUnits":1})"),
          kValidation, "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
  h.error("UpdateTable", update("Missing", R"("GlobalSecondaryIndexUpdates":[{}])"), kValidation,
          "One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, "
          "GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
  h.error("UpdateTable",
          update("Missing",
                 R"("GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"abc"}},{"Update":{"IndexName":"abc",)" + pt +
                     "}}]"),
          kValidation,
          "One or more parameter values were invalid: Only one global secondary index update per index is allowed "
          "simultaneously. Index: abc");
  h.error("UpdateTable", update("Missing", R"("StreamSpecification":{"StreamEnabled":true})"), kValidation,
          "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.");
  h.error("UpdateTable", update("Missing", R"("BillingMode":"PAY_PER_REQUEST")"), kNotFound,
          "Requested resource not found: Table: Missing not found");
}

TEST_CASE("UpdateTable changes provisioned throughput as DynamoDB reports it") {
  Harness h;
  h.ok("CreateTable", simple_table("Busy"));
  h.error("UpdateTable", update("Busy", R"("ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})"),
          kValidation,
          "The provisioned throughput for the table will not change. The requested value equals the current value. "
          "Current ReadCapacityUnits provisioned for the table: 5. Requested ReadCapacityUnits: 5. Current "
          "WriteCapacityUnits provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to the Amazon "
          "DynamoDB Developer Guide for current limits and how to request higher limits.");

  // An increase: the answer is UPDATING with the old values; the change is then in place.
  auto up =
      h.ok("UpdateTable", update("Busy", R"("ProvisionedThroughput":{"ReadCapacityUnits":10,"WriteCapacityUnits":5})"));
  const auto& d = up["TableDescription"];
  CHECK(str(d["TableStatus"]) == "UPDATING");
  const auto& t = d["ProvisionedThroughput"];
  CHECK(t["ReadCapacityUnits"].GetInt() == 5);
  CHECK(t["WriteCapacityUnits"].GetInt() == 5);
  CHECK(has(t, "LastIncreaseDateTime"));
  CHECK_FALSE(has(t, "LastDecreaseDateTime"));
  auto after_up = h.describe("Busy");
  CHECK(str(after_up["Table"]["TableStatus"]) == "ACTIVE");
  const auto& t1 = after_up["Table"]["ProvisionedThroughput"];
  CHECK(t1["ReadCapacityUnits"].GetInt() == 10);
  CHECK(seconds(t1["LastIncreaseDateTime"]) == seconds(t["LastIncreaseDateTime"]));

  // A decrease counts once done.
  auto down =
      h.ok("UpdateTable", update("Busy", R"("ProvisionedThroughput":{"ReadCapacityUnits":10,"WriteCapacityUnits":2})"));
  CHECK(down["TableDescription"]["ProvisionedThroughput"]["NumberOfDecreasesToday"].GetInt() == 0);
  CHECK(has(down["TableDescription"]["ProvisionedThroughput"], "LastDecreaseDateTime"));
  auto after_down = h.describe("Busy");
  CHECK(api::to_json_text(after_down["Table"]["ProvisionedThroughput"])
            .find(R"("NumberOfDecreasesToday":1,"ReadCapacityUnits":10,"WriteCapacityUnits":2})") != std::string::npos);

  // A mixed change is an increase: it does not count as a decrease.
  h.ok("UpdateTable", update("Busy", R"("ProvisionedThroughput":{"ReadCapacityUnits":11,"WriteCapacityUnits":1})"));
  CHECK(h.describe("Busy")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"].GetInt() == 1);

  // Decreases are counted per UTC day.
  h.ok("UpdateTable", update("Busy", R"("ProvisionedThroughput":{"ReadCapacityUnits":9,"WriteCapacityUnits":1})"));
  CHECK(h.describe("Busy")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"].GetInt() == 2);
  h.clock.advance_ms(kDayMs);
  h.ok("UpdateTable", update("Busy", R"("ProvisionedThroughput":{"ReadCapacityUnits":8,"WriteCapacityUnits":1})"));
  CHECK(h.describe("Busy")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"].GetInt() == 1);
}

TEST_CASE("UpdateTable switches billing mode both ways") {
  Harness h;
  h.ok("CreateTable", simple_table("Switch"));
  auto to_on_demand = h.ok("UpdateTable", update("Switch", R"("BillingMode":"PAY_PER_REQUEST")"));
  const auto& d = to_on_demand["TableDescription"];
  CHECK(str(d["TableStatus"]) == "UPDATING");
  CHECK(api::to_json_text(d["BillingModeSummary"]) == R"({"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(d["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 0);
  CHECK(has(d["ProvisionedThroughput"], "LastDecreaseDateTime"));

  auto described = h.describe("Switch");
  const auto& t = described["Table"];
  CHECK(str(t["TableStatus"]) == "ACTIVE");
  CHECK(str(t["BillingModeSummary"]["BillingMode"]) == "PAY_PER_REQUEST");
  CHECK(has(t["BillingModeSummary"], "LastUpdateToPayPerRequestDateTime"));
  // Switching is not counted as a decrease of the table (it is for its GSIs), as dynalite.
  CHECK(api::to_json_text(t["ProvisionedThroughput"]) ==
        R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");

  h.error(
      "UpdateTable", update("Switch", R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})"),
      kValidation,
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
      "when BillingMode is PAY_PER_REQUEST");
  // Already on demand: nothing changes, and the answer says ACTIVE.
  CHECK(str(h.ok("UpdateTable",
                 update("Switch", R"("BillingMode":"PAY_PER_REQUEST")"))["TableDescription"]["TableStatus"]) ==
        "ACTIVE");

  auto back = h.ok("UpdateTable",
                   update("Switch", R"("BillingMode":"PROVISIONED",)"
                                    R"("ProvisionedThroughput":{"ReadCapacityUnits":7,"WriteCapacityUnits":8})"));
  const auto& b = back["TableDescription"];
  CHECK(str(b["TableStatus"]) == "UPDATING");
  CHECK(b["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 7);
  CHECK(b["ProvisionedThroughput"]["WriteCapacityUnits"].GetInt() == 8);
  CHECK(has(b["ProvisionedThroughput"], "LastIncreaseDateTime"));
  CHECK(str(b["BillingModeSummary"]["BillingMode"]) == "PROVISIONED");
  CHECK(seconds(b["BillingModeSummary"]["LastUpdateToPayPerRequestDateTime"]) ==
        seconds(t["BillingModeSummary"]["LastUpdateToPayPerRequestDateTime"]));
}

TEST_CASE("UpdateTable GSI throughput, and GSIs when switching billing mode") {
  Harness h;
  h.ok("CreateTable", table_with_gsi("WithGsi"));
  const std::string gsi_update =
      R"("GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gsi1","ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}])";
  auto answer = h.ok("UpdateTable", update("WithGsi", gsi_update));
  const auto& d = answer["TableDescription"];
  CHECK(str(d["TableStatus"]) == "ACTIVE");
  CHECK(str(d["GlobalSecondaryIndexes"][0]["IndexStatus"]) == "UPDATING");
  CHECK(d["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 2);
  auto described = h.describe("WithGsi");
  CHECK(str(described["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"]) == "ACTIVE");
  CHECK(described["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 3);

  h.error("UpdateTable", update("WithGsi", gsi_update), kValidation,
          "The provisioned throughput for the table will not change. The requested value equals the current value. "
          "Current ReadCapacityUnits provisioned for the table: 3. Requested ReadCapacityUnits: 3. Current "
          "WriteCapacityUnits provisioned for the table: 2. Requested WriteCapacityUnits: 2. Refer to the Amazon "
          "DynamoDB Developer Guide for current limits and how to request higher limits.");
  h.error(
      "UpdateTable",
      update(
          "WithGsi",
          R"("GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gsi1","ProvisionedThroughput":{"ReadCapacityUnits":1000000000001,"WriteCapacityUnits":1}}}])"),
      kValidation,
      "This operation cannot be performed with given input values. Please contact DynamoDB service team for more "
      "info: Action Blocked: IndexUpdate");
  h.error(
      "UpdateTable",
      update(
          "WithGsi",
          R"("GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"nope","ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}}])"),
      kValidation, "Invalid global secondary index name");
  std::string six;
  for (int i = 0; i < 6; ++i)
    six += std::string(i ? "," : "") + R"({"Delete":{"IndexName":"idx)" + std::to_string(i) + R"("}})";
  h.error("UpdateTable", update("WithGsi", R"("GlobalSecondaryIndexUpdates":[)" + six + "]"), kLimit,
          "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");

  h.ok("UpdateTable", update("WithGsi", R"("BillingMode":"PAY_PER_REQUEST")"));
  {
    auto on_demand = h.describe("WithGsi");
    const auto& t = on_demand["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"];
    CHECK(t["ReadCapacityUnits"].GetInt() == 0);
    CHECK(t["NumberOfDecreasesToday"].GetInt() == 1);
  }
  const std::string back =
      R"("BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})";
  h.error("UpdateTable", update("WithGsi", back), kValidation,
          "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: gsi1");
  auto provisioned = h.ok("UpdateTable", update("WithGsi", back + "," + gsi_update));
  CHECK(provisioned["TableDescription"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"]
            .GetInt() == 3);
  CHECK(h.describe("WithGsi")["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["WriteCapacityUnits"]
            .GetInt() == 2);
}

TEST_CASE("UpdateTable creates and deletes GSIs") {
  Harness h;
  h.ok("CreateTable", table_with_gsi("Grow"));
  const std::string create_h =
      R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi2","KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],)"
      R"("Projection":{"ProjectionType":"KEYS_ONLY"},"ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}}])";
  h.error("UpdateTable", update("Grow", create_h), kValidation, "Attribute h is not defined in AttributeDefinitions");
  h.error("UpdateTable",
          update("Grow", R"("AttributeDefinitions":[{"AttributeName":"x","AttributeType":"N"}],)" + create_h),
          kValidation, "Attribute h is not defined in AttributeDefinitions");
  h.error("UpdateTable",
          update("Grow", R"("AttributeDefinitions":[{"AttributeName":"g","AttributeType":"N"}],)" + create_h),
          kValidation, "invalid attribute, SchemaElement redefined should be of same type as previously defined");
  h.error(
      "UpdateTable",
      update(
          "Grow",
          R"("AttributeDefinitions":[{"AttributeName":"h","AttributeType":"N"}],)"
          R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi2","KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],)"
          R"("Projection":{"ProjectionType":"ALL"}}}])"),
      kValidation,
      "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: gsi2");
  h.error(
      "UpdateTable",
      update(
          "Grow",
          R"("AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],)"
          R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
          R"("Projection":{"ProjectionType":"ALL"},"ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}}])"),
      kValidation, "Attempting to create an index which already exists");

  auto created =
      h.ok("UpdateTable",
           update("Grow", R"("AttributeDefinitions":[{"AttributeName":"h","AttributeType":"N"}],)" + create_h));
  const auto& d = created["TableDescription"];
  CHECK(str(d["TableStatus"]) == "UPDATING");
  CHECK(
      api::to_json_text(d["AttributeDefinitions"]) ==
      R"([{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"},{"AttributeName":"h","AttributeType":"N"}])");
  REQUIRE(d["GlobalSecondaryIndexes"].Size() == 2);
  CHECK(str(d["GlobalSecondaryIndexes"][1]["IndexName"]) == "gsi2");
  CHECK(str(d["GlobalSecondaryIndexes"][1]["IndexStatus"]) == "CREATING");
  CHECK(str(h.describe("Grow")["Table"]["GlobalSecondaryIndexes"][1]["IndexStatus"]) == "ACTIVE");

  h.error("UpdateTable", update("Grow", R"("GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"nope"}}])"),
          kNotFound, "Requested resource not found");
  auto deleted =
      h.ok("UpdateTable", update("Grow", R"("GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"gsi1"}}])"));
  CHECK(str(deleted["TableDescription"]["TableStatus"]) == "UPDATING");
  CHECK(str(deleted["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"]) == "DELETING");
  auto described = h.describe("Grow");
  REQUIRE(described["Table"]["GlobalSecondaryIndexes"].Size() == 1);
  CHECK(str(described["Table"]["GlobalSecondaryIndexes"][0]["IndexName"]) == "gsi2");
  // Attribute definitions only describe keys: g went with gsi1.
  CHECK(api::to_json_text(described["Table"]["AttributeDefinitions"]) ==
        R"([{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"h","AttributeType":"N"}])");

  h.ok("CreateTable",
       on_demand_table("OnDemand", R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])"));
  h.error(
      "UpdateTable",
      update("OnDemand", R"("AttributeDefinitions":[{"AttributeName":"h","AttributeType":"N"}],)" + create_h),
      kValidation,
      "One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: gsi2 when "
      "BillingMode is PAY_PER_REQUEST");
  auto on_demand = h.ok(
      "UpdateTable",
      update(
          "OnDemand",
          R"("AttributeDefinitions":[{"AttributeName":"h","AttributeType":"N"}],)"
          R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi2","KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],)"
          R"("Projection":{"ProjectionType":"ALL"}}}])"));
  CHECK(str(on_demand["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"]) == "CREATING");
}

TEST_CASE("UpdateTable enables and disables streams") {
  Harness h;
  h.ok("CreateTable", simple_table("Streamy"));
  h.error("UpdateTable", update("Streamy", R"("StreamSpecification":{"StreamEnabled":false})"), kValidation,
          "Table has no stream to disable");
  auto enabled = h.ok(
      "UpdateTable", update("Streamy", R"("StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"})"));
  const auto& d = enabled["TableDescription"];
  CHECK(api::to_json_text(d["StreamSpecification"]) == R"({"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"})");
  std::string first = str(d["LatestStreamLabel"]);
  CHECK(str(d["LatestStreamArn"]) == kArnPrefix + "Streamy/stream/" + first);
  h.error("UpdateTable",
          update("Streamy", R"("StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"})"),
          kValidation, "Table already has an enabled stream");

  // Disabled, the table keeps describing its latest stream.
  auto disabled = h.ok("UpdateTable", update("Streamy", R"("StreamSpecification":{"StreamEnabled":false})"));
  CHECK_FALSE(has(disabled["TableDescription"], "StreamSpecification"));
  CHECK(str(disabled["TableDescription"]["LatestStreamLabel"]) == first);

  h.clock.advance_ms(1500);
  auto again =
      h.ok("UpdateTable",
           update("Streamy", R"("StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"})"));
  CHECK(str(again["TableDescription"]["LatestStreamLabel"]) != first);
  CHECK(str(h.describe("Streamy")["Table"]["StreamSpecification"]["StreamViewType"]) == "NEW_AND_OLD_IMAGES");
}

TEST_CASE("UpdateTable: table class, encryption, deletion protection, on-demand limits, ARN") {
  Harness h;
  h.ok("CreateTable", on_demand_table("Settings"));
  auto protection = h.ok("UpdateTable", update(kArnPrefix + "Settings", R"("DeletionProtectionEnabled":true)"));
  CHECK(str(protection["TableDescription"]["TableStatus"]) == "ACTIVE");
  CHECK(protection["TableDescription"]["DeletionProtectionEnabled"].GetBool() == true);

  auto table_class = h.ok("UpdateTable", update("Settings", R"("TableClass":"STANDARD_INFREQUENT_ACCESS")"));
  CHECK(str(table_class["TableDescription"]["TableStatus"]) == "UPDATING");
  CHECK(str(table_class["TableDescription"]["TableClassSummary"]["TableClass"]) == "STANDARD_INFREQUENT_ACCESS");
  CHECK(has(table_class["TableDescription"]["TableClassSummary"], "LastUpdateDateTime"));

  auto sse = h.ok(
      "UpdateTable",
      update("Settings",
             R"("SSESpecification":{"Enabled":true,"KMSMasterKeyId":"arn:aws:kms:us-east-1:000000000000:key/k1"})"));
  CHECK(api::to_json_text(sse["TableDescription"]["SSEDescription"]) ==
        R"({"Status":"ENABLED","SSEType":"KMS","KMSMasterKeyArn":"arn:aws:kms:us-east-1:000000000000:key/k1"})");
  auto no_sse = h.ok("UpdateTable", update("Settings", R"("SSESpecification":{"Enabled":false})"));
  CHECK_FALSE(has(no_sse["TableDescription"], "SSEDescription"));

  auto limits = h.ok("UpdateTable", update("Settings", R"("OnDemandThroughput":{"MaxWriteRequestUnits":50})"));
  CHECK(api::to_json_text(limits["TableDescription"]["OnDemandThroughput"]) ==
        R"({"MaxReadRequestUnits":-1,"MaxWriteRequestUnits":50})");

  auto described = h.describe("Settings");
  const auto& t = described["Table"];
  CHECK(str(t["TableStatus"]) == "ACTIVE");
  CHECK(t["DeletionProtectionEnabled"].GetBool() == true);
  CHECK(str(t["TableClassSummary"]["TableClass"]) == "STANDARD_INFREQUENT_ACCESS");
  CHECK(t["OnDemandThroughput"]["MaxWriteRequestUnits"].GetInt() == 50);
}

}  // namespace tables_test
