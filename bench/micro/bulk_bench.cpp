// StartBulkPutItems into an empty table (issue 21's target: at least 200,000 items/s): the whole
// operation through api::Service::handle, from ~200-byte DYNAMODB_JSON items (fixtures.h) in
// gzip files of 100,000 items in an S3 stand-in in a temporary directory. Each iteration drops
// and recreates the table, outside the timing. items_per_second is the figure.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <random>
#include <string>

#include "api/service.h"
#include "fixtures.h"
#include "s3local/store.h"
#include "tests/api/service_harness.h"
#include "transfer/compression.h"

namespace {

using namespace minnow;
namespace fs = std::filesystem;

constexpr int kItemsPerFile = 100000;

struct BulkFixture {
  explicit BulkFixture(int files)
      : root(fs::temp_directory_path() / ("minnow-bulk-bench-" + std::to_string(std::random_device{}()))) {
    fs::create_directories(root / "bucket");
    s3local::Store store(root);
    for (int f = 0; f < files; ++f) {
      std::string text;
      for (int i = 0; i < kItemsPerFile; ++i)
        text += "{\"Item\":" + bench::put_item_json(f * kItemsPerFile + i) + "}\n";
      store.put("bucket", "in/part-" + std::to_string(f) + ".json.gz", transfer::gzip(text));
    }
  }
  ~BulkFixture() { fs::remove_all(root); }
  fs::path root;
};

api::ServiceOptions with_store(const fs::path& root) {
  api::ServiceOptions options;
  options.s3 = std::make_shared<s3local::Store>(root);
  return options;
}

void BM_StartBulkPutItems(benchmark::State& state) {
  const int files = static_cast<int>(state.range(0));
  BulkFixture fixture(files);
  testing::ServiceHarness harness(with_store(fixture.root));
  const std::string create = R"({"TableName":"bulk","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
                             R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                             R"("BillingMode":"PAY_PER_REQUEST"})";
  const std::string start =
      R"({"TableName":"bulk","InputS3Configuration":{"S3Bucket":"bucket","S3KeyPrefix":"in/",)"
      R"("InputFormat":"DYNAMODB_JSON","InputCompressionType":"GZIP"},"OutputS3Configuration":{"OutputType":["ERROR"]}})";
  for (auto _ : state) {
    state.PauseTiming();
    harness.call("DeleteTable", R"({"TableName":"bulk"})");
    if (harness.call("CreateTable", create).status != 200) state.SkipWithError("CreateTable failed");
    state.ResumeTiming();
    api::Reply reply = harness.call("StartBulkPutItems", start);
    if (reply.status != 200) state.SkipWithError(reply.body.c_str());
  }
  state.SetItemsProcessed(state.iterations() * files * kItemsPerFile);
}
BENCHMARK(BM_StartBulkPutItems)->Arg(10)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
