// StartBulkPutItems, DescribeBulkOperation, ListBulkOperations and CancelBulkOperation through
// the service, from an S3 stand-in in a temporary directory: items written into an existing
// table (its index too), the counts, ERROR output records, statuses through the clock,
// cancellation, ClientToken. No reference emulator has bulk operations: AWS's API reference is
// the specification (api/bulk/bulk.h).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "api/json.h"
#include "s3local/store.h"
#include "tests/api/s3_dir.h"
#include "tests/api/service_harness.h"
#include "transfer/compression.h"

namespace bulk_test {

namespace {

using namespace minnow;

constexpr int64_t kStartMs = 1796018400000;

struct Harness : testing::S3Dir, testing::ServiceHarness {
  explicit Harness(bool delay = false)
      : testing::S3Dir({"bucket", "out"}),
        testing::ServiceHarness(engine::DatabaseOptions{delay}, testing::with_s3(*this)) {
    clock.set_ms(kStartMs);
    ok("CreateTable",
       R"({"TableName":"Dest","BillingMode":"PAY_PER_REQUEST",)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
       R"("GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
       R"("Projection":{"ProjectionType":"KEYS_ONLY"}}]})");
  }
  void object(const std::string& key, const std::string& bytes) {
    REQUIRE(s3local::Store(root).put("bucket", key, bytes) == s3local::Status::Ok);
  }
  std::string request(const std::string& prefix, const std::string& extra = "",
                      const std::string& format = R"("InputFormat":"DYNAMODB_JSON")") {
    return R"({"TableName":"Dest","InputS3Configuration":{"S3Bucket":"bucket","S3KeyPrefix":")" + prefix + R"(",)" +
           format + R"(},"OutputS3Configuration":{"S3Bucket":"out","S3KeyPrefix":"reports","OutputType":["ERROR"]})" +
           extra + "}";
  }
  std::string start(const std::string& body) {
    auto out = ok("StartBulkPutItems", body);
    CHECK(std::string(out["BulkOperationDescription"]["BulkOperationStatus"].GetString()) == "IN_PROGRESS");
    return out["BulkOperationDescription"]["BulkOperationArn"].GetString();
  }
  api::JsonDocument describe(const std::string& arn) {
    api::JsonDocument out = ok("DescribeBulkOperation", R"({"BulkOperationArn":")" + arn + R"("})");
    api::JsonDocument d;
    d.CopyFrom(out["BulkOperationDescription"], d.GetAllocator());
    return d;
  }
  uint64_t count(const std::string& index = "") {
    return ok("Scan", R"({"TableName":"Dest","Select":"COUNT")" +
                          (index.empty() ? "" : R"(,"IndexName":")" + index + "\"") + "}")["Count"]
        .GetUint64();
  }
};

}  // namespace

TEST_CASE("bulk: items into an existing table, counts, ERROR output", "[bulk]") {
  Harness h;
  h.ok("PutItem", R"({"TableName":"Dest","Item":{"pk":{"S":"existing"}}})");
  std::string text;
  for (int i = 0; i < 1000; ++i)
    text += R"({"Item":{"pk":{"S":"k)" + std::to_string(i) + R"("},"g":{"S":"g"},"n":{"N":")" + std::to_string(i) +
            "\"}}}\n";
  text += "broken line\n";
  text += R"({"Item":{"g":{"S":"no key"}}})"
          "\n";
  h.object("in/a.json.zst", transfer::zstd(text));
  const std::string arn =
      h.start(h.request("in/", "", R"("InputFormat":"DYNAMODB_JSON","InputCompressionType":"ZSTD")"));
  CHECK(arn.starts_with("arn:aws:dynamodb:us-east-1:000000000000:bulk-operation/0179601840"));
  auto d = h.describe(arn);
  CHECK(std::string(d["BulkOperationStatus"].GetString()) == "COMPLETED_WITH_ERRORS");
  CHECK(d["ProcessedItemCount"].GetUint64() == 1002);
  CHECK(d["FailedItemCount"].GetUint64() == 2);
  CHECK(d["TotalInputBytes"].GetUint64() == d["ProcessedInputBytes"].GetUint64());
  CHECK(d["BulkOperationUsage"][0]["BulkPutBytes"].GetUint64() > 0);
  CHECK(std::string(d["TableDetails"][0]["TableName"].GetString()) == "Dest");
  CHECK(std::string(d["PerformanceTier"].GetString()) == "STANDARD");
  CHECK(d.HasMember("EndTime"));
  CHECK(h.count() == 1001);
  CHECK(h.count("byG") == 1000);

  std::string errors;
  const std::string id = arn.substr(arn.rfind('/') + 1);
  REQUIRE(s3local::Store(h.root).get("out", "reports/AWSDynamoDB/BulkOperations/" + id + "/errors.json", errors) ==
          s3local::Status::Ok);
  CHECK(errors.find(R"("itemIndex":1001)") != std::string::npos);
  CHECK(errors.find(R"("itemIndex":1002)") != std::string::npos);
  CHECK(std::count(errors.begin(), errors.end(), '\n') == 2);
}

// An object of several megabytes is read in runs on worker threads (api/movement/item_source):
// the table and the error records must see its lines in order, numbered as in one pass.
TEST_CASE("bulk: a large object's lines keep their order and numbers", "[bulk]") {
  Harness h;
  const std::string padding(80, 'x');
  std::string text;
  for (int i = 1; i <= 30000; ++i) {
    if (i == 12000 || i == 29999)
      text += "broken line\n";
    else if (i == 20000)
      text += "\n";  // blank: counted as a line, not as an item
    else
      text += R"({"Item":{"pk":{"S":"k)" + std::to_string(i % 10000) + R"("},"n":{"N":")" + std::to_string(i) +
              R"("},"p":{"S":")" + padding + "\"}}}\n";
  }
  REQUIRE(text.size() > 3 * (std::size_t{1} << 20));
  h.object("in/big.json", text);
  auto d = h.describe(h.start(h.request("in/")));
  CHECK(d["ProcessedItemCount"].GetUint64() == 29999);
  CHECK(d["FailedItemCount"].GetUint64() == 2);
  CHECK(h.count() == 10000);
  // Each key was written three times, in line order: the last line's value stays.
  CHECK(std::string(h.ok("GetItem", R"({"TableName":"Dest","Key":{"pk":{"S":"k1"}}})")["Item"]["n"]["N"].GetString()) ==
        "20001");
  CHECK(std::string(h.ok("GetItem", R"({"TableName":"Dest","Key":{"pk":{"S":"k9999"}}})")["Item"]["n"]["N"].GetString()) ==
        "19999");  // line 29999 is broken
  std::string errors;
  const std::string id = std::string(d["BulkOperationArn"].GetString()).substr(
      std::string(d["BulkOperationArn"].GetString()).rfind('/') + 1);
  REQUIRE(s3local::Store(h.root).get("out", "reports/AWSDynamoDB/BulkOperations/" + id + "/errors.json", errors) ==
          s3local::Status::Ok);
  CHECK(errors.find(R"("itemIndex":12000)") < errors.find(R"("itemIndex":29999)"));
  CHECK(std::count(errors.begin(), errors.end(), '\n') == 2);
}

TEST_CASE("bulk: ION, COMPLETED, ClientToken, errors, ListBulkOperations", "[bulk]") {
  Harness h;
  h.object("ion/a.ion.gz", transfer::gzip("$ion_1_0 {Item:{pk:\"i1\"}}\n{Item:{pk:\"i2\",g:\"x\"}}\n"));
  const std::string body =
      h.request("ion/", R"(,"ClientToken":"tok","PerformanceTier":"ACCELERATED","MaxWriteRequestUnits":2048)",
                R"("InputFormat":"ION","InputCompressionType":"GZIP")");
  const std::string arn = h.start(body);
  auto d = h.describe(arn);
  CHECK(std::string(d["BulkOperationStatus"].GetString()) == "COMPLETED");
  CHECK(d["FailedItemCount"].GetUint64() == 0);
  CHECK(d["MaxWriteRequestUnits"].GetInt64() == 2048);
  CHECK(std::string(d["PerformanceTier"].GetString()) == "ACCELERATED");
  CHECK(h.count() == 2);
  auto again = h.ok("StartBulkPutItems", body);
  CHECK(again["BulkOperationDescription"]["BulkOperationArn"] == arn.c_str());
  CHECK(h.error("StartBulkPutItems", h.request("other/", R"(,"ClientToken":"tok")")) ==
        "IdempotentParameterMismatchException");
  CHECK(h.error("StartBulkPutItems", h.request("ion/", R"(,"MaxWriteRequestUnits":10)")) == "ValidationException");
  CHECK(h.error("StartBulkPutItems", R"({"TableName":"Nope","InputS3Configuration":{"S3Bucket":"bucket",)"
                                     R"("InputFormat":"ION"},"OutputS3Configuration":{"OutputType":["ERROR"]}})") ==
        "ResourceNotFoundException");
  CHECK(h.error("DescribeBulkOperation",
                R"({"BulkOperationArn":"arn:aws:dynamodb:us-east-1:000000000000:bulk-operation/x"})") ==
        "ResourceNotFoundException");
  CHECK(h.error("CancelBulkOperation", R"({"BulkOperationArn":")" + arn + R"("})") == "ValidationException");

  auto failed = h.describe(h.start(R"({"TableName":"Dest","InputS3Configuration":{"S3Bucket":"no-such-bucket",)"
                                   R"("InputFormat":"ION"},"OutputS3Configuration":{"OutputType":["ERROR"]}})"));
  CHECK(std::string(failed["BulkOperationStatus"].GetString()) == "FAILED");
  CHECK(std::string(failed["FailureCode"].GetString()) == "S3NoSuchBucket");

  h.clock.advance_ms(10);
  const std::string third = h.start(h.request("ion/"));
  auto listed = h.ok("ListBulkOperations", R"({"MaxResults":2})");
  REQUIRE(listed["BulkOperationsSummaryList"].Size() == 2);
  CHECK(listed["BulkOperationsSummaryList"][0]["BulkOperationArn"] == third.c_str());
  REQUIRE(listed.HasMember("NextToken"));
  auto rest = h.ok("ListBulkOperations", R"({"NextToken":")" + std::string(listed["NextToken"].GetString()) + R"("})");
  CHECK(rest["BulkOperationsSummaryList"].Size() == 1);
}

TEST_CASE("bulk: IN_PROGRESS under -delayTransientStatuses, and cancelled meanwhile", "[bulk]") {
  Harness h(true);
  h.object("in/a.json", R"({"Item":{"pk":{"S":"a"}}})");
  const std::string arn = h.start(h.request("in/"));
  CHECK(std::string(h.describe(arn)["BulkOperationStatus"].GetString()) == "IN_PROGRESS");
  auto cancel = h.ok("CancelBulkOperation", R"({"BulkOperationArn":")" + arn + R"("})");
  CHECK(std::string(cancel["BulkOperationStatus"].GetString()) == "CANCELLING");
  CHECK(std::string(h.describe(arn)["BulkOperationStatus"].GetString()) == "CANCELLING");
  CHECK(h.error("CancelBulkOperation", R"({"BulkOperationArn":")" + arn + R"("})") == "ValidationException");
  h.clock.advance_ms(engine::kTransientPhaseMs + 1000);
  auto d = h.describe(arn);
  CHECK(std::string(d["BulkOperationStatus"].GetString()) == "CANCELLED");
  CHECK(std::string(d["FailureCode"].GetString()) == "BulkOperationCancelled");
  CHECK(h.count() == 1);  // what was written stays
}

}  // namespace bulk_test
