// model::Number: parse, canonical printing, comparison and exact addition, on a short number
// and on a 38-digit one (the longest DynamoDB allows).
#include <benchmark/benchmark.h>

#include <string>

#include "model/number.h"

namespace {

using minnow::model::Number;

constexpr const char* kShort = "12345";
constexpr const char* kLong = "1234567890123456789.0123456789012345678";  // 38 digits
constexpr const char* kLong2 = "9876543210987654321.9876543210987654321";

const char* text(int which) { return which == 0 ? kShort : kLong; }
void label(benchmark::State& state) { state.SetLabel(state.range(0) == 0 ? "short" : "38 digits"); }

void BM_NumberParse(benchmark::State& state) {
  std::string t = text(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    Number n = Number::parse(t);
    benchmark::DoNotOptimize(n);
  }
  label(state);
}
BENCHMARK(BM_NumberParse)->Arg(0)->Arg(1);

void BM_NumberToString(benchmark::State& state) {
  Number n = Number::parse(text(static_cast<int>(state.range(0))));
  for (auto _ : state) {
    std::string s = n.to_string();
    benchmark::DoNotOptimize(s);
  }
  label(state);
}
BENCHMARK(BM_NumberToString)->Arg(0)->Arg(1);

void BM_NumberCompare(benchmark::State& state) {
  bool is_long = state.range(0) != 0;
  Number a = Number::parse(is_long ? kLong : kShort);
  Number b = Number::parse(is_long ? kLong2 : "12346");
  for (auto _ : state) {
    benchmark::DoNotOptimize(a);
    benchmark::DoNotOptimize(b);
    int c = a.compare(b);
    benchmark::DoNotOptimize(c);
  }
  label(state);
}
BENCHMARK(BM_NumberCompare)->Arg(0)->Arg(1);

void BM_NumberAdd(benchmark::State& state) {
  bool is_long = state.range(0) != 0;
  // Two 38-digit numbers whose sum still fits in 38 digits.
  Number a = Number::parse(is_long ? kLong : kShort);
  Number b = Number::parse(is_long ? "1111111111111111111.1111111111111111111" : "678");
  for (auto _ : state) {
    Number c = a.add(b);
    benchmark::DoNotOptimize(c);
  }
  label(state);
}
BENCHMARK(BM_NumberAdd)->Arg(0)->Arg(1);

}  // namespace
