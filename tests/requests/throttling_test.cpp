// --capacity-model through the typed requests: a provisioned table admits what its buckets hold
// and refuses the rest with ProvisionedThroughputExceededException and its ThrottlingReasons, the
// clock pays the debt back, a refused condition consumes a write; with the model off, or on
// demand, nothing is throttled.
#include "requests/throttling.h"

#include <catch2/catch.hpp>

#include "expressions/resolve.h"
#include "model/fault_errors.h"
#include "requests/batch.h"
#include "requests/items.h"
#include "requests/reads.h"
#include "requests/transactions.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace throttling_test {

namespace {

using namespace minnow;
using test::S;

engine::DatabaseOptions with_model(bool model) {
  engine::DatabaseOptions options;
  options.capacity_model = model;
  return options;
}

struct Fixture : testing::RequestsFixture {
  explicit Fixture(bool model = true, engine::BillingMode billing = engine::BillingMode::Provisioned,
                   int64_t units = 1)
      : RequestsFixture(with_model(model)) {
    engine::TableDefinition d = testing::table_definition("t");
    d.billing_mode = billing;
    d.throughput.read_capacity_units = units;
    d.throughput.write_capacity_units = units;
    table = database.create(d);
  }
  std::shared_ptr<engine::Table> table;

  requests::Context at(int64_t now_ms) {
    requests::Context c = context();
    c.now_ms = now_ms;
    return c;
  }
  requests::ItemWriteResult put(int64_t now_ms, const std::string& pk, std::size_t bytes = 10) {
    requests::PutItemRequest r{table, {}};
    r.put = requests::Put::of({{"pk", S(pk)}, {"v", S(std::string(bytes, 'x'))}});
    r.put.key = {{"pk", S(pk)}};
    return requests::execute(at(now_ms), r);
  }
  // A put of `pk` (with attribute color when not empty) through BatchWriteItem's request form.
  static requests::Put put_of(const std::string& pk, const std::string& color = "", std::size_t v_bytes = 0) {
    model::Item item{{"pk", S(pk)}};
    if (!color.empty()) item["color"] = S(color);
    if (v_bytes) item["v"] = S(std::string(v_bytes, 'x'));
    requests::Put p = requests::Put::of(item);
    p.key = {{"pk", S(pk)}};
    return p;
  }
  requests::GetItemResult get(int64_t now_ms, bool consistent) {
    requests::GetItemRequest r{table, {{"pk", S("a")}}, std::nullopt, consistent};
    return requests::execute(at(now_ms), r);
  }
};

// The error a call throws: its message, and its throttling reasons as "reason resource".
std::string throttled(auto&& call) {
  try {
    call();
  } catch (const model::Error& e) {
    std::string out = e.message();
    for (const model::ThrottlingReason& r : e.throttling_reasons) out += " | " + r.reason + " " + r.resource;
    return out;
  }
  return "";
}

const std::string kWriteThrottled = std::string(model::kProvisionedThroughputExceeded.message) +
                                    " | TableWriteProvisionedThroughputExceeded "
                                    "arn:aws:dynamodb:us-east-1:000000000000:table/t";

}  // namespace

TEST_CASE("throttling: writes beyond the table's write units are refused with their reason until the clock pays") {
  Fixture f;
  CHECK(f.put(0, "a").status == requests::ItemWriteResult::Status::Written);
  CHECK(throttled([&] { f.put(0, "b"); }) == kWriteThrottled);
  CHECK(throttled([&] { f.put(999, "b"); }) == kWriteThrottled);
  CHECK(f.put(1'000, "b").status == requests::ItemWriteResult::Status::Written);
  CHECK(f.table->item_count() == 2);  // the refused writes wrote nothing

  // A 3 KB item costs 3 units: admitted with one, it leaves a debt of two seconds.
  CHECK(f.put(2'000, "c", 3'000).status == requests::ItemWriteResult::Status::Written);
  CHECK(throttled([&] { f.put(4'999, "d"); }) == kWriteThrottled);
  CHECK(f.put(5'000, "d").status == requests::ItemWriteResult::Status::Written);
}

TEST_CASE("throttling: reads draw on the read units, eventually consistent ones at half a unit") {
  Fixture f;
  f.put(0, "a");
  f.get(0, true);
  CHECK(throttled([&] { f.get(0, false); }) ==
        std::string(model::kProvisionedThroughputExceeded.message) +
            " | TableReadProvisionedThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/t");
  f.get(1'000, false);
  f.get(1'000, false);
  CHECK_FALSE(throttled([&] { f.get(1'000, false); }).empty());
}

TEST_CASE("throttling: a refused condition consumes a write") {
  Fixture f;
  requests::PutItemRequest conditional{f.table, {}};
  conditional.put = requests::Put::of({{"pk", S("a")}});
  conditional.put.key = {{"pk", S("a")}};
  conditional.put.condition.expression =
      expressions::compile_request({.condition = "attribute_exists(pk)"}).condition;
  CHECK(requests::execute(f.at(0), conditional).status == requests::ItemWriteResult::Status::ConditionFailed);
  CHECK(throttled([&] { f.put(0, "b"); }) == kWriteThrottled);
}

TEST_CASE("throttling: none with the model off, nor on demand within its warm throughput") {
  Fixture off(false);
  Fixture on_demand(true, engine::BillingMode::PayPerRequest);
  for (int i = 0; i < 10; ++i) {
    CHECK(off.put(0, std::to_string(i)).status == requests::ItemWriteResult::Status::Written);
    CHECK(on_demand.put(0, std::to_string(i)).status == requests::ItemWriteResult::Status::Written);
  }
}

// A table of 100 units each way with the GSI byColor of one unit each way.
std::shared_ptr<engine::Table> indexed_table(engine::Database& database) {
  engine::TableDefinition d = testing::table_definition("g");
  d.attribute_definitions.push_back({"color", model::ValueType::S});
  d.throughput.read_capacity_units = 100;
  d.throughput.write_capacity_units = 100;
  engine::IndexDefinition gsi;
  gsi.name = "byColor";
  gsi.key_schema = {{"color", true}};
  gsi.projection.type = "ALL";
  engine::ProvisionedThroughput one;
  one.read_capacity_units = 1;
  one.write_capacity_units = 1;
  gsi.throughput = one;
  d.global_indexes.push_back(gsi);
  return database.create(d);
}

TEST_CASE("throttling: a write that would update a GSI without write units is refused (back-pressure)") {
  Fixture f;
  auto table = indexed_table(f.database);
  auto put = [&](const std::string& pk, const std::string& color) {
    requests::PutItemRequest r{table, Fixture::put_of(pk, color)};
    return requests::execute(f.at(0), r);
  };
  CHECK(put("a", "red").status == requests::ItemWriteResult::Status::Written);
  CHECK(throttled([&] { put("b", "red"); }) ==
        std::string(model::kProvisionedThroughputExceededOnIndexes.message) +
            " | IndexWriteProvisionedThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/g/index/byColor");
  CHECK(table->item_count() == 1);  // refused: not written
  CHECK(put("c", "").status == requests::ItemWriteResult::Status::Written);  // updates no index
}

TEST_CASE("throttling: BatchWriteItem leaves what its tables cannot admit unprocessed, or refuses when none is") {
  Fixture f;
  requests::BatchWriteItemRequest batch;
  batch.tables.push_back({"t", f.table, {Fixture::put_of("a"), Fixture::put_of("b"), Fixture::put_of("c")}});
  const requests::BatchWriteItemResult result = requests::execute(f.at(0), batch);
  REQUIRE(result.unprocessed.size() == 1);
  CHECK(result.unprocessed[0] == std::vector<std::size_t>{1, 2});
  CHECK(f.table->item_count() == 1);
  CHECK(throttled([&] { requests::execute(f.at(0), batch); }) == kWriteThrottled);

  // A GSI's refusal leaves its write unprocessed too.
  auto indexed = indexed_table(f.database);
  requests::BatchWriteItemRequest colors;
  colors.tables.push_back({"g", indexed, {Fixture::put_of("a", "red"), Fixture::put_of("b", "red"),
                                          Fixture::put_of("c")}});
  CHECK(requests::execute(f.at(0), colors).unprocessed[0] == std::vector<std::size_t>{1});
}

TEST_CASE("throttling: BatchGetItem leaves the keys its tables cannot admit unprocessed, or refuses when none is") {
  Fixture f;
  requests::BatchGetItemRequest batch;
  batch.tables.push_back({"t", f.table, {{{"pk", S("a")}}, {{"pk", S("b")}}, {{"pk", S("c")}}}, std::nullopt, true});
  const requests::BatchGetItemResult result =
      requests::execute(f.at(0), batch, [](std::size_t, const model::Item&) {});
  CHECK(result.unprocessed[0] == std::vector<std::size_t>{1, 2});
  CHECK(!throttled([&] { requests::execute(f.at(0), batch, [](std::size_t, const model::Item&) {}); }).empty());
}

TEST_CASE("throttling: a transaction a GSI cannot admit is cancelled with the index's refusal") {
  Fixture f;
  auto table = indexed_table(f.database);
  auto transact = [&](const std::string& pk) {
    requests::TransactWriteItemsRequest r;
    r.actions.push_back({table, Fixture::put_of(pk, "red"), std::nullopt});
    return requests::execute(f.at(0), r, [](const std::vector<requests::ItemWriteResult>&) { return std::string(); });
  };
  CHECK(transact("a").status == requests::TransactWriteItemsResult::Status::Committed);
  const requests::TransactWriteItemsResult refused = transact("b");
  REQUIRE(refused.status == requests::TransactWriteItemsResult::Status::Cancelled);
  CHECK(refused.actions[0].status == requests::ItemWriteResult::Status::Throttled);
  CHECK(refused.actions[0].error->throttling_reasons[0].reason == "IndexWriteProvisionedThroughputExceeded");
  CHECK(table->item_count() == 1);
}

TEST_CASE("throttling: a hot partition key value gets 1,000 write units a second, on demand too") {
  Fixture on_demand(true, engine::BillingMode::PayPerRequest);
  // 300 KB items cost 293 units: the key's second of 1,000 units admits four (the fourth with
  // 121 left), then refuses.
  for (int i = 0; i < 4; ++i)
    CHECK(on_demand.put(0, "hot", 300'000).status == requests::ItemWriteResult::Status::Written);
  CHECK(throttled([&] { on_demand.put(0, "hot"); }) ==
        std::string(model::kThrottlingOnDemand.message) +
            " | TableWriteKeyRangeThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/t");
  CHECK(on_demand.put(0, "cold").status == requests::ItemWriteResult::Status::Written);  // another key
  CHECK(on_demand.put(1'000, "hot").status == requests::ItemWriteResult::Status::Written);

  Fixture provisioned(true, engine::BillingMode::Provisioned, 10'000);  // the key's limit comes first
  for (int i = 0; i < 4; ++i) provisioned.put(0, "hot", 300'000);
  CHECK(throttled([&] { provisioned.put(0, "hot"); }) ==
        std::string(model::kProvisionedThroughputExceeded.message) +
            " | TableWriteKeyRangeThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/t");
}

TEST_CASE("throttling: an on-demand table's maximums (OnDemandThroughput) hold one second of their rate") {
  Fixture f(true, engine::BillingMode::PayPerRequest);
  engine::TableDefinition d = testing::table_definition("capped");
  d.billing_mode = engine::BillingMode::PayPerRequest;
  engine::OnDemandThroughput maximums;
  maximums.max_write_request_units = 5;  // reads: no maximum
  d.on_demand_throughput = maximums;
  auto capped = f.database.create(d);
  auto put = [&](int64_t now_ms, const std::string& pk) {
    requests::PutItemRequest r{capped, Fixture::put_of(pk)};
    return requests::execute(f.at(now_ms), r);
  };
  for (int i = 0; i < 5; ++i) CHECK(put(0, std::to_string(i)).status == requests::ItemWriteResult::Status::Written);
  CHECK(throttled([&] { put(0, "5"); }) ==
        std::string(model::kThrottling.message) +
            " | TableWriteMaxOnDemandThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/capped");
  CHECK(put(1'000, "5").status == requests::ItemWriteResult::Status::Written);
  for (int i = 0; i < 20; ++i) {
    requests::GetItemRequest get{capped, {{"pk", S("0")}}, std::nullopt, true};
    requests::execute(f.at(0), get);
  }
}

// Writes of 300 KB (293 units each) to distinct keys of `table` at `now_ms`, until one is
// refused: how many were written, and the refusal.
std::pair<int, std::string> fill_second(Fixture& f, const std::shared_ptr<engine::Table>& table, int64_t now_ms,
                                        const std::string& prefix) {
  for (int written = 0; written < 1000; ++written) {
    requests::PutItemRequest r{table, Fixture::put_of(prefix + std::to_string(written), "", 300'000)};
    const std::string refusal = throttled([&] { requests::execute(f.at(now_ms), r); });
    if (!refusal.empty()) return {written, refusal};
  }
  return {1000, ""};
}

TEST_CASE("throttling: a new on-demand table takes 4,000 write units at once, its warm throughput") {
  Fixture f(true, engine::BillingMode::PayPerRequest);
  // 13 writes leave 191 of the second's 4,000 units, the 14th takes the bucket into debt.
  const auto [written, refusal] = fill_second(f, f.table, 0, "k");
  CHECK(written == 14);
  CHECK(refusal == std::string(model::kThrottlingOnDemand.message) +
                       " | TableWriteKeyRangeThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/t");
  // WarmThroughput raises what it takes at once.
  engine::TableDefinition d = testing::table_definition("warm");
  d.billing_mode = engine::BillingMode::PayPerRequest;
  d.warm_throughput = engine::WarmThroughput{0, 8000};
  auto warm = f.database.create(d);
  CHECK(fill_second(f, warm, 0, "k").first == 28);  // 27 × 293 = 7,911 < 8,000
}

TEST_CASE("throttling: on demand, twice the previous peak once that peak is 30 minutes old") {
  Fixture f(true, engine::BillingMode::PayPerRequest);
  const int64_t minute = 60'000;
  // A peak of 14 × 293 = 4,102 units in one second.
  CHECK(fill_second(f, f.table, 0, "a").first == 14);
  // Within 30 minutes the peak does not count yet: the warm throughput still bounds a second.
  CHECK(fill_second(f, f.table, 29 * minute, "b").first == 14);
  // Once it settles, a second may take twice it: 8,204 units, exactly 28 writes.
  CHECK(fill_second(f, f.table, 31 * minute, "c").first == 28);
}

TEST_CASE("throttling: on demand, never beyond the per-table account quota of 40,000 units a second") {
  Fixture f(true, engine::BillingMode::PayPerRequest);
  engine::TableDefinition d = testing::table_definition("quota");
  d.billing_mode = engine::BillingMode::PayPerRequest;
  d.warm_throughput = engine::WarmThroughput{0, 100'000};
  auto table = f.database.create(d);
  const auto [written, refusal] = fill_second(f, table, 0, "k");
  CHECK(written == 137);  // 136 × 293 = 39,848 < 40,000
  CHECK(refusal == std::string(model::kThrottling.message) +
                       " | TableWriteAccountLimitExceeded arn:aws:dynamodb:us-east-1:000000000000:table/quota");
}

TEST_CASE("throttling: a global index's hot partition key value, written and queried") {
  Fixture f(true, engine::BillingMode::PayPerRequest);
  engine::TableDefinition d = testing::table_definition("colors");
  d.billing_mode = engine::BillingMode::PayPerRequest;
  d.attribute_definitions.push_back({"color", model::ValueType::S});
  engine::IndexDefinition gsi;
  gsi.name = "byColor";
  gsi.key_schema = {{"color", true}};
  gsi.projection.type = "ALL";
  d.global_indexes.push_back(gsi);
  auto table = f.database.create(d);
  auto put = [&](int64_t now_ms, const std::string& pk, const std::string& color) {
    requests::PutItemRequest r{table, Fixture::put_of(pk, color, 300'000)};
    return requests::execute(f.at(now_ms), r);
  };
  // Distinct table keys, one color: the index's "red" takes 1,000 units a second, four writes.
  for (int i = 0; i < 4; ++i) CHECK(put(0, "r" + std::to_string(i), "red").status == requests::ItemWriteResult::Status::Written);
  CHECK(throttled([&] { put(0, "r4", "red"); }) ==
        std::string(model::kThrottlingOnDemand.message) +
            " | IndexWriteKeyRangeThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/colors/index/byColor");
  CHECK(table->item_count() == 4);
  CHECK(put(0, "b0", "blue").status == requests::ItemWriteResult::Status::Written);  // another index key

  // Queries of "red": each reads the four items, 1,200,052 bytes: 293 units of 4 KB at half a unit
  // each, 146.5; the key's 3,000 read units a second admit 21 (the 21st with 70 left), then refuse.
  requests::QueryRequest query;
  query.table = table;
  query.plan.index = requests::index_target(*table, "byColor", 0);
  query.index_spec.hash_values = {S("red")};
  auto run = [&] { return requests::execute(f.at(10'000), query, requests::PageSink{[](std::string_view) {}, [](const model::Item&) {}}); };
  for (int i = 0; i < 21; ++i) CHECK(run().count == 4);
  CHECK(throttled(run) ==
        std::string(model::kThrottlingOnDemand.message) +
            " | IndexReadKeyRangeThroughputExceeded arn:aws:dynamodb:us-east-1:000000000000:table/colors/index/byColor");
}

}  // namespace throttling_test
