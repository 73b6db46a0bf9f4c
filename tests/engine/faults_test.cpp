// The fault registry (engine/faults.h): which calls a rule matches, how often it fires (counts,
// seeded fractions), how rules combine, and clearing.
#include "engine/faults.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace faults_test {

namespace {

using namespace minnow;
using engine::FaultError;
using engine::FaultRule;
using model::AttributeMap;
using model::AttributeValue;

AttributeMap item(const std::string& pk, int n = 0) {
  return {{"pk", AttributeValue(pk)}, {"n", AttributeValue(model::Number::parse(std::to_string(n)))}};
}

struct Call {
  std::string ns = "A/us-east-1";
  std::string operation = "PutItem";
  std::vector<std::string> tables;
  std::vector<AttributeMap> items;
  std::vector<engine::FaultTarget> targets;

  Call(std::string table, std::vector<AttributeMap> of)
      : tables(of.empty() ? 1 : of.size(), table), items(std::move(of)) {
    for (std::size_t i = 0; i < tables.size(); ++i)
      targets.push_back({&tables[i], i < items.size() ? &items[i] : nullptr});
  }
  engine::FaultCall call() const { return {ns, operation, targets}; }
};

// For the next call (nullopt count is no limit).
FaultRule rule(FaultError error) {
  FaultRule r;
  r.error = error;
  r.count = 1;
  return r;
}

}  // namespace

TEST_CASE("a rule matches by namespace, operation, table and item attributes", "[faults]") {
  engine::FaultRegistry faults;
  FaultRule r = rule(FaultError::Throttling);
  r.namespace_id = "A/us-east-1";
  r.operations = {"PutItem", "GetItem"};
  r.table = "t";
  r.key = AttributeMap{{"pk", AttributeValue(std::string("x"))}};
  r.count = 100;
  faults.add(r);

  Call hit("t", {item("x", 7)});  // a key's attributes inside a whole item match
  CHECK(faults.on_request(hit.call()).error == FaultError::Throttling);
  Call other_key("t", {item("y")});
  CHECK(faults.on_request(other_key.call()).error == FaultError::None);
  Call other_table("u", {item("x")});
  CHECK(faults.on_request(other_table.call()).error == FaultError::None);
  Call table_only("t", {});  // a Query names no item: a keyed rule does not match it
  CHECK(faults.on_request(table_only.call()).error == FaultError::None);
  Call other_operation("t", {item("x")});
  other_operation.operation = "DeleteItem";
  CHECK(faults.on_request(other_operation.call()).error == FaultError::None);
  Call other_namespace("t", {item("x")});
  other_namespace.ns = "B/us-east-1";
  CHECK(faults.on_request(other_namespace.call()).error == FaultError::None);
  // Conflicts are not a request-time fault.
  CHECK(faults.on_items(hit.call()).error == FaultError::None);
  CHECK(faults.list().at(0).matched == 1);
}

TEST_CASE("count: the next N matching calls, then the rule is gone", "[faults]") {
  engine::FaultRegistry faults;
  FaultRule r = rule(FaultError::TransactionConflict);
  r.table = "t";
  r.key = AttributeMap{{"pk", AttributeValue(std::string("b"))}};
  r.count = 2;
  CHECK(faults.add(r) == 1);
  Call call("t", {item("a"), item("b")});
  engine::FaultOutcome first = faults.on_items(call.call());
  CHECK(first.error == FaultError::TransactionConflict);
  CHECK(first.hits == std::vector<bool>{false, true});
  CHECK(faults.on_request(call.call()).error == FaultError::None);  // request-time: not counted
  CHECK(faults.list().at(0).rule.count == 1);
  CHECK(faults.on_items(call.call()).error == FaultError::TransactionConflict);
  CHECK(faults.empty());
  CHECK(faults.on_items(call.call()).error == FaultError::None);
}

TEST_CASE("probability: a seeded fraction of calls, the same on every run", "[faults]") {
  auto run = [](uint64_t seed) {
    engine::FaultRegistry faults;
    FaultRule r = rule(FaultError::InternalServerError);
    r.probability = 0.25;
    r.seed = seed;
    r.count = std::nullopt;
    faults.add(r);
    Call call("t", {});
    std::vector<bool> fired;
    for (int i = 0; i < 2000; ++i) fired.push_back(faults.on_request(call.call()).error != FaultError::None);
    return fired;
  };
  const std::vector<bool> a = run(42);
  CHECK(a == run(42));
  CHECK(a != run(43));
  const auto n = std::count(a.begin(), a.end(), true);
  CHECK(n > 400);  // 500 expected; the bounds are many standard deviations (19) wide
  CHECK(n < 600);
}

TEST_CASE("a fraction with a count stops after count firings", "[faults]") {
  engine::FaultRegistry faults;
  FaultRule r = rule(FaultError::ServiceUnavailable);
  r.probability = 0.5;
  r.count = 3;
  faults.add(r);
  Call call("t", {});
  int fired = 0;
  for (int i = 0; i < 100; ++i) fired += faults.on_request(call.call()).error != FaultError::None;
  CHECK(fired == 3);
  CHECK(faults.empty());
}

TEST_CASE("rules combine: every firing rule adds latency, the first error decides", "[faults]") {
  engine::FaultRegistry faults;
  FaultRule slow = rule(FaultError::None);
  slow.latency_ms = 100;
  faults.add(slow);
  FaultRule slower = rule(FaultError::ProvisionedThroughputExceeded);
  slower.latency_ms = 20;
  faults.add(slower);
  FaultRule later = rule(FaultError::RequestLimitExceeded);
  faults.add(later);
  Call call("t", {});
  engine::FaultOutcome outcome = faults.on_request(call.call());
  CHECK(outcome.error == FaultError::ProvisionedThroughputExceeded);
  CHECK(outcome.latency_ms == 120);
  // The rule not needed was not used up.
  CHECK(faults.list().size() == 1);
  CHECK(faults.on_request(call.call()).error == FaultError::RequestLimitExceeded);
  CHECK(faults.empty());
}

TEST_CASE("clear: all rules, a namespace's rules, or one rule", "[faults]") {
  engine::FaultRegistry faults;
  FaultRule everywhere = rule(FaultError::Throttling);
  FaultRule in_a = everywhere;
  in_a.namespace_id = "A/us-east-1";
  const uint64_t first = faults.add(everywhere);
  faults.add(in_a);
  faults.add(in_a);
  CHECK(faults.clear("A/us-east-1") == 2);
  CHECK(faults.list().size() == 1);
  CHECK_FALSE(faults.remove(first + 10));
  CHECK(faults.remove(first));
  CHECK(faults.empty());
  faults.add(in_a);
  CHECK(faults.clear() == 1);
}

}  // namespace faults_test
