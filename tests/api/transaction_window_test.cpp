// --transaction-window (engine/item_holds.h, api/fault_injection.h): a TransactWriteItems holds
// its items for the window and answers after it; writes and transactions meeting a held item
// get DynamoDB's conflict errors; reads do not wait; other items are free.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "tests/api/service_harness.h"

namespace transaction_window_test {

namespace {

using namespace minnow;

// Long enough that every check made "meanwhile" runs inside it however slow the machine; the
// release is checked with a short window, after sleeping past it.
constexpr int64_t kWindowMs = 60'000;  // --transaction-window's largest
constexpr int64_t kShortWindowMs = 300;

const std::string kConflict =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionConflictException","message":"Transaction is ongoing for the item"})";
const std::string kCancelledPrefix =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","message":"Transaction cancelled, please refer cancellation reasons for specific reasons )";

struct Harness : testing::ServiceHarness {
  explicit Harness(int64_t window_ms = kWindowMs)
      : testing::ServiceHarness(engine::DatabaseOptions{.transaction_window_ms = window_ms}) {
    REQUIRE(call("CreateTable", R"({"TableName":"t_w","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})")
                .status == 200);
  }
  api::Reply put_in_transaction(const std::string& pk) {
    return call("TransactWriteItems",
                R"({"TransactItems":[{"Put":{"TableName":"t_w","Item":{"pk":{"S":")" + pk + R"("},"v":{"N":"1"}}}}]})");
  }
};

}  // namespace

TEST_CASE("a transaction holds its items for the window and answers after it", "[transaction-window]") {
  Harness h;
  api::Reply first = h.put_in_transaction("a");
  CHECK(first.status == 200);
  CHECK(first.delay_ms == kWindowMs);  // the server sends it when the window is over

  // Meanwhile: single-item writes and batches conflict...
  CHECK(h.call("PutItem", R"({"TableName":"t_w","Item":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("UpdateItem", R"({"TableName":"t_w","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET v = :v",
    "ExpressionAttributeValues":{":v":{"N":"2"}}})")
            .body == kConflict);
  CHECK(h.call("DeleteItem", R"({"TableName":"t_w","Key":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("BatchWriteItem", R"({"RequestItems":{"t_w":[{"DeleteRequest":{"Key":{"pk":{"S":"a"}}}}]}})").body ==
        kConflict);
  // ...transactions are cancelled, the held item's reason TransactionConflict...
  api::Reply second = h.call("TransactWriteItems", R"x({"TransactItems":[
    {"Put":{"TableName":"t_w","Item":{"pk":{"S":"b"}}}},
    {"ConditionCheck":{"TableName":"t_w","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(pk)"}}]})x");
  CHECK(second.body == kCancelledPrefix +
                           R"([None, TransactionConflict]","CancellationReasons":[{"Code":"None"},)"
                           R"({"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"}]})");
  CHECK(second.delay_ms == 0);
  CHECK(h.call("TransactGetItems", R"({"TransactItems":[{"Get":{"TableName":"t_w","Key":{"pk":{"S":"a"}}}}]})")
            .body.starts_with(kCancelledPrefix + "[TransactionConflict]"));
  // ...nothing of the cancelled transaction was written, reads do not wait, other items are free.
  CHECK(h.call("GetItem", R"({"TableName":"t_w","Key":{"pk":{"S":"b"}}})").body == "{}");
  CHECK(h.call("GetItem", R"({"TableName":"t_w","Key":{"pk":{"S":"a"}}})").body ==
        R"({"Item":{"pk":{"S":"a"},"v":{"N":"1"}}})");
  CHECK(h.call("PutItem", R"({"TableName":"t_w","Item":{"pk":{"S":"c"}}})").status == 200);
  CHECK(h.put_in_transaction("d").status == 200);
}

TEST_CASE("after the window the item is free again", "[transaction-window]") {
  Harness h(kShortWindowMs);
  REQUIRE(h.put_in_transaction("a").status == 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(kShortWindowMs + 50));  // at least the window
  CHECK(h.call("PutItem", R"({"TableName":"t_w","Item":{"pk":{"S":"a"},"v":{"N":"3"}}})").status == 200);
  CHECK(h.put_in_transaction("a").status == 200);
}

TEST_CASE("a reset releases the holds", "[transaction-window]") {
  Harness h;
  REQUIRE(h.put_in_transaction("a").status == 200);
  api::Request reset;
  reset.method = "POST";
  reset.path = "/_minnow/reset";
  reset.content_type = "application/json";
  reset.admin_header = "1";
  REQUIRE(h.service.handle(reset).status == 200);
  REQUIRE(h.call("CreateTable", R"({"TableName":"t_w","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})")
              .status == 200);
  CHECK(h.call("PutItem", R"({"TableName":"t_w","Item":{"pk":{"S":"a"}}})").status == 200);
}

TEST_CASE("without a window transactions hold nothing", "[transaction-window]") {
  testing::ServiceHarness h;
  REQUIRE(h.call("CreateTable", R"({"TableName":"t_w","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})")
              .status == 200);
  api::Reply tx =
      h.call("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_w","Item":{"pk":{"S":"a"}}}}]})");
  CHECK(tx.status == 200);
  CHECK(tx.delay_ms == 0);
  CHECK(h.call("PutItem", R"({"TableName":"t_w","Item":{"pk":{"S":"a"}}})").status == 200);
}

TEST_CASE("PartiQL's ExecuteTransaction holds its items as TransactWriteItems does", "[transaction-window]") {
  Harness h;
  api::Reply tx = h.call("ExecuteTransaction", R"({"TransactStatements":[
    {"Statement":"INSERT INTO \"t_w\" VALUE {'pk': 'p', 'v': 1}"}]})");
  CHECK(tx.status == 200);
  CHECK(tx.delay_ms == kWindowMs);
  CHECK(h.call("PutItem", R"({"TableName":"t_w","Item":{"pk":{"S":"p"}}})").body == kConflict);
  CHECK(h.call("ExecuteStatement", R"({"Statement":"UPDATE \"t_w\" SET v = 2 WHERE pk = 'p'"})").body == kConflict);
}

}  // namespace transaction_window_test
