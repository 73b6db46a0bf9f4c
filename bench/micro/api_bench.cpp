// JSON request decoding (RapidJSON in-place parse + AttributeValue decoding) and the whole
// api::Service::handle for PutItem, GetItem, a 10-item Query and a PartiQL SELECT by key against an
// in-process Database.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "api/codec.h"
#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "fixtures.h"
#include "tests/api/service_harness.h"

namespace {

using namespace minnow;

std::string put_body(int key) { return R"({"TableName":"bench","Item":)" + bench::put_item_json(key) + "}"; }

// Parse a ~200-byte PutItem body in place and decode its Item. The body is copied each
// iteration (parsing is in place), which the measured time includes.
void BM_ParseRequestJson(benchmark::State& state) {
  const std::string body = put_body(12345);
  for (auto _ : state) {
    std::string copy = body;
    api::JsonDocument doc;
    api::parse_request_json(copy, doc);
    benchmark::DoNotOptimize(doc);
  }
  state.SetLabel(std::to_string(body.size()) + " bytes");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * body.size()));
}
BENCHMARK(BM_ParseRequestJson);

void BM_ParseAndDecodeItem(benchmark::State& state) {
  const std::string body = put_body(12345);
  for (auto _ : state) {
    std::string copy = body;
    api::JsonDocument doc;
    api::parse_request_json(copy, doc);
    model::AttributeMap item = api::decode_attribute_map(*api::member(doc, "Item"));
    benchmark::DoNotOptimize(item);
  }
  state.SetLabel(std::to_string(body.size()) + " bytes");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * body.size()));
}
BENCHMARK(BM_ParseAndDecodeItem);

// The api tests' in-process harness, with the benchmark table created.
struct ServiceFixture : testing::ServiceHarness {
  ServiceFixture() {
    api::Reply r = call("CreateTable", R"({"TableName":"bench","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
                                       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                                       R"("BillingMode":"PAY_PER_REQUEST"})");
    if (r.status != 200) throw std::runtime_error("CreateTable failed: " + r.body);
  }
};

constexpr int kKeys = 100000;

// PutItem over 100,000 keys (the request strings are built before timing; each iteration
// copies one, since handle parses the body in place).
void BM_ServicePutItem(benchmark::State& state) {
  ServiceFixture f;
  std::vector<std::string> bodies;
  bodies.reserve(kKeys);
  for (int i = 0; i < kKeys; ++i) bodies.push_back(put_body(i));
  if (f.call("PutItem", bodies[0]).status != 200) {
    state.SkipWithError("PutItem failed");
    return;
  }
  std::size_t i = 0;
  for (auto _ : state) {
    api::Reply r = f.call("PutItem", bodies[i]);
    if (r.status != 200) {
      state.SkipWithError(r.body.c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
    if (++i == bodies.size()) i = 0;
  }
}
BENCHMARK(BM_ServicePutItem);

// GetItem of random preloaded keys among 100,000 (each answer checked to hold an Item).
void BM_ServiceGetItem(benchmark::State& state) {
  ServiceFixture f;
  for (int i = 0; i < kKeys; ++i) {
    if (f.call("PutItem", put_body(i)).status != 200) {
      state.SkipWithError("preload failed");
      return;
    }
  }
  std::vector<std::string> bodies;
  bodies.reserve(kKeys);
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < kKeys; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    char pk[32];
    std::snprintf(pk, sizeof pk, "user#%08d", static_cast<int>(x % kKeys));
    bodies.push_back(std::string(R"({"TableName":"bench","Key":{"pk":{"S":")") + pk + R"("}}})");
  }
  std::size_t i = 0;
  for (auto _ : state) {
    api::Reply r = f.call("GetItem", bodies[i]);
    if (r.status != 200 || r.body.size() < 100) {
      state.SkipWithError(("bad GetItem answer: " + r.body).c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
    if (++i == bodies.size()) i = 0;
  }
}
BENCHMARK(BM_ServiceGetItem);

// The same reads as BM_ServiceGetItem through PartiQL: ExecuteStatement
// SELECT * FROM "bench" WHERE pk = ? (issue 14: at most 1.5x the GetItem).
void BM_ServiceSelectByKey(benchmark::State& state) {
  ServiceFixture f;
  for (int i = 0; i < kKeys; ++i) {
    if (f.call("PutItem", put_body(i)).status != 200) {
      state.SkipWithError("preload failed");
      return;
    }
  }
  std::vector<std::string> bodies;
  bodies.reserve(kKeys);
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < kKeys; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    char pk[32];
    std::snprintf(pk, sizeof pk, "user#%08d", static_cast<int>(x % kKeys));
    bodies.push_back(std::string(R"({"Statement":"SELECT * FROM \"bench\" WHERE pk = ?","Parameters":[{"S":")") + pk +
                     R"("}]})");
  }
  std::size_t i = 0;
  for (auto _ : state) {
    api::Reply r = f.call("ExecuteStatement", bodies[i]);
    if (r.status != 200 || r.body.size() < 100) {
      state.SkipWithError(("bad ExecuteStatement answer: " + r.body).c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
    if (++i == bodies.size()) i = 0;
  }
}
BENCHMARK(BM_ServiceSelectByKey);

// Query returning 10 items, as bench/lua/query.lua asks it: 500 partitions of 20 items
// (sort key sk = 0..19) of the same shape as bench/load.py's, pk = :p AND sk BETWEEN :lo AND
// :lo+9; each answer checked to hold "Count":10.
void BM_ServiceQuery(benchmark::State& state) {
  ServiceFixture f;
  api::Reply created =
      f.call("CreateTable", R"({"TableName":"bench_q","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
                            R"({"AttributeName":"sk","KeyType":"RANGE"}],"AttributeDefinitions":[)"
                            R"({"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],)"
                            R"("BillingMode":"PAY_PER_REQUEST"})");
  if (created.status != 200) {
    state.SkipWithError(created.body.c_str());
    return;
  }
  constexpr int kParts = 500, kRows = 20;
  for (int p = 0; p < kParts; ++p) {
    for (int s = 0; s < kRows; ++s) {
      const int n = p * kRows + s;
      char body[640];
      std::snprintf(body, sizeof body,
                    R"({"TableName":"bench_q","Item":{"pk":{"S":"p%05d"},"sk":{"N":"%d"},)"
                    R"("name":{"S":"name-%07d-abcdefghij"},"email":{"S":"user%07d@example.com"},)"
                    R"("age":{"N":"%d"},"score":{"N":"%d.%02d"},"active":{"BOOL":true},)"
                    R"("address":{"M":{"street":{"S":"%07d Long Street Name Av"},"city":{"S":"Springfield"},)"
                    R"("zip":{"S":"%05d"}}},"bio":{"S":"Lorem ipsum dolor sit amet, consectetur adip"}}})",
                    p, s, n, n, 18 + n % 70, n % 10000, n % 100, n, n % 100000);
      if (f.call("PutItem", body).status != 200) {
        state.SkipWithError("preload failed");
        return;
      }
    }
  }
  std::vector<std::string> bodies;
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < 10000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const int p = static_cast<int>(x % kParts), lo = static_cast<int>((x >> 20) % (kRows - 9));
    char body[320];
    std::snprintf(body, sizeof body,
                  R"({"TableName":"bench_q","KeyConditionExpression":"pk = :p AND sk BETWEEN :lo AND :hi",)"
                  R"("ExpressionAttributeValues":{":p":{"S":"p%05d"},":lo":{"N":"%d"},":hi":{"N":"%d"}}})",
                  p, lo, lo + 9);
    bodies.emplace_back(body);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    api::Reply r = f.call("Query", bodies[i]);
    if (r.status != 200 || r.body.find("\"Count\":10,") == std::string::npos) {
      state.SkipWithError(("bad Query answer: " + r.body).c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
    if (++i == bodies.size()) i = 0;
  }
}
BENCHMARK(BM_ServiceQuery);

}  // namespace
