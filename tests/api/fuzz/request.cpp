// libFuzzer target: the whole request path, from a raw body to the answer, for every operation
// (api/operations.h) and every /_minnow call. The input's first line names the operation
// ("PutItem", "Streams.GetRecords", "/_minnow/clock"; another name picks one by its hash), the
// rest is the body; each input runs on a fresh Minnow with tables and an item (tests/fuzz/fuzz_service.h),
// then every table is scanned, so that what a request stored is read back too. Any 5xx or an
// answer that is not valid JSON aborts. Seeds: corpus/request/ (conformance/tools/requests.json).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "api/operations.h"
#include "tests/fuzz/fuzz_service.h"

namespace {

struct Target {
  std::string name;
  std::string target;
  std::string path = "/";
};

const std::vector<Target>& targets() {
  static const std::vector<Target> all = [] {
    std::vector<Target> t;
#define MINNOW_FUZZ_DYNAMODB(family, name) t.push_back({#name, "DynamoDB_20120810." #name});
#define MINNOW_FUZZ_STREAMS(family, name) t.push_back({"Streams." #name, "DynamoDBStreams_20120810." #name});
    MINNOW_DYNAMODB_OPERATIONS(MINNOW_FUZZ_DYNAMODB)
    MINNOW_STREAMS_OPERATIONS(MINNOW_FUZZ_STREAMS)
#undef MINNOW_FUZZ_DYNAMODB
#undef MINNOW_FUZZ_STREAMS
    for (const char* path : {"/_minnow/clock", "/_minnow/faults", "/_minnow/ttl/sweep"}) t.push_back({path, "", path});
    return t;
  }();
  return all;
}

const Target& target_named(std::string_view name) {
  for (const Target& t : targets())
    if (t.name == name) return t;
  return targets()[std::hash<std::string_view>{}(name) % targets().size()];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  if (newline == std::string_view::npos) return 0;
  const Target& target = target_named(input.substr(0, newline));
  minnow::fuzz::FuzzService minnow;
  minnow.call(target.target, target.path, std::string(input.substr(newline + 1)));
  for (const char* table : {"probe_items", "probe_ttl"})
    minnow.call("DynamoDB_20120810.Scan", "/", std::string(R"({"TableName":")") + table + "\"}");
  return 0;
}
