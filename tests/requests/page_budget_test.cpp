// requests::PageBudget: one page made of several typed reads (PartiQL's key reads and per-partition
// Queries). Limit and the 1 MB page count across the reads, and the units are rounded once on the
// page's total.
#include <catch2/catch.hpp>

#include "engine/database.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "requests/items.h"
#include "requests/reads.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace page_budget_test {

namespace {

using namespace minnow;
using test::N;
using test::S;

struct Fixture : testing::RequestsFixture {
  std::shared_ptr<engine::Table> table = create_table("t", /*with_sort_key=*/true);

  // An item of about `bytes` bytes.
  void put(const std::string& pk, int sk, std::size_t bytes) {
    model::Item item{{"pk", S(pk)}, {"sk", N(std::to_string(sk))}, {"pad", S(std::string(bytes, 'x'))}};
    requests::Put p = requests::Put::of(item);
    p.key = {{"pk", item.at("pk")}, {"sk", item.at("sk")}};
    REQUIRE(requests::execute(context(), requests::PutItemRequest{table, std::move(p)}).status ==
            requests::ItemWriteResult::Status::Written);
  }

  requests::QueryRequest query(const std::string& pk) {
    requests::QueryRequest q;
    q.table = table;
    q.spec.hash_value = S(pk);
    return q;
  }
};

struct Collected {
  std::vector<std::string> sks;
  void operator()(std::string_view encoded) {
    sks.push_back(model::decode_item(encoded).at("sk").as<model::Number>().to_string());
  }
};

}  // namespace

TEST_CASE("PageBudget: Limit counts the items read across the reads; each read gets what is left") {
  Fixture f;
  for (int i = 0; i < 3; ++i) f.put("a", i, 10);
  for (int i = 0; i < 3; ++i) f.put("b", i, 10);
  Collected got;
  auto encoded = [&](std::string_view e) { got(e); };
  auto item = [&](const model::Item&) { FAIL("no filter, no projection: items come in their stored form"); };
  const requests::PageSink sink{encoded, item};

  requests::PageBudget budget(4);
  requests::QueryRequest a = f.query("a");
  a.plan.limits.max_items = 1;  // ignored: the budget's limits apply
  requests::Page first = budget.read(f.context(), a, sink);
  CHECK(first.scanned_count == 3);
  CHECK_FALSE(first.last_evaluated_key);
  CHECK_FALSE(budget.limit_reached());
  requests::QueryRequest b = f.query("b");
  requests::Page second = budget.read(f.context(), b, sink);
  CHECK(second.scanned_count == 1);
  REQUIRE(second.last_evaluated_key);
  CHECK(second.last_evaluated_key->at("sk") == N("0"));
  CHECK(budget.limit_reached());
  CHECK(got.sks == std::vector<std::string>{"0", "1", "2", "0"});
}

TEST_CASE("PageBudget: a key read is one item read, found or not, charged as its GetItem") {
  Fixture f;
  f.put("a", 1, 5000);  // 2 strong read units
  requests::PageBudget budget(2);
  requests::GetItemRequest get{f.table, {{"pk", S("a")}, {"sk", N("1")}}, std::nullopt, true};
  CHECK(budget.read(f.context(), get).encoded().has_value());
  CHECK_FALSE(budget.limit_reached());
  requests::GetItemRequest absent{f.table, {{"pk", S("a")}, {"sk", N("9")}}, std::nullopt, true};
  CHECK_FALSE(budget.read(f.context(), absent).encoded().has_value());
  CHECK(budget.limit_reached());
  requests::ReadPlan plan;
  plan.consistent_read = true;
  CHECK(budget.consumed(plan).table == 2 + 1);  // 5 KB, then an absent item's 1 unit
}

TEST_CASE("PageBudget: the Queries' bytes are rounded up once per page, not per read") {
  Fixture f;
  f.put("a", 1, 1000);
  f.put("b", 1, 1000);
  f.put("c", 1, 1000);
  auto encoded = [](std::string_view) {};
  auto item = [](const model::Item&) {};
  const requests::PageSink sink{encoded, item};
  requests::PageBudget budget(0);
  std::size_t bytes = 0;
  double separately = 0;
  for (const char* pk : {"a", "b", "c"}) {
    requests::QueryRequest q = f.query(pk);
    requests::Page page = budget.read(f.context(), q, sink);
    bytes += page.bytes_read;
    separately += page.consumed.table;
  }
  REQUIRE(bytes < 4096);
  CHECK(separately == 1.5);                                   // each Query alone: 0.5 (eventually consistent)
  CHECK(budget.consumed(requests::ReadPlan{}).table == 0.5);  // the page: one 4 KB unit, halved
}

TEST_CASE("PageBudget: the 1 MB page counts across the reads") {
  Fixture f;
  for (int i = 0; i < 3; ++i) f.put("a", i, 300 * 1024);
  for (int i = 0; i < 3; ++i) f.put("b", i, 300 * 1024);
  auto encoded = [](std::string_view) {};
  auto item = [](const model::Item&) {};
  const requests::PageSink sink{encoded, item};
  requests::PageBudget budget(0);
  requests::QueryRequest a = f.query("a");
  CHECK(budget.read(f.context(), a, sink).scanned_count == 3);  // 900 KB
  requests::QueryRequest b = f.query("b");
  requests::Page second = budget.read(f.context(), b, sink);
  CHECK(second.scanned_count == 1);  // the item crossing 1 MB is the page's last
  CHECK(second.last_evaluated_key);
}

}  // namespace page_budget_test
