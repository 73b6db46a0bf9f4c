// Expressions: compile (parse + resolve placeholders) a ConditionExpression and an
// UpdateExpression; evaluate a 4-predicate condition and apply an update on a 10-attribute item.
#include <benchmark/benchmark.h>

#include <string>

#include "expressions/evaluate.h"
#include "expressions/resolve.h"
#include "expressions/update.h"
#include "fixtures.h"

namespace {

using namespace minnow;
using bench::N;
using bench::S;

constexpr const char* kCondition =
    "attribute_exists(pk) AND #st = :active AND age BETWEEN :lo AND :hi AND contains(tags, :tag)";
constexpr const char* kUpdate =
    "SET #n = :name, score = score + :inc, visits = if_not_exists(visits, :zero) + :one "
    "REMOVE email ADD tags :newtags";

struct Inputs {
  expressions::NameMap names{{"#st", "status"}, {"#n", "name"}};
  expressions::ValueMap condition_values{
      {":active", S("active")}, {":lo", N("18")}, {":hi", N("65")}, {":tag", S("blue")}};
  expressions::ValueMap update_values{{":name", S("Alice B. Example")},
                                      {":inc", N("10.25")},
                                      {":zero", N("0")},
                                      {":one", N("1")},
                                      {":newtags", model::AttributeValue(model::StringSet{{"gold"}})}};
  expressions::NameMap condition_names{{"#st", "status"}};
  expressions::NameMap update_names{{"#n", "name"}};
};

void BM_CompileCondition(benchmark::State& state) {
  Inputs in;
  for (auto _ : state) {
    expressions::RequestExpressions req;
    req.condition = kCondition;
    req.names = &in.condition_names;
    req.values = &in.condition_values;
    expressions::Compiled c = expressions::compile_request(req);
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_CompileCondition);

void BM_CompileUpdate(benchmark::State& state) {
  Inputs in;
  for (auto _ : state) {
    expressions::RequestExpressions req;
    req.update = kUpdate;
    req.names = &in.update_names;
    req.values = &in.update_values;
    expressions::Compiled c = expressions::compile_request(req);
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_CompileUpdate);

void BM_EvaluateCondition(benchmark::State& state) {
  Inputs in;
  expressions::RequestExpressions req;
  req.condition = kCondition;
  req.names = &in.condition_names;
  req.values = &in.condition_values;
  expressions::Compiled c = expressions::compile_request(req);
  const model::Item item = bench::ten_attribute_item();
  if (!expressions::evaluate(*c.condition, &item)) {
    state.SkipWithError("the condition should hold");
    return;
  }
  for (auto _ : state) {
    bool ok = expressions::evaluate(*c.condition, &item);
    benchmark::DoNotOptimize(ok);
  }
  state.SetLabel("4 predicates, 10 attributes");
}
BENCHMARK(BM_EvaluateCondition);

void BM_ApplyUpdate(benchmark::State& state) {
  Inputs in;
  expressions::RequestExpressions req;
  req.update = kUpdate;
  req.names = &in.update_names;
  req.values = &in.update_values;
  expressions::Compiled c = expressions::compile_request(req);
  const model::Item item = bench::ten_attribute_item();
  for (auto _ : state) {
    model::Item updated = expressions::apply_update(*c.update, item);
    benchmark::DoNotOptimize(updated);
  }
  state.SetLabel("5 actions, 10 attributes");
}
BENCHMARK(BM_ApplyUpdate);

}  // namespace
