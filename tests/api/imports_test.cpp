// ImportTable, DescribeImport and ListImports through the service, from an S3 stand-in in a
// temporary directory: DYNAMODB_JSON, ION and CSV, NONE, GZIP and ZSTD, indexes built as the
// items arrive, the counts and error records, failures, ClientToken; and the round trip: a
// table exported, imported from the export's data files and exported again gives the same lines
// byte for byte. No reference emulator has imports: AWS's API reference is the specification
// (api/imports/imports.h).
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "api/json.h"
#include "s3local/store.h"
#include "tests/api/s3_dir.h"
#include "tests/api/service_harness.h"
#include "transfer/compression.h"

namespace imports_test {

namespace {

using namespace minnow;

constexpr int64_t kStartMs = 1796018400000;  // 2026-11-30T06:00:00.000Z

// TableCreationParameters of a table keyed pk (S) and sk (N), with a GSI on g (S).
std::string table_parameters(const std::string& name) {
  return R"({"TableName":")" + name +
         R"(","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
         R"({"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"S"}],)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],)"
         R"("GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
         R"("Projection":{"ProjectionType":"ALL"}}]})";
}

struct Harness : testing::S3Dir, testing::ServiceHarness {
  explicit Harness(bool delay = false)
      : testing::ServiceHarness(engine::DatabaseOptions{delay}, testing::with_s3(*this)) {
    clock.set_ms(kStartMs);
  }
  void object(const std::string& key, const std::string& bytes) {
    REQUIRE(s3local::Store(root).put("bucket", key, bytes) == s3local::Status::Ok);
  }
  // ImportTable of `table` from s3://bucket/prefix; the ImportArn.
  std::string request(const std::string& table, const std::string& prefix, const std::string& format,
                      const std::string& extra = "") {
    return R"({"S3BucketSource":{"S3Bucket":"bucket","S3KeyPrefix":")" + prefix + R"("},"InputFormat":")" + format +
           "\"" + extra + R"(,"TableCreationParameters":)" + table_parameters(table) + "}";
  }
  std::string import(const std::string& table, const std::string& prefix, const std::string& format,
                     const std::string& extra = "") {
    auto out = ok("ImportTable", request(table, prefix, format, extra));
    CHECK(std::string(out["ImportTableDescription"]["ImportStatus"].GetString()) == "IN_PROGRESS");
    return out["ImportTableDescription"]["ImportArn"].GetString();
  }
  api::JsonDocument describe(const std::string& arn) {
    api::JsonDocument out = ok("DescribeImport", R"({"ImportArn":")" + arn + R"("})");
    api::JsonDocument d;
    d.CopyFrom(out["ImportTableDescription"], d.GetAllocator());
    return d;
  }
  // Every item of the table, as JSON text, sorted.
  std::vector<std::string> items(const std::string& table, const std::string& index = "") {
    auto out = ok("Scan",
                  R"({"TableName":")" + table + "\"" + (index.empty() ? "" : R"(,"IndexName":")" + index + "\"") + "}");
    std::vector<std::string> items;
    for (const auto& item : out["Items"].GetArray()) {
      rapidjson::StringBuffer buffer;
      api::JsonWriter w(buffer);
      item.Accept(w);
      items.push_back(buffer.GetString());
    }
    std::sort(items.begin(), items.end());
    return items;
  }
  // The sorted data lines of the export whose manifest-summary.json is at `manifest`.
  std::vector<std::string> export_lines(const std::string& manifest) {
    s3local::Store store(root);
    std::string text;
    REQUIRE(store.get("bucket", manifest, text) == s3local::Status::Ok);
    api::JsonDocument summary;
    summary.Parse(text.c_str());
    std::string files;
    REQUIRE(store.get("bucket", summary["manifestFilesS3Key"].GetString(), files) == s3local::Status::Ok);
    std::vector<std::string> lines;
    std::istringstream entries(files);
    for (std::string entry; std::getline(entries, entry);) {
      api::JsonDocument f;
      f.Parse(entry.c_str());
      std::string gz, data;
      REQUIRE(store.get("bucket", f["dataFileS3Key"].GetString(), gz) == s3local::Status::Ok);
      REQUIRE(transfer::decompress(transfer::Compression::Gzip, gz, data, 1 << 30) == transfer::DecompressStatus::Ok);
      std::istringstream in(data);
      for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    std::sort(lines.begin(), lines.end());
    return lines;
  }
};

}  // namespace

TEST_CASE("imports: DYNAMODB_JSON in GZIP, with an index, counts and error records", "[imports]") {
  Harness h;
  h.object("in/part-1.json.gz", transfer::gzip(R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"g":{"S":"x"}}})"
                                               "\n"
                                               R"({"Item":{"pk":{"S":"b"},"sk":{"N":"2.50"}}})"
                                               "\n\n"
                                               "not json\n"
                                               R"({"Item":{"sk":{"N":"3"}}})"
                                               "\n"));
  h.object("in/part-2.json.gz", transfer::gzip(R"({"Item":{"pk":{"S":"c"},"sk":{"N":"4"},"g":{"N":"5"}}})"
                                               "\n"
                                               R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"g":{"S":"y"}}})"
                                               "\n"));
  h.object("elsewhere/ignored.json.gz", transfer::gzip(R"({"Item":{"pk":{"S":"z"},"sk":{"N":"9"}}})"));
  const std::string arn = h.import("Imported", "in/", "DYNAMODB_JSON", R"(,"InputCompressionType":"GZIP")");
  CHECK(arn.starts_with("arn:aws:dynamodb:us-east-1:000000000000:table/Imported/import/0179601840"));
  auto d = h.describe(arn);
  CHECK(std::string(d["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(d["ProcessedItemCount"].GetUint64() == 6);
  CHECK(d["ImportedItemCount"].GetUint64() == 3);  // a (twice: the later wins), b
  CHECK(d["ErrorCount"].GetUint64() == 3);         // not json, no pk, g of the wrong type
  CHECK(d["ProcessedSizeBytes"].GetUint64() > 0);
  CHECK(std::string(d["InputCompressionType"].GetString()) == "GZIP");
  CHECK(std::string(d["TableCreationParameters"]["TableName"].GetString()) == "Imported");
  CHECK(std::string(d["CloudWatchLogGroupArn"].GetString()) ==
        "arn:aws:logs:us-east-1:000000000000:log-group:/aws-dynamodb/imports:*");
  CHECK(h.items("Imported") == std::vector<std::string>{R"({"g":{"S":"y"},"pk":{"S":"a"},"sk":{"N":"1"}})",
                                                        R"({"pk":{"S":"b"},"sk":{"N":"2.5"}})"});
  CHECK(h.items("Imported", "byG") == std::vector<std::string>{R"({"g":{"S":"y"},"pk":{"S":"a"},"sk":{"N":"1"}})"});
  auto table = h.ok("DescribeTable", R"({"TableName":"Imported"})");
  CHECK(table["Table"]["GlobalSecondaryIndexes"][0]["IndexName"] == "byG");
}

TEST_CASE("imports: CSV with a header line or HeaderList, key columns typed", "[imports]") {
  Harness h;
  h.object("csv/a.csv", "pk,sk,note,g\na,1,\"x, \"\"quoted\"\"\",gx\nb,2,,\nc,not-a-number,z,\n");
  auto arn = h.import("FromCsv", "csv/", "CSV");
  auto d = h.describe(arn);
  CHECK(d["ProcessedItemCount"].GetUint64() == 3);
  CHECK(d["ImportedItemCount"].GetUint64() == 2);
  CHECK(d["ErrorCount"].GetUint64() == 1);
  CHECK(h.items("FromCsv") ==
        std::vector<std::string>{R"({"g":{"S":"gx"},"note":{"S":"x, \"quoted\""},"pk":{"S":"a"},"sk":{"N":"1"}})",
                                 R"({"pk":{"S":"b"},"sk":{"N":"2"}})"});

  h.object("tsv/a.tsv.zst", transfer::zstd("d\t4\te\n"));
  arn = h.import(
      "FromTsv", "tsv/", "CSV",
      R"(,"InputCompressionType":"ZSTD","InputFormatOptions":{"Csv":{"Delimiter":"\t","HeaderList":["pk","sk","v"]}})");
  CHECK(h.describe(arn)["ImportedItemCount"].GetUint64() == 1);
  CHECK(h.items("FromTsv") == std::vector<std::string>{R"({"pk":{"S":"d"},"sk":{"N":"4"},"v":{"S":"e"}})"});

  CHECK(h.error("ImportTable", h.request("Other", "csv/", "DYNAMODB_JSON", R"(,"InputFormatOptions":{"Csv":{}})")) ==
        "ValidationException");
  CHECK(
      h.error("ImportTable", h.request("Other", "csv/", "CSV", R"(,"InputFormatOptions":{"Csv":{"Delimiter":"x"}})")) ==
      "ValidationException");
}

TEST_CASE("imports: ION, and a file in the wrong compression is one error", "[imports]") {
  Harness h;
  h.object("ion/data.ion",
           "$ion_1_0 {Item:{pk:\"a\",sk:1.,ss:$dynamodb_SS::[\"x\"]}}\n{Item:{pk:\"b\",sk:2e0}}\n{Nope:1}\n");
  auto d = h.describe(h.import("FromIon", "ion/", "ION"));
  CHECK(d["ProcessedItemCount"].GetUint64() == 3);
  CHECK(d["ImportedItemCount"].GetUint64() == 1);
  CHECK(d["ErrorCount"].GetUint64() == 2);  // a float, a struct without Item
  CHECK(h.items("FromIon") == std::vector<std::string>{R"({"pk":{"S":"a"},"sk":{"N":"1"},"ss":{"SS":["x"]}})"});

  h.object("plain/a.json", R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})");
  d = h.describe(h.import("WrongCompression", "plain/", "DYNAMODB_JSON", R"(,"InputCompressionType":"GZIP")"));
  CHECK(std::string(d["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(d["ProcessedItemCount"].GetUint64() == 1);
  CHECK(d["ErrorCount"].GetUint64() == 1);
  CHECK(d["ImportedItemCount"].GetUint64() == 0);
}

TEST_CASE("imports: the round trip export -> import -> export gives the same lines", "[imports]") {
  Harness h;
  h.ok("CreateTable", table_parameters("Source"));
  h.ok("UpdateContinuousBackups",
       R"({"TableName":"Source","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  for (int i = 0; i < 50; ++i) {
    h.ok("PutItem", R"({"TableName":"Source","Item":{"pk":{"S":"p)" + std::to_string(i % 7) + R"("},"sk":{"N":")" +
                        std::to_string(i) + R"(.250"},"g":{"S":"g)" + std::to_string(i % 3) +
                        R"("},"b":{"B":"AAEC"},"ns":{"NS":["1","-2.5E+3"]},"m":{"M":{"l":{"L":[{"NULL":true},)"
                        R"({"BOOL":true},{"S":"\u00e9\"\n"}]}}}}})");
  }
  for (const char* format : {"DYNAMODB_JSON", "ION"}) {
    INFO(format);
    const std::string target = std::string("Copy") + format;
    auto first = h.ok("ExportTableToPointInTime",
                      R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Source","S3Bucket":"bucket",)"
                      R"("ExportFormat":")" +
                          std::string(format) + R"("})");
    const std::string arn = first["ExportDescription"]["ExportArn"].GetString();
    const std::string id = arn.substr(arn.rfind('/') + 1);
    auto import =
        h.describe(h.import(target, "AWSDynamoDB/" + id + "/data/", format, R"(,"InputCompressionType":"GZIP")"));
    CHECK(import["ImportedItemCount"].GetUint64() == 50);
    CHECK(import["ErrorCount"].GetUint64() == 0);
    CHECK(h.items(target) == h.items("Source"));
    CHECK(h.items(target, "byG") == h.items("Source", "byG"));
    h.ok("UpdateContinuousBackups",
         R"({"TableName":")" + target + R"(","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
    auto second = h.ok("ExportTableToPointInTime", R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/)" +
                                                       target + R"(","S3Bucket":"bucket","ExportFormat":")" +
                                                       std::string(format) + R"("})");
    const auto manifest = [&](const std::string& export_arn) -> std::string {
      return h.ok("DescribeExport", R"({"ExportArn":")" + export_arn + R"("})")["ExportDescription"]["ExportManifest"]
          .GetString();
    };
    CHECK(h.export_lines(manifest(second["ExportDescription"]["ExportArn"].GetString())) ==
          h.export_lines(manifest(arn)));
  }
}

TEST_CASE("imports: failures, errors, ClientToken, ListImports", "[imports]") {
  Harness h;
  h.object("in/a.json", R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})");
  auto failed = h.ok("ImportTable", R"({"S3BucketSource":{"S3Bucket":"no-such-bucket"},"InputFormat":"DYNAMODB_JSON",)"
                                    R"("TableCreationParameters":)" +
                                        table_parameters("Failed") + "}");
  auto d = h.describe(failed["ImportTableDescription"]["ImportArn"].GetString());
  CHECK(std::string(d["ImportStatus"].GetString()) == "FAILED");
  CHECK(std::string(d["FailureCode"].GetString()) == "S3NoSuchBucket");
  CHECK(h.error("DescribeTable", R"({"TableName":"Failed"})") == "ResourceNotFoundException");
  auto escaping = h.ok("ImportTable", h.request("Escaping", "../", "DYNAMODB_JSON"));
  d = h.describe(escaping["ImportTableDescription"]["ImportArn"].GetString());
  CHECK(std::string(d["FailureCode"].GetString()) == "S3AccessDenied");

  const std::string first = h.import("Once", "in/", "DYNAMODB_JSON", R"(,"ClientToken":"t1")");
  auto again = h.ok("ImportTable", h.request("Once", "in/", "DYNAMODB_JSON", R"(,"ClientToken":"t1")"));
  CHECK(again["ImportTableDescription"]["ImportArn"] == first.c_str());
  CHECK(h.error("ImportTable", h.request("Once", "other/", "DYNAMODB_JSON", R"(,"ClientToken":"t1")")) ==
        "ImportConflictException");
  CHECK(h.error("ImportTable", h.request("Once", "in/", "DYNAMODB_JSON")) == "ResourceInUseException");
  CHECK(h.error("ImportTable", R"({"S3BucketSource":{"S3Bucket":"bucket"},"InputFormat":"DYNAMODB_JSON",)"
                               R"("TableCreationParameters":{"TableName":"NoKeys"}})") == "ValidationException");
  CHECK(
      h.error("DescribeImport",
              R"({"ImportArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Once/import/01796018400000-00000000"})") ==
      "ImportNotFoundException");

  auto listed = h.ok("ListImports", R"({"PageSize":2})");
  REQUIRE(listed["ImportSummaryList"].Size() == 2);
  CHECK(listed.HasMember("NextToken"));
  auto rest =
      h.ok("ListImports", R"({"PageSize":2,"NextToken":")" + std::string(listed["NextToken"].GetString()) + R"("})");
  CHECK(rest["ImportSummaryList"].Size() == 1);
  CHECK_FALSE(rest.HasMember("NextToken"));
  auto once = h.ok("ListImports", R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Once"})");
  REQUIRE(once["ImportSummaryList"].Size() == 1);
  CHECK(std::string(once["ImportSummaryList"][0]["ImportStatus"].GetString()) == "COMPLETED");
}

TEST_CASE("imports: IN_PROGRESS for a while under -delayTransientStatuses", "[imports]") {
  Harness h(true);
  h.object("in/a.json", R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})");
  const std::string arn = h.import("Slow", "in/", "DYNAMODB_JSON");
  h.clock.advance_ms(engine::kTransientPhaseMs - 1000);
  auto d = h.describe(arn);
  CHECK(std::string(d["ImportStatus"].GetString()) == "IN_PROGRESS");
  CHECK_FALSE(d.HasMember("ImportedItemCount"));
  h.clock.advance_ms(2000);
  d = h.describe(arn);
  CHECK(std::string(d["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(d["ImportedItemCount"].GetUint64() == 1);
}

}  // namespace imports_test
