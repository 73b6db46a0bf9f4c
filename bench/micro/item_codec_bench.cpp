// Item encoding: the stored byte form (model/item_codec.h) both ways, and writing an item as
// JSON from the stored form (api::write_encoded_item) versus from the decoded map
// (api::write_attribute_map).
#include <benchmark/benchmark.h>

#include <string>

#include "api/codec.h"
#include "api/json.h"
#include "fixtures.h"
#include "model/item_codec.h"

namespace {

using namespace minnow;

void BM_EncodeItem(benchmark::State& state) {
  const model::Item item = bench::ten_attribute_item();
  for (auto _ : state) {
    std::string e = model::encode_item(item);
    benchmark::DoNotOptimize(e);
  }
  state.SetLabel(std::to_string(model::encode_item(item).size()) + " encoded bytes");
}
BENCHMARK(BM_EncodeItem);

void BM_DecodeItem(benchmark::State& state) {
  const std::string encoded = model::encode_item(bench::ten_attribute_item());
  for (auto _ : state) {
    model::Item item = model::decode_item(encoded);
    benchmark::DoNotOptimize(item);
  }
}
BENCHMARK(BM_DecodeItem);

void BM_WriteEncodedItemJson(benchmark::State& state) {
  const std::string encoded = model::encode_item(bench::ten_attribute_item());
  rapidjson::StringBuffer buffer;
  api::JsonWriter w(buffer);
  for (auto _ : state) {
    buffer.Clear();
    w.Reset(buffer);
    api::write_encoded_item(w, encoded);
    benchmark::DoNotOptimize(buffer.GetString());
  }
  state.SetLabel(std::to_string(buffer.GetSize()) + " JSON bytes");
}
BENCHMARK(BM_WriteEncodedItemJson);

void BM_WriteAttributeMapJson(benchmark::State& state) {
  const model::Item item = bench::ten_attribute_item();
  rapidjson::StringBuffer buffer;
  api::JsonWriter w(buffer);
  for (auto _ : state) {
    buffer.Clear();
    w.Reset(buffer);
    api::write_attribute_map(w, item);
    benchmark::DoNotOptimize(buffer.GetString());
  }
  state.SetLabel(std::to_string(buffer.GetSize()) + " JSON bytes");
}
BENCHMARK(BM_WriteAttributeMapJson);

}  // namespace
