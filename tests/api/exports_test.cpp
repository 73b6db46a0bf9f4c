// ExportTableToPointInTime, DescribeExport and ListExports through the service, into an S3
// stand-in in a temporary directory: DynamoDB's documented layout (AWSDynamoDB/<id>/_started,
// data/*.json.gz, manifest-files.json, manifest-summary.json and their .md5), the items as they
// were at ExportTime, incremental exports, FilterSpecification, statuses through the clock, the
// failures the S3 stand-in reports, ClientToken. No reference emulator has exports: AWS's API
// reference and DynamoDB's export format documentation are the specification (api/exports/exports.h).
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "api/json.h"
#include "api/request_log.h"
#include "s3local/store.h"
#include "tests/api/s3_dir.h"
#include "tests/api/service_harness.h"
#include "transfer/checksum.h"
#include "transfer/compression.h"

namespace exports_test {

namespace {

using namespace minnow;
namespace fs = std::filesystem;

constexpr int64_t kStartMs = 1796018400000;  // 2026-11-30T06:00:00.000Z
constexpr int64_t kMinuteMs = 60 * 1000;
const std::string kTableArn = "arn:aws:dynamodb:us-east-1:000000000000:table/Src";

struct Harness : testing::S3Dir, testing::ServiceHarness {
  explicit Harness(bool delay = false)
      : testing::ServiceHarness(engine::DatabaseOptions{delay}, testing::with_s3(*this)) {
    clock.set_ms(kStartMs);
    ok("CreateTable",
       R"({"TableName":"Src","BillingMode":"PAY_PER_REQUEST",)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
       R"({"AttributeName":"sk","AttributeType":"N"}],)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]})");
  }
  void enable_recovery() {
    ok("UpdateContinuousBackups",
       R"({"TableName":"Src","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  }
  void put(const std::string& pk, int sk, const std::string& v) {
    ok("PutItem", R"({"TableName":"Src","Item":{"pk":{"S":")" + pk + R"("},"sk":{"N":")" + std::to_string(sk) +
                      R"("},"v":{"S":")" + v + R"("}}})");
  }
  // The export's description, answered by DescribeExport.
  api::JsonDocument describe(const std::string& arn) {
    api::JsonDocument out = ok("DescribeExport", R"({"ExportArn":")" + arn + R"("})");
    api::JsonDocument description;
    description.CopyFrom(out["ExportDescription"], description.GetAllocator());
    return description;
  }
  std::string start(const std::string& extra = "") {
    auto out =
        ok("ExportTableToPointInTime", R"({"TableArn":")" + kTableArn + R"(","S3Bucket":"bucket")" + extra + "}");
    CHECK(std::string(out["ExportDescription"]["ExportStatus"].GetString()) == "IN_PROGRESS");
    return out["ExportDescription"]["ExportArn"].GetString();
  }
  std::string file(const std::string& key) {
    std::string bytes;
    REQUIRE(s3local::Store(root).get("bucket", key, bytes) == s3local::Status::Ok);
    return bytes;
  }
  // Every data line of the export whose manifest-summary.json is at `manifest`, in file order.
  std::vector<std::string> lines(const std::string& manifest) {
    api::JsonDocument summary;
    const std::string text = file(manifest);
    summary.Parse(text.c_str());
    std::istringstream files(file(summary["manifestFilesS3Key"].GetString()));
    std::vector<std::string> lines;
    for (std::string entry; std::getline(files, entry);) {
      api::JsonDocument f;
      f.Parse(entry.c_str());
      const std::string gz = file(f["dataFileS3Key"].GetString());
      CHECK(transfer::md5_base64(gz) == f["md5Checksum"].GetString());
      CHECK(transfer::md5_hex(gz) == f["etag"].GetString());
      std::string data;
      REQUIRE(transfer::decompress(transfer::Compression::Gzip, gz, data, 1 << 30) == transfer::DecompressStatus::Ok);
      std::istringstream in(data);
      uint64_t count = 0;
      for (std::string line; std::getline(in, line); ++count) lines.push_back(line);
      CHECK(count == f["itemCount"].GetUint64());
    }
    return lines;
  }
};

std::string id_of(const std::string& arn) { return arn.substr(arn.rfind('/') + 1); }

}  // namespace

TEST_CASE("exports: DynamoDB's layout, the items at ExportTime, COMPLETED at once", "[exports]") {
  Harness h;
  h.enable_recovery();
  h.put("a", 1, "old");
  h.put("b", 2, "x");
  h.clock.advance_ms(1000);
  const int64_t export_ms = h.clock.now_ms();
  h.clock.advance_ms(1000);
  h.put("a", 1, "new");   // after ExportTime: not exported
  h.put("c", 3, "late");  // nor this
  const std::string arn = h.start(R"(,"S3Prefix":"exports/daily","ExportTime":)" + std::to_string(export_ms / 1000) +
                                  "." + std::to_string(1000 + export_ms % 1000).substr(1));
  CHECK(arn.starts_with(kTableArn + "/export/0179601840"));
  const std::string directory = "exports/daily/AWSDynamoDB/" + id_of(arn) + "/";

  auto d = h.describe(arn);
  CHECK(std::string(d["ExportStatus"].GetString()) == "COMPLETED");
  CHECK(std::string(d["ExportManifest"].GetString()) == directory + "manifest-summary.json");
  CHECK(d["ItemCount"].GetUint64() == 2);
  CHECK(std::string(d["ExportFormat"].GetString()) == "DYNAMODB_JSON");
  CHECK(std::string(d["ExportType"].GetString()) == "FULL_EXPORT");
  CHECK(std::string(d["S3Prefix"].GetString()) == "exports/daily");
  CHECK(d.HasMember("EndTime"));

  CHECK(h.file(directory + "_started").empty());
  CHECK(h.file(directory + "manifest-summary.md5") ==
        transfer::md5_base64(h.file(directory + "manifest-summary.json")));
  CHECK(h.file(directory + "manifest-files.md5") == transfer::md5_base64(h.file(directory + "manifest-files.json")));
  api::JsonDocument summary;
  const std::string summary_text = h.file(directory + "manifest-summary.json");
  summary.Parse(summary_text.c_str());
  CHECK(std::string(summary["version"].GetString()) == "2020-06-30");
  CHECK(std::string(summary["exportArn"].GetString()) == arn);
  CHECK(std::string(summary["exportTime"].GetString()) == api::iso8601_ms(export_ms));
  CHECK(std::string(summary["outputFormat"].GetString()) == "DYNAMODB_JSON");
  CHECK(std::string(summary["manifestFilesS3Key"].GetString()) == directory + "manifest-files.json");
  CHECK(summary["itemCount"].GetUint64() == 2);
  CHECK(summary["s3SseKmsKeyId"].IsNull());

  auto lines = h.lines(directory + "manifest-summary.json");
  std::sort(lines.begin(), lines.end());
  CHECK(lines == std::vector<std::string>{R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"old"}}})",
                                          R"({"Item":{"pk":{"S":"b"},"sk":{"N":"2"},"v":{"S":"x"}}})"});
}

TEST_CASE("exports: ION, as DynamoDB's Ion export writes items", "[exports]") {
  Harness h;
  h.enable_recovery();
  h.ok("PutItem",
       R"({"TableName":"Src","Item":{"pk":{"S":"a"},"sk":{"N":"1.20E+1"},"n":{"N":"-1.5"},)"
       R"("b":{"B":"AAE="},"ss":{"SS":["x","y"]},"ns":{"NS":["7"]},"l":{"L":[{"NULL":true},{"BOOL":false}]},)"
       R"("m":{"M":{"odd name":{"S":"q\"\n"}}}}})");
  const std::string arn = h.start(R"(,"ExportFormat":"ION")");
  auto lines = h.lines(h.describe(arn)["ExportManifest"].GetString());
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == R"($ion_1_0 {Item:{b:{{AAE=}},l:[null,false],m:{'odd name':"q\"\n"},n:-1.5,ns:$dynamodb_NS::[7.],)"
                    R"(pk:"a",sk:12.,ss:$dynamodb_SS::["x","y"]}})");
}

TEST_CASE("exports: FilterSpecification keeps and projects the items it names", "[exports]") {
  Harness h;
  h.enable_recovery();
  h.put("a", 1, "keep");
  h.put("a", 2, "drop");
  h.put("a", 3, "keep");
  h.put("b", 1, "keep");
  const std::string arn =
      h.start(R"(,"FilterSpecification":{"KeyConditionExpression":"pk = :p AND sk >= :s","FilterExpression":"#v = :k",)"
              R"("ProjectionExpression":"pk, sk","ExpressionAttributeNames":{"#v":"v"},)"
              R"("ExpressionAttributeValues":{":p":{"S":"a"},":s":{"N":"1"},":k":{"S":"keep"}}})");
  auto d = h.describe(arn);
  CHECK(d["ItemCount"].GetUint64() == 2);
  CHECK(d["FilterSpecification"]["ExpressionAttributeValues"][":p"]["S"] == "a");
  auto lines = h.lines(d["ExportManifest"].GetString());
  std::sort(lines.begin(), lines.end());
  CHECK(lines == std::vector<std::string>{R"({"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
                                          R"({"Item":{"pk":{"S":"a"},"sk":{"N":"3"}}})"});
  // The filter may name no key attribute once a key condition is given; the key condition needs
  // the partition key.
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":")" + kTableArn +
                    R"(","S3Bucket":"bucket","FilterSpecification":{"KeyConditionExpression":"pk = :p",)"
                    R"("FilterExpression":"sk > :p","ExpressionAttributeValues":{":p":{"S":"a"}}}})") ==
        "ValidationException");
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":")" + kTableArn +
                    R"(","S3Bucket":"bucket","FilterSpecification":{"KeyConditionExpression":"sk = :s",)"
                    R"("ExpressionAttributeValues":{":s":{"N":"1"}}}})") == "ValidationException");
}

TEST_CASE("exports: INCREMENTAL_EXPORT writes the changes of its window", "[exports]") {
  Harness h;
  h.enable_recovery();
  h.put("kept", 1, "same");
  h.put("changed", 1, "before");
  h.put("deleted", 1, "x");
  h.clock.advance_ms(1000);
  const int64_t from_ms = h.clock.now_ms();
  h.put("changed", 1, "after");
  h.put("added", 1, "new");
  h.ok("DeleteItem", R"({"TableName":"Src","Key":{"pk":{"S":"deleted"},"sk":{"N":"1"}}})");
  h.clock.advance_ms(20 * kMinuteMs);
  const int64_t to_ms = h.clock.now_ms();
  h.put("added", 1, "too late");
  const auto seconds = [](int64_t ms) { return std::to_string(ms / 1000); };
  const std::string arn = h.start(R"(,"ExportType":"INCREMENTAL_EXPORT","IncrementalExportSpecification":)"
                                  R"({"ExportFromTime":)" +
                                  seconds(from_ms) + R"(,"ExportToTime":)" + seconds(to_ms) + "}");
  auto d = h.describe(arn);
  CHECK(std::string(d["ExportType"].GetString()) == "INCREMENTAL_EXPORT");
  CHECK(std::string(d["IncrementalExportSpecification"]["ExportViewType"].GetString()) == "NEW_AND_OLD_IMAGES");
  CHECK(!d.HasMember("ExportTime"));
  auto lines = h.lines(d["ExportManifest"].GetString());
  REQUIRE(lines.size() == 3);
  // Each change's time (the clock ticks: read it back, then compare the rest).
  const std::string head = R"({"Metadata":{"WriteTimestampMicros":{"N":")";
  for (auto& line : lines) {
    REQUIRE(line.starts_with(head));
    const std::size_t end = line.find('"', head.size());
    const int64_t micros = std::stoll(line.substr(head.size(), end - head.size()));
    CHECK(micros >= from_ms * 1000);
    CHECK(micros < to_ms * 1000);
    line = head + "T" + line.substr(end);
  }
  const std::string micros = "T";
  std::sort(lines.begin(), lines.end());
  CHECK(
      lines[0] ==
      R"({"Metadata":{"WriteTimestampMicros":{"N":")" + micros +
          R"("}},"Keys":{"pk":{"S":"added"},"sk":{"N":"1"}},"NewImage":{"pk":{"S":"added"},"sk":{"N":"1"},"v":{"S":"new"}}})");
  CHECK(
      lines[1] ==
      R"({"Metadata":{"WriteTimestampMicros":{"N":")" + micros +
          R"("}},"Keys":{"pk":{"S":"changed"},"sk":{"N":"1"}},"NewImage":{"pk":{"S":"changed"},"sk":{"N":"1"},"v":{"S":"after"}},)"
          R"("OldImage":{"pk":{"S":"changed"},"sk":{"N":"1"},"v":{"S":"before"}}})");
  CHECK(
      lines[2] ==
      R"({"Metadata":{"WriteTimestampMicros":{"N":")" + micros +
          R"("}},"Keys":{"pk":{"S":"deleted"},"sk":{"N":"1"}},"OldImage":{"pk":{"S":"deleted"},"sk":{"N":"1"},"v":{"S":"x"}}})");

  // The window: 15 minutes to 24 hours, inside the recovery window; ExportTime is not for it.
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":")" + kTableArn +
                    R"(","S3Bucket":"bucket","ExportType":"INCREMENTAL_EXPORT","IncrementalExportSpecification":)"
                    R"({"ExportFromTime":)" +
                    seconds(to_ms - kMinuteMs) + R"(,"ExportToTime":)" + seconds(to_ms) + "}}") ==
        "ValidationException");
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":")" + kTableArn + R"(","S3Bucket":"bucket","ExportType":"INCREMENTAL_EXPORT"})") ==
        "ValidationException");
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":")" + kTableArn +
                    R"(","S3Bucket":"bucket","IncrementalExportSpecification":{"ExportFromTime":1}})") ==
        "ValidationException");
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":")" + kTableArn +
                    R"(","S3Bucket":"bucket","ExportType":"INCREMENTAL_EXPORT","IncrementalExportSpecification":)"
                    R"({"ExportFromTime":1000}})") == "InvalidExportTimeException");
}

TEST_CASE("exports: IN_PROGRESS for a while under -delayTransientStatuses", "[exports]") {
  Harness h(true);
  h.enable_recovery();
  h.put("a", 1, "x");
  const std::string arn = h.start();
  h.clock.advance_ms(engine::kTransientPhaseMs - 1000);
  auto d = h.describe(arn);
  CHECK(std::string(d["ExportStatus"].GetString()) == "IN_PROGRESS");
  CHECK_FALSE(d.HasMember("ItemCount"));
  CHECK_FALSE(d.HasMember("EndTime"));
  h.clock.advance_ms(2000);
  d = h.describe(arn);
  CHECK(std::string(d["ExportStatus"].GetString()) == "COMPLETED");
  CHECK(d["ItemCount"].GetUint64() == 1);
}

TEST_CASE("exports: errors, failures the S3 stand-in reports, ClientToken", "[exports]") {
  Harness h;
  const std::string base = R"({"TableArn":")" + kTableArn + R"(","S3Bucket":"bucket")";
  CHECK(h.error("ExportTableToPointInTime", base + "}") == "PointInTimeRecoveryUnavailableException");
  CHECK(h.error("ExportTableToPointInTime",
                R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Nope","S3Bucket":"bucket"})") ==
        "TableNotFoundException");
  CHECK(h.error("ExportTableToPointInTime", R"({"TableArn":"Src","S3Bucket":"bucket"})") == "ValidationException");
  CHECK(h.error("ExportTableToPointInTime", R"({"TableArn":")" + kTableArn + R"("})") == "ValidationException");
  h.enable_recovery();
  CHECK(h.error("ExportTableToPointInTime", base + R"(,"ExportTime":1000})") == "InvalidExportTimeException");
  CHECK(h.error("ExportTableToPointInTime", base + R"(,"ExportTime":4000000000})") == "InvalidExportTimeException");
  CHECK(h.error("DescribeExport", R"({"ExportArn":")" + kTableArn + R"(/export/01796018400000-00000000"})") ==
        "ExportNotFoundException");

  auto missing = h.ok("ExportTableToPointInTime", R"({"TableArn":")" + kTableArn + R"(","S3Bucket":"no-such-bucket"})");
  auto d = h.describe(missing["ExportDescription"]["ExportArn"].GetString());
  CHECK(std::string(d["ExportStatus"].GetString()) == "FAILED");
  CHECK(std::string(d["FailureCode"].GetString()) == "S3NoSuchBucket");
  CHECK(std::string(d["FailureMessage"].GetString()) == "The specified bucket does not exist");
  auto escaping = h.ok("ExportTableToPointInTime", base + R"(,"S3Prefix":"../../outside"})");
  d = h.describe(escaping["ExportDescription"]["ExportArn"].GetString());
  CHECK(std::string(d["FailureCode"].GetString()) == "S3AccessDenied");
  CHECK_FALSE(fs::exists(h.root.parent_path() / "outside"));

  const std::string first = h.start(R"(,"ClientToken":"token-1")");
  auto again = h.ok("ExportTableToPointInTime", base + R"(,"ClientToken":"token-1"})");
  CHECK(again["ExportDescription"]["ExportArn"] == first.c_str());
  CHECK(std::string(again["ExportDescription"]["ExportStatus"].GetString()) == "COMPLETED");
  CHECK(h.error("ExportTableToPointInTime", base + R"(,"ClientToken":"token-1","S3Prefix":"other"})") ==
        "ExportConflictException");
  h.clock.advance_ms(engine::kTransferTokenWindowMs + 1000);
  CHECK(h.start(R"(,"ClientToken":"token-1")") != first);
}

TEST_CASE("exports: ListExports newest ARN first, by table, in pages", "[exports]") {
  Harness h;
  h.enable_recovery();
  std::vector<std::string> arns;
  for (int i = 0; i < 5; ++i) {
    arns.push_back(h.start());
    h.clock.advance_ms(10);
  }
  std::sort(arns.rbegin(), arns.rend());
  std::vector<std::string> listed;
  std::string token;
  for (int page = 0; page < 10; ++page) {
    auto out = h.ok("ListExports", R"({"MaxResults":2,"TableArn":")" + kTableArn + "\"" +
                                       (token.empty() ? "" : R"(,"NextToken":")" + token + "\"") + "}");
    for (const auto& s : out["ExportSummaries"].GetArray()) {
      listed.push_back(s["ExportArn"].GetString());
      CHECK(std::string(s["ExportStatus"].GetString()) == "COMPLETED");
      CHECK(std::string(s["ExportType"].GetString()) == "FULL_EXPORT");
    }
    if (!out.HasMember("NextToken")) break;
    token = out["NextToken"].GetString();
  }
  CHECK(listed == arns);
  auto other = h.ok("ListExports", R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Other"})");
  CHECK(other["ExportSummaries"].Empty());
}

}  // namespace exports_test
