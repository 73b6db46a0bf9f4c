// POST /_minnow/snapshot and /_minnow/restore through api::Service: a state saved under a name
// comes back exactly (tables, items, indexes, streams with their records), whatever happened in
// between; stream sequence numbers go on increasing after a restore; GET lists and DELETE forgets
// saved states; bad calls get the admin error. GET /_minnow/export's lines.
#include <catch2/catch.hpp>
#include <string>

#include "api/service.h"
#include "tests/api/service_harness.h"

namespace saved_states_test {

namespace {

using namespace minnow;

struct Harness : testing::ServiceHarness {
  std::string admin_ok(const std::string& method, const std::string& path, std::string body = "") {
    api::Reply reply = admin(method, path, std::move(body));
    INFO(method << " " << path << " -> " << reply.body);
    CHECK(reply.status == 200);
    return reply.body;
  }
  std::string streams_call(const std::string& action, std::string body) {
    return ok_body(action, std::move(body), "DynamoDBStreams_20120810.");
  }
  // Every record of the table's latest stream, as GetRecords gives them.
  std::string records(const std::string& table) {
    std::string description = ok_body("DescribeTable", R"({"TableName":")" + table + R"("})");
    auto at = description.find(R"("LatestStreamArn":")");
    REQUIRE(at != std::string::npos);
    at += 19;
    const std::string arn = description.substr(at, description.find('"', at) - at);
    std::string stream = streams_call("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
    at = stream.find(R"("ShardId":")") + 11;
    const std::string shard = stream.substr(at, stream.find('"', at) - at);
    std::string iterator = streams_call("GetShardIterator", R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard +
                                                                R"(","ShardIteratorType":"TRIM_HORIZON"})");
    at = iterator.find(R"("ShardIterator":")") + 17;
    std::string page = streams_call(
        "GetRecords", R"({"ShardIterator":")" + iterator.substr(at, iterator.find('"', at) - at) + R"("})");
    return page.substr(page.find(R"("Records":)"));
  }
};

const char* kTable = R"({"TableName":"music","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"ALL"}}],
  "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})";

}  // namespace

TEST_CASE("/_minnow/restore returns to the state /_minnow/snapshot saved", "[admin][saved]") {
  Harness h;
  h.ok_body("CreateTable", kTable);
  h.ok_body("PutItem", R"({"TableName":"music","Item":{"pk":{"S":"a"},"g":{"S":"x"}}})");
  h.ok_body("PutItem", R"({"TableName":"music","Item":{"pk":{"S":"b"},"g":{"S":"x"},"n":{"N":"1"}}})");
  const std::string scan = h.ok_body("Scan", R"({"TableName":"music"})");
  const std::string index = h.ok_body("Query", R"({"TableName":"music","IndexName":"by_g",
    "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}}})");
  const std::string description = h.ok_body("DescribeTable", R"({"TableName":"music"})");
  const std::string records = h.records("music");
  CHECK(h.admin_ok("POST", "/_minnow/snapshot", R"({"name":"fixtures"})")
            .starts_with(R"({"name":"fixtures","namespaces":1,"tables":1,"items":2,"bytes":)"));

  h.ok_body("DeleteItem", R"({"TableName":"music","Key":{"pk":{"S":"a"}}})");
  h.ok_body("PutItem", R"({"TableName":"music","Item":{"pk":{"S":"c"},"g":{"S":"x"}}})");
  h.ok_body("CreateTable", R"({"TableName":"other","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");

  CHECK(h.admin_ok("POST", "/_minnow/restore", R"({"name":"fixtures"})")
            .starts_with(R"({"name":"fixtures","namespaces":1,"tables":1,"items":2,"bytes":)"));
  CHECK(h.ok_body("ListTables", "{}") == R"({"TableNames":["music"]})");
  CHECK(h.ok_body("Scan", R"({"TableName":"music"})") == scan);
  CHECK(h.ok_body("Query", R"({"TableName":"music","IndexName":"by_g",
    "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}}})") == index);
  CHECK(h.ok_body("DescribeTable", R"({"TableName":"music"})") == description);
  CHECK(h.records("music") == records);

  // Again, from the same saved state; new records number on from the highest ever given.
  h.ok_body("PutItem", R"({"TableName":"music","Item":{"pk":{"S":"d"}}})");
  h.admin_ok("POST", "/_minnow/restore", R"({"name":"fixtures"})");
  CHECK(h.ok_body("Scan", R"({"TableName":"music"})") == scan);
  h.ok_body("PutItem", R"({"TableName":"music","Item":{"pk":{"S":"e"}}})");
  const std::string after = h.records("music");
  CHECK(after.starts_with(records.substr(0, records.size() - 2)));
  auto sequence = [](const std::string& page, std::size_t from) {
    auto at = page.find(R"("SequenceNumber":")", from);
    return page.substr(at + 18, 21);
  };
  CHECK(sequence(after, records.size() - 2) > sequence(records, records.rfind("SequenceNumber") - 1));

  // A reset keeps saved states.
  h.admin_ok("POST", "/_minnow/reset");
  h.admin_ok("POST", "/_minnow/restore", R"({"name":"fixtures"})");
  CHECK(h.ok_body("Scan", R"({"TableName":"music"})") == scan);
}

TEST_CASE("/_minnow/snapshot lists and forgets saved states; bad calls", "[admin][saved]") {
  Harness h;
  h.admin_ok("POST", "/_minnow/snapshot", R"({"name":"b"})");
  h.admin_ok("POST", "/_minnow/snapshot", R"({"name":"a"})");
  CHECK(h.admin_ok("GET", "/_minnow/snapshot") == R"({"snapshots":["a","b"]})");
  CHECK(h.admin_ok("DELETE", "/_minnow/snapshot", R"({"name":"a"})") == "{}");
  CHECK(h.admin_ok("GET", "/_minnow/snapshot") == R"({"snapshots":["b"]})");
  const std::string no_such =
      R"({"__type":"com.amazon.coral.validate#ValidationException","message":"Invalid /_minnow call: no snapshot named 'a'"})";
  CHECK(h.admin("POST", "/_minnow/restore", R"({"name":"a"})").body == no_such);
  CHECK(h.admin("DELETE", "/_minnow/snapshot", R"({"name":"a"})").body == no_such);
  for (const char* body : {"", R"({"name":""})", R"({"name":7})", "[1]"}) {
    INFO(body);
    CHECK(h.admin("POST", "/_minnow/snapshot", body).status == 400);
    CHECK(h.admin("POST", "/_minnow/restore", body).status == 400);
  }
  CHECK(h.admin("GET", "/_minnow/restore").status == 400);
}

TEST_CASE("/_minnow/export writes each table's CreateTable, TTL and items, one a line", "[admin][export]") {
  Harness h;
  CHECK(h.admin_ok("GET", "/_minnow/export") == "");
  h.ok_body("CreateTable", R"({"TableName":"prov","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":4},
    "Tags":[{"Key":"team","Value":"a"}],"DeletionProtectionEnabled":true})");
  h.ok_body("UpdateTimeToLive",
            R"({"TableName":"prov","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  h.ok_body("PutItem", R"({"TableName":"prov","Item":{"pk":{"S":"a"},"n":{"N":"1.50"},"l":{"L":[{"B":"AAE="}]}}})");
  api::Reply reply = h.admin("GET", "/_minnow/export");
  CHECK(reply.content_type == "application/x-ndjson");
  CHECK(reply.body ==
        R"({"TableName":"prov","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
        R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PROVISIONED",)"
        R"("ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":4},"DeletionProtectionEnabled":true,)"
        R"("Tags":[{"Key":"team","Value":"a"}]})"
        "\n"
        R"({"TableName":"prov","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})"
        "\n"
        R"({"l":{"L":[{"B":"AAE="}]},"n":{"N":"1.5"},"pk":{"S":"a"}})"
        "\n");
}

}  // namespace saved_states_test
