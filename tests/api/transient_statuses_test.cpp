// DynamoDB Local's -delayTransientStatuses (DatabaseOptions::delay_transient_statuses): a GSI
// created by UpdateTable is CREATING, then CREATING with Backfilling, then ACTIVE; a deleted GSI is
// DELETING for a while; tables are ACTIVE at once. Vector indexes go through the same states (as
// AWS documents them: CREATING with backfill, then ACTIVE; DELETING), searchable once ACTIVE. Without the flag every
// change shows at once. The phases last engine::kTransientPhaseMs each, as measured on DynamoDB Local 3.3.1; the status
// is computed from the (adjustable) clock when described, with no timers. The clock is the system clock plus an offset,
// so the checks keep a second away from each boundary.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "api/json.h"
#include "engine/database.h"
#include "engine/transient_statuses.h"
#include "tests/api/service_harness.h"

namespace transient_statuses_test {

namespace {

using namespace minnow;

constexpr int64_t kStartMs = 1796018400000;  // 2026-11-30T06:00:00.000Z
constexpr int64_t kMarginMs = 1000;

struct Harness : testing::ServiceHarness {
  explicit Harness(bool delay) : testing::ServiceHarness(engine::DatabaseOptions{delay}) { clock.set_ms(kStartMs); }

  api::JsonDocument describe() { return ok("DescribeTable", R"({"TableName":"Slow"})"); }
};

std::string str(const api::JsonValue& v) { return std::string(v.GetString(), v.GetStringLength()); }

// IndexName:IndexStatus[:backfilling|:not-backfilling][:ItemCount] for every index described in
// the list `key` (GlobalSecondaryIndexes, VectorIndexes).
std::vector<std::string> indexes(const api::JsonValue& table, const char* key) {
  std::vector<std::string> out;
  if (!table.HasMember(key)) return out;
  for (const auto& i : table[key].GetArray()) {
    std::string s = str(i["IndexName"]) + ":" + str(i["IndexStatus"]);
    if (i.HasMember("Backfilling")) s += i["Backfilling"].GetBool() ? ":backfilling" : ":not-backfilling";
    s += ":" + std::to_string(i["ItemCount"].GetUint64());
    out.push_back(s);
  }
  return out;
}
std::vector<std::string> gsis(const api::JsonValue& table) { return indexes(table, "GlobalSecondaryIndexes"); }

const char* kCreateTable =
    R"({"TableName":"Slow","BillingMode":"PAY_PER_REQUEST",)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
    R"("GlobalSecondaryIndexes":[{"IndexName":"gsi0","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
    R"("Projection":{"ProjectionType":"ALL"}}]})";
const char* kCreateGsi =
    R"({"TableName":"Slow","AttributeDefinitions":[{"AttributeName":"h","AttributeType":"S"}],)"
    R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi1","KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],)"
    R"("Projection":{"ProjectionType":"ALL"}}}]})";
const char* kDeleteGsi = R"({"TableName":"Slow","GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"gsi1"}}]})";

void populate(Harness& h) {
  for (const char* pk : {"a", "b", "c"})
    h.ok("PutItem",
         std::string(R"({"TableName":"Slow","Item":{"pk":{"S":")") + pk + R"("},"g":{"S":"x"},"h":{"S":"y"}}})");
}

}  // namespace

TEST_CASE("-delayTransientStatuses: a created GSI is CREATING, then Backfilling, then ACTIVE") {
  Harness h(true);
  auto created = h.ok("CreateTable", kCreateTable);
  CHECK(str(created["TableDescription"]["TableStatus"]) == "CREATING");  // the answer, as without the flag
  // The table and its initial GSIs are ACTIVE at once, as in DynamoDB Local with the flag.
  CHECK(str(h.describe()["Table"]["TableStatus"]) == "ACTIVE");
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:0"});
  populate(h);

  auto updated = h.ok("UpdateTable", kCreateGsi);
  CHECK(gsis(updated["TableDescription"]) ==
        std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:not-backfilling:0"});
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:not-backfilling:0"});
  CHECK(str(h.describe()["Table"]["TableStatus"]) == "ACTIVE");
  // Another GSI of that name cannot be created meanwhile.
  CHECK(h.call("UpdateTable", kCreateGsi).status == 400);

  h.clock.advance_ms(engine::kTransientPhaseMs - kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:not-backfilling:0"});
  h.clock.advance_ms(2 * kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:backfilling:0"});
  h.clock.advance_ms(engine::kTransientPhaseMs - 2 * kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:backfilling:0"});
  h.clock.advance_ms(2 * kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:ACTIVE:3"});
  // Settled for good: an UpdateTable after that sees it ACTIVE too.
  auto deleted = h.ok("UpdateTable", kDeleteGsi);
  CHECK(gsis(deleted["TableDescription"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:DELETING:0"});
}

namespace {

// What a read of gsi1 answers now: its Count, or the error's message.
std::string read_gsi1(Harness& h, const std::string& action) {
  const std::string body = action == "Query"
                               ? R"({"TableName":"Slow","IndexName":"gsi1","KeyConditionExpression":"h = :h",)"
                                 R"("ExpressionAttributeValues":{":h":{"S":"y"}}})"
                           : action == "Scan" ? R"({"TableName":"Slow","IndexName":"gsi1"})"
                                              : R"({"Statement":"SELECT * FROM \"Slow\".\"gsi1\""})";
  api::Reply reply = h.call(action, body);
  api::JsonDocument doc;
  doc.Parse(reply.body.c_str());
  if (reply.status == 200) return std::to_string(action == "ExecuteStatement" ? doc["Items"].Size() : doc["Count"].GetUint());
  return str(doc["message"]);
}

}  // namespace

// DynamoDB refuses to read a GSI until its backfill is over (its words; DynamoDB Local 3.3.1 reads
// a CREATING index as if it were ACTIVE).
TEST_CASE("-delayTransientStatuses: a GSI cannot be read until it is ACTIVE") {
  Harness h(true);
  h.ok("CreateTable", kCreateTable);
  populate(h);
  h.ok("UpdateTable", kCreateGsi);
  const std::string refused = "Cannot read from backfilling global secondary index: gsi1";
  for (const char* action : {"Query", "Scan", "ExecuteStatement"}) {
    INFO(action);
    CHECK(read_gsi1(h, action) == refused);
  }
  h.clock.advance_ms(engine::kTransientPhaseMs + kMarginMs);
  CHECK(read_gsi1(h, "Query") == refused);  // Backfilling
  h.clock.advance_ms(engine::kTransientPhaseMs);
  for (const char* action : {"Query", "Scan", "ExecuteStatement"}) {
    INFO(action);
    CHECK(read_gsi1(h, action) == "3");
  }
}

// The backfill lasts as long as writing the index's entries at the index's write capacity takes
// (one unit per KB of each, at least one), and never less than DynamoDB Local's phase.
TEST_CASE("-delayTransientStatuses: a GSI's backfill takes time in proportion to what it indexes") {
  CHECK(engine::entry_write_units(10) == 1);
  CHECK(engine::entry_write_units(1024) == 1);
  CHECK(engine::entry_write_units(1025) == 2);
  CHECK(engine::backfill_ms(0, 1) == 0);
  CHECK(engine::backfill_ms(10, 4000) == 3);             // 2.5 ms, rounded up
  CHECK(engine::backfill_ms(30, 5) == 6000);
  CHECK(engine::backfill_ms(1000000, 4000) == 250000);  // 1M small entries, on demand

  Harness h(true);
  h.ok("CreateTable",
       R"({"TableName":"Slow","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  // 40 items of 1.5 KB each: 80 write units for the new index, at 2 a second, 40 s of backfill.
  const std::string padding(1500, 'p');
  for (int i = 0; i < 40; ++i)
    h.ok("PutItem", R"({"TableName":"Slow","Item":{"pk":{"S":"k)" + std::to_string(i) +
                        R"("},"h":{"S":"y"},"pad":{"S":")" + padding + R"("}}})");
  h.ok("UpdateTable",
       R"({"TableName":"Slow","AttributeDefinitions":[{"AttributeName":"h","AttributeType":"S"}],)"
       R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi1","KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],)"
       R"("Projection":{"ProjectionType":"ALL"},"ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":2}}}]})");
  h.clock.advance_ms(engine::kTransientPhaseMs + 40000 - kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi1:CREATING:backfilling:0"});
  CHECK(read_gsi1(h, "Scan") == "Cannot read from backfilling global secondary index: gsi1");
  h.clock.advance_ms(2 * kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi1:ACTIVE:40"});
  CHECK(read_gsi1(h, "Scan") == "40");
}

TEST_CASE("-delayTransientStatuses: a deleted GSI is DELETING for a while, then gone") {
  Harness h(true);
  h.ok("CreateTable", kCreateTable);
  populate(h);
  h.ok("UpdateTable", kCreateGsi);
  h.clock.advance_ms(2 * engine::kTransientPhaseMs);
  REQUIRE(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:ACTIVE:3"});

  auto deleted = h.ok("UpdateTable", kDeleteGsi);
  CHECK(gsis(deleted["TableDescription"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:DELETING:0"});
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:DELETING:0"});
  // Not recreated while it is being deleted; a second Delete finds nothing.
  CHECK(h.call("UpdateTable", kCreateGsi).status == 400);
  CHECK(h.call("UpdateTable", kDeleteGsi).status == 400);
  // Another change meanwhile keeps showing it DELETING.
  auto other = h.ok("UpdateTable", R"({"TableName":"Slow","DeletionProtectionEnabled":true})");
  CHECK(gsis(other["TableDescription"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:DELETING:0"});
  h.clock.advance_ms(engine::kTransientPhaseMs - kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:DELETING:0"});
  h.clock.advance_ms(2 * kMarginMs);
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3"});
  h.ok("UpdateTable", kCreateGsi);  // the name is free again
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:not-backfilling:0"});
}

TEST_CASE("without -delayTransientStatuses GSI changes show at once") {
  Harness h(false);
  auto created = h.ok("CreateTable", kCreateTable);
  CHECK(str(created["TableDescription"]["TableStatus"]) == "CREATING");
  CHECK(str(h.describe()["Table"]["TableStatus"]) == "ACTIVE");
  populate(h);
  auto updated = h.ok("UpdateTable", kCreateGsi);
  CHECK(gsis(updated["TableDescription"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:CREATING:3"});
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:ACTIVE:3"});
  auto deleted = h.ok("UpdateTable", kDeleteGsi);
  CHECK(gsis(deleted["TableDescription"]) == std::vector<std::string>{"gsi0:ACTIVE:3", "gsi1:DELETING:0"});
  CHECK(gsis(h.describe()["Table"]) == std::vector<std::string>{"gsi0:ACTIVE:3"});
}

namespace {

std::vector<std::string> vector_indexes(const api::JsonValue& table) { return indexes(table, "VectorIndexes"); }

const char* kCreateVectorIndex =
    R"({"TableName":"Slow","VectorIndexUpdates":[{"Create":{"IndexName":"vec","VectorAttribute":{"AttributeName":"v"},)"
    R"("Dimensions":2,"DistanceFunction":"EUCLIDEAN","Projection":{"ProjectionType":"ALL"}}}]})";
const char* kDeleteVectorIndex = R"({"TableName":"Slow","VectorIndexUpdates":[{"Delete":{"IndexName":"vec"}}]})";

void populate_vectors(Harness& h) {
  for (const char* pk : {"a", "b"})
    h.ok("PutItem",
         std::string(R"({"TableName":"Slow","Item":{"pk":{"S":")") + pk + R"("},"v":{"L":[{"N":"1"},{"N":"2"}]}}})");
}

// Whether SearchVectors finds the index searchable now; otherwise it is not ACTIVE yet (or any
// more: then not found).
bool searchable(Harness& h) {
  api::Reply reply = h.call("SearchVectors", R"({"TableName":"Slow","IndexName":"vec","TopK":5,)"
                                             R"("SearchVector":[{"N":"0"},{"N":"0"}]})");
  INFO(reply.body);
  if (reply.status == 200) {
    CHECK(reply.body.find(R"("Score":2.23606797749979)") != std::string::npos);  // |(1, 2)|
    return true;
  }
  CHECK(reply.status == 400);
  CHECK((reply.body.find("Vector index: vec is not ACTIVE") != std::string::npos ||
         reply.body.find("Vector index: vec not found") != std::string::npos));
  return false;
}

}  // namespace

TEST_CASE("-delayTransientStatuses: a created vector index is CREATING, then Backfilling, then ACTIVE") {
  Harness h(true);
  h.ok("CreateTable", kCreateTable);
  populate_vectors(h);
  auto updated = h.ok("UpdateTable", kCreateVectorIndex);
  CHECK(str(updated["TableDescription"]["TableStatus"]) == "UPDATING");
  CHECK(vector_indexes(updated["TableDescription"]) == std::vector<std::string>{"vec:CREATING:not-backfilling:0"});
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:CREATING:not-backfilling:0"});
  CHECK(!searchable(h));
  CHECK(h.call("UpdateTable", kCreateVectorIndex).status == 400);

  h.clock.advance_ms(engine::kTransientPhaseMs + kMarginMs);
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:CREATING:backfilling:0"});
  CHECK(!searchable(h));
  h.clock.advance_ms(engine::kTransientPhaseMs);
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:ACTIVE:2"});
  CHECK(searchable(h));
}

TEST_CASE("-delayTransientStatuses: a deleted vector index is DELETING for a while, then gone") {
  Harness h(true);
  h.ok("CreateTable", kCreateTable);
  populate_vectors(h);
  h.ok("UpdateTable", kCreateVectorIndex);
  h.clock.advance_ms(2 * engine::kTransientPhaseMs);
  REQUIRE(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:ACTIVE:2"});

  auto deleted = h.ok("UpdateTable", kDeleteVectorIndex);
  CHECK(vector_indexes(deleted["TableDescription"]) == std::vector<std::string>{"vec:DELETING:0"});
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:DELETING:0"});
  CHECK(!searchable(h));
  // Not recreated while it is being deleted; a second Delete finds nothing.
  CHECK(h.call("UpdateTable", kCreateVectorIndex).status == 400);
  CHECK(h.call("UpdateTable", kDeleteVectorIndex).status == 400);
  h.clock.advance_ms(engine::kTransientPhaseMs - kMarginMs);
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:DELETING:0"});
  h.clock.advance_ms(2 * kMarginMs);
  CHECK(vector_indexes(h.describe()["Table"]).empty());
  h.ok("UpdateTable", kCreateVectorIndex);  // the name is free again
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:CREATING:not-backfilling:0"});
}

TEST_CASE("without -delayTransientStatuses vector index changes show at once") {
  Harness h(false);
  h.ok("CreateTable", kCreateTable);
  populate_vectors(h);
  auto updated = h.ok("UpdateTable", kCreateVectorIndex);
  CHECK(vector_indexes(updated["TableDescription"]) == std::vector<std::string>{"vec:CREATING:2"});
  CHECK(vector_indexes(h.describe()["Table"]) == std::vector<std::string>{"vec:ACTIVE:2"});
  CHECK(searchable(h));
  auto deleted = h.ok("UpdateTable", kDeleteVectorIndex);
  CHECK(vector_indexes(deleted["TableDescription"]) == std::vector<std::string>{"vec:DELETING:0"});
  CHECK(vector_indexes(h.describe()["Table"]).empty());
}

}  // namespace transient_statuses_test
