// PartiQL's front end: parsing a statement and binding it to its table, for the key-equality
// SELECT that must cost no more than 1.5x a GetItem of the same item (compare with
// BM_ServiceGetItem, which includes JSON, the table lookup and the reply).
#include <benchmark/benchmark.h>

#include "model/errors.h"
#include "partiql/binder.h"
#include "partiql/parser.h"

namespace {

using namespace minnow;

const partiql::TableShape kTable{"bench", {{"pk", model::ValueType::S}, std::nullopt}};

partiql::Lookup lookup() {
  partiql::Lookup l;
  l.table = [](const std::string&) -> const partiql::TableShape& { return kTable; };
  l.index = [](const partiql::TableShape&, const std::string& name) -> const partiql::IndexShape& {
    throw model::index_not_found(name);
  };
  return l;
}

void BM_PartiqlParseKeySelect(benchmark::State& state) {
  for (auto _ : state) {
    partiql::Statement s = partiql::parse_statement("SELECT * FROM \"bench\" WHERE pk = ?");
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_PartiqlParseKeySelect);

void BM_PartiqlBindKeySelect(benchmark::State& state) {
  const partiql::Lookup l = lookup();
  const partiql::Parameters params{model::AttributeValue(std::string("user#00001234"))};
  for (auto _ : state) {
    partiql::Statement s = partiql::parse_statement("SELECT * FROM \"bench\" WHERE pk = ?");
    partiql::BoundStatement b = partiql::bind_statement(s, params, l);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_PartiqlBindKeySelect);

// A Query with a filter and a projection: the trees the binder builds and resolves.
void BM_PartiqlBindFilteredQuery(benchmark::State& state) {
  const partiql::Lookup l = lookup();
  for (auto _ : state) {
    partiql::Statement s = partiql::parse_statement(
        "SELECT a, b.c, d[1] FROM \"bench\" WHERE pk = 'user#1' AND a > 10 AND begins_with(e, 'x') OR f IS MISSING");
    partiql::BoundStatement b = partiql::bind_statement(s, {}, l);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_PartiqlBindFilteredQuery);

}  // namespace
