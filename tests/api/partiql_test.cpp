// ExecuteStatement through api::Service: JSON in, JSON out, no network. The messages are
// conformance/test/partiql_*.test.mjs's (checked against DynamoDB Local).
#include <catch2/catch.hpp>
#include <string>

#include "api/service.h"
#include "tests/api/service_harness.h"

namespace partiql_test {

namespace {

using namespace minnow;

struct Harness : testing::ServiceHarness {
  Harness() {
    ok_body("CreateTable", R"({"TableName":"tab","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"sk","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"sk","AttributeType":"N"}],"BillingMode":"PAY_PER_REQUEST"})");
  }
  std::string statement(const std::string& text, const std::string& extra = "") {
    std::string escaped;
    for (char c : text) {
      if (c == '"') escaped += '\\';
      escaped += c;
    }
    return ok_body("ExecuteStatement", R"({"Statement":")" + escaped + "\"" + extra + "}");
  }
};

}  // namespace

TEST_CASE("ExecuteStatement: INSERT, SELECT by key and by partition, UPDATE RETURNING, DELETE") {
  Harness h;
  CHECK(h.statement("INSERT INTO tab VALUE {'pk': 'a', 'sk': 1, 'n': 1.50}") == R"({"Items":[]})");
  h.statement("INSERT INTO tab VALUE {'pk': 'a', 'sk': 2}");
  CHECK(h.statement("SELECT * FROM tab WHERE pk = 'a' AND sk = 1") ==
        R"({"Items":[{"n":{"N":"1.5"},"pk":{"S":"a"},"sk":{"N":"1"}}]})");
  CHECK(h.statement("SELECT sk FROM tab WHERE pk = ? ORDER BY sk DESC", R"(,"Parameters":[{"S":"a"}])") ==
        R"({"Items":[{"sk":{"N":"2"}},{"sk":{"N":"1"}}]})");
  CHECK(h.statement("UPDATE tab SET n = n + 1 WHERE pk = 'a' AND sk = 1 RETURNING MODIFIED NEW *") ==
        R"({"Items":[{"n":{"N":"2.5"}}]})");
  CHECK(h.statement("DELETE FROM tab WHERE pk = 'a' AND sk = 1 RETURNING ALL OLD *") ==
        R"({"Items":[{"n":{"N":"2.5"},"pk":{"S":"a"},"sk":{"N":"1"}}]})");
  CHECK(h.statement("SELECT * FROM tab WHERE pk = 'a' AND sk = 1") == R"({"Items":[]})");
}

TEST_CASE("ExecuteStatement: Limit pages with a NextToken tied to the statement") {
  Harness h;
  for (int i = 0; i < 3; ++i) h.statement("INSERT INTO tab VALUE {'pk': 'a', 'sk': " + std::to_string(i) + "}");
  std::string first = h.statement("SELECT sk FROM tab WHERE pk = 'a'", R"(,"Limit":2)");
  auto at = first.find(R"("NextToken":")");
  REQUIRE(at != std::string::npos);
  std::string token = first.substr(at + 13, first.find('"', at + 13) - at - 13);
  CHECK(h.statement("SELECT sk FROM tab WHERE pk = 'a'", R"(,"Limit":2,"NextToken":")" + token + "\"") ==
        R"({"Items":[{"sk":{"N":"2"}}]})");
  api::Reply other = h.call("ExecuteStatement", R"({"Statement":"SELECT * FROM tab","NextToken":")" + token + "\"}");
  CHECK(other.status == 400);
  CHECK(other.body.find("NextToken does not match request") != std::string::npos);
}

TEST_CASE("ExecuteStatement errors") {
  Harness h;
  api::Reply dup = h.call("ExecuteStatement", R"({"Statement":"INSERT INTO tab VALUE {'pk': 'a', 'sk': 1}"})");
  REQUIRE(dup.status == 200);
  dup = h.call("ExecuteStatement", R"({"Statement":"INSERT INTO tab VALUE {'pk': 'a', 'sk': 1}"})");
  CHECK(dup.status == 400);
  CHECK(
      dup.body ==
      R"({"__type":"com.amazonaws.dynamodb.v20120810#DuplicateItemException","message":"Duplicate primary key exists in table"})");
  api::Reply missing = h.call("ExecuteStatement", R"({"Statement":"UPDATE tab SET x = 1 WHERE pk = 'z' AND sk = 1"})");
  CHECK(missing.body.find("ConditionalCheckFailedException") != std::string::npos);
  api::Reply syntax = h.call("ExecuteStatement", R"({"Statement":"SELECT"})");
  CHECK(
      syntax.body ==
      R"({"__type":"com.amazon.coral.validate#ValidationException","message":"Statement wasn't well formed, can't be processed: Unexpected term"})");
  api::Reply nope = h.call("ExecuteStatement", R"({"Statement":"SELECT * FROM nope"})");
  CHECK(nope.body.find("ResourceNotFoundException") != std::string::npos);
}

TEST_CASE("BatchExecuteStatement: one slot per statement, errors in their slots") {
  Harness h;
  h.statement("INSERT INTO tab VALUE {'pk': 'a', 'sk': 1}");
  std::string reads = h.ok_body("BatchExecuteStatement", R"({"Statements":[
      {"Statement":"SELECT * FROM tab WHERE pk = 'a' AND sk = 1"},
      {"Statement":"SELECT * FROM tab WHERE pk = 'a' AND sk = 2"},
      {"Statement":"SELECT * FROM tab WHERE pk = 'a'"}]})");
  CHECK(reads == R"({"Responses":[{"TableName":"tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}},{"TableName":"tab"},)"
                 R"({"Error":{"Code":"ValidationError","Message":"Select statements within BatchExecuteStatement must specify the primary key in the where clause."}}]})");
  std::string writes = h.ok_body("BatchExecuteStatement", R"({"Statements":[
      {"Statement":"INSERT INTO tab VALUE {'pk': 'a', 'sk': 1}"},
      {"Statement":"UPDATE tab SET n = 1 WHERE pk = 'a' AND sk = 2"},
      {"Statement":"INSERT INTO tab VALUE {'pk': 'b', 'sk': 1}"}]})");
  CHECK(
      writes ==
      R"({"Responses":[{"Error":{"Code":"DuplicateItem","Message":"Duplicate primary key exists in table"},"TableName":"tab"},)"
      R"({"Error":{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},"TableName":"tab"},)"
      R"({"TableName":"tab"}]})");
  api::Reply mixed = h.call("BatchExecuteStatement", R"({"Statements":[
      {"Statement":"SELECT * FROM tab WHERE pk = 'a' AND sk = 1"}, {"Statement":"DELETE FROM tab WHERE pk = 'a' AND sk = 1"}]})");
  CHECK(mixed.body.find("Read and write requests together in the same batch is not supported.") != std::string::npos);
}

TEST_CASE("ExecuteTransaction: all or nothing, reasons in statement order") {
  Harness h;
  h.statement("INSERT INTO tab VALUE {'pk': 'a', 'sk': 1, 'n': 1}");
  const std::string ok_writes = R"json({"TransactStatements":[
      {"Statement":"UPDATE tab SET n = n + 1 WHERE pk = 'a' AND sk = 1"},
      {"Statement":"INSERT INTO tab VALUE {'pk': 'b', 'sk': 1}"}]})json";
  CHECK(h.ok_body("ExecuteTransaction", ok_writes) == R"({"Responses":[]})");
  const std::string failing = R"json({"TransactStatements":[
      {"Statement":"UPDATE tab SET n = 9 WHERE pk = 'a' AND sk = 1"},
      {"Statement":"EXISTS(SELECT * FROM tab WHERE pk = 'b' AND sk = 1 AND n = 5)"}]})json";
  api::Reply cancelled = h.call("ExecuteTransaction", failing);
  CHECK(cancelled.status == 400);
  const std::string reasons =
      R"json("CancellationReasons":[{"Code":"None"},{"Code":"ConditionalCheckFailed","Message":"The conditional request failed."}])json";
  CHECK(cancelled.body.find(reasons) != std::string::npos);
  const std::string reads = R"json({"TransactStatements":[
      {"Statement":"SELECT n FROM tab WHERE pk = 'a' AND sk = 1"},
      {"Statement":"SELECT * FROM tab WHERE pk = 'c' AND sk = 1"}]})json";
  CHECK(h.ok_body("ExecuteTransaction", reads) == R"({"Responses":[{"Item":{"n":{"N":"2"}}},{}]})");
}

}  // namespace partiql_test
