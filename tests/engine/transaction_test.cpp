// engine/transaction under concurrency: random transfers between accounts with transact_write
// (the debit's condition keeps every balance non-negative) while other threads take
// transact_get snapshots of every account, single-item gets, single-item writes on other keys
// and full-table scan pages of the same tables. Cannot pass by luck: every snapshot must sum
// to the constant totals (a snapshot that saw half a transfer would not), so must every scan
// page of the ledger (a page is one shared-lock read), no balance is ever negative, and the
// final balances equal the initial ones plus exactly the transfers that committed. Most
// accounts live in two tables, so transactions lock several tables (in engine/transaction's
// one order); a third table, the ledger, has a stream, whose records must come in commit order:
// increasing sequence numbers, each record's old image the previous record's new image for
// that item, and replaying them gives the final balances. Clean under TSan:
//   cmake -S . -B build/tsan -G Ninja -DMINNOW_TSAN=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
//   ninja -C build/tsan engine_tests && build/tsan/engine_tests '[transaction]'
#include "engine/transaction.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/query.h"
#include "engine/stream.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace transaction_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::WriteDecision;
using model::AttributeMap;
using model::AttributeValue;
using model::Item;

namespace {

engine::TableDefinition definition(const std::string& name) {
  engine::TableDefinition d;
  d.name = name;
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  return d;
}

AttributeMap key(int account) { return {{"pk", AttributeValue("acct-" + std::to_string(account))}}; }

int64_t balance_of(const Item& item) { return std::stoll(item.at("balance").as<model::Number>().to_string()); }

Item account_item(int account, int64_t balance) {
  Item item = key(account);
  item.emplace("balance", AttributeValue(model::Number::parse(std::to_string(balance))));
  return item;
}

struct Transfer {
  int from, to;
  int64_t amount;
};

}  // namespace

TEST_CASE("concurrent transfers: snapshots are consistent, balances exact", "[transaction]") {
  constexpr int kPaired = 12;  // accounts 0..11 alternate between tables a and b
  constexpr int kLedger = 8;   // accounts 12..19 live in the ledger, which has a stream
  constexpr int kAccounts = kPaired + kLedger;
  constexpr int64_t kInitial = 100;
  constexpr int64_t kPairedTotal = kPaired * kInitial, kLedgerTotal = kLedger * kInitial;
  constexpr int kWriters = 4;
  constexpr int kReaders = 2;
  constexpr int kTransfersPerWriter = 2000;

  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database database(clock, {});
  // Table "b" sorts after "a", and half the transfers go from b to a, so the lock order is
  // exercised both ways round.
  std::shared_ptr<engine::Table> tables[2] = {database.create(definition("accounts-a")),
                                              database.create(definition("accounts-b"))};
  engine::TableDefinition ledger_def = definition("ledger");
  ledger_def.stream = {true, "NEW_AND_OLD_IMAGES"};
  ledger_def.stream_label = "L";
  std::shared_ptr<engine::Table> ledger = database.create(ledger_def);
  std::shared_ptr<engine::Stream> stream = ledger->stream();
  REQUIRE(stream);
  auto table_of = [&](int account) { return account < kPaired ? tables[account % 2] : ledger; };
  for (int a = 0; a < kAccounts; ++a)
    table_of(a)->write(key(a), [&](const Item*) { return WriteDecision::put(account_item(a, kInitial)); });

  std::atomic<int> writers_left{kWriters};
  auto running = [&] { return writers_left.load() > 0; };
  std::atomic<int64_t> bad_reasons{0}, bad_sums{0}, bad_single{0}, bad_scans{0}, failures{0};
  std::atomic<int64_t> committed{0}, ledger_committed{0}, cancelled{0}, snapshots{0}, single_reads{0};
  std::atomic<int64_t> scans{0}, other_writes{0}, other_failed{0}, ledger_other_changes{0};
  std::vector<std::vector<Transfer>> applied(kWriters);

  auto writer = [&](int id) {
    std::mt19937 rng(1234 + id);
    std::uniform_int_distribution<int> pick_paired(0, kPaired - 1), pick_ledger(kPaired, kAccounts - 1);
    std::uniform_int_distribution<int64_t> amount(1, 60);
    for (int n = 0; n < kTransfersPerWriter; ++n) {
      bool in_ledger = n % 3 == 2;  // both actions on the ledger: one table, locked once
      auto& pick = in_ledger ? pick_ledger : pick_paired;
      Transfer t{pick(rng), pick(rng), amount(rng)};
      if (t.from == t.to) t.to = in_ledger ? kPaired + (t.to - kPaired + 1) % kLedger : (t.to + 1) % kPaired;
      std::vector<engine::TransactWriteAction> actions;
      actions.push_back({table_of(t.from), key(t.from), [t](const Item* old) -> std::optional<WriteDecision> {
                           int64_t b = old ? balance_of(*old) : 0;
                           if (b < t.amount) return std::nullopt;  // the condition fails
                           return WriteDecision::put(account_item(t.from, b - t.amount));
                         }});
      actions.push_back({table_of(t.to), key(t.to), [t](const Item* old) {
                           return WriteDecision::put(account_item(t.to, (old ? balance_of(*old) : 0) + t.amount));
                         }});
      if (n % 2) std::swap(actions[0], actions[1]);  // request order is not lock order
      auto reasons = engine::transact_write(actions);
      if (reasons.empty()) {
        applied[id].push_back(t);
        ++committed;
        if (in_ledger) ++ledger_committed;
      } else {
        // Only the debit can fail, and only for want of funds.
        int failed = 0;
        for (const auto& r : reasons)
          if (r) ++failed;
        if (failed != 1 || reasons.size() != 2) ++bad_reasons;
        ++cancelled;
      }
    }
    --writers_left;
  };

  auto reader = [&] {
    std::vector<engine::TransactGetAction> gets;
    for (int a = 0; a < kAccounts; ++a) gets.push_back({table_of(a), key(a)});
    do {
      auto items = engine::transact_get(gets);
      int64_t sums[2] = {0, 0};
      for (int a = 0; a < kAccounts; ++a) {
        if (!items[a]) {
          ++failures;
          continue;
        }
        int64_t b = balance_of(model::decode_item(*items[a]));
        if (b < 0) ++failures;
        sums[a < kPaired ? 0 : 1] += b;
      }
      if (sums[0] != kPairedTotal || sums[1] != kLedgerTotal) ++bad_sums;
      int account = static_cast<int>(++snapshots % kAccounts);
      // A single-item read between snapshots never sees a negative balance either.
      auto one = table_of(account)->get(key(account));
      if (!one || balance_of(*one) < 0) ++bad_single;
      ++single_reads;
    } while (running());
  };

  // Single-item writes on other keys of the same tables: puts, deletes, failed conditions.
  auto other_writer = [&] {
    int64_t n = 0;
    do {
      ++n;
      auto& table = n % 3 == 0 ? ledger : tables[n % 2];
      bool is_ledger = table == ledger;
      AttributeMap k{{"pk", AttributeValue("other-" + std::to_string(n % 5))}};
      try {
        table->write(k, [&](const Item* old) -> WriteDecision {
          if (n % 7 == 0) throw model::Error(model::kConditionalCheckFailed);
          if (n % 4 == 0) {
            if (old && is_ledger) ++ledger_other_changes;
            return WriteDecision::remove();
          }
          if (is_ledger) ++ledger_other_changes;  // n is new each time: always a change
          Item item = k;
          item.emplace("n", AttributeValue(model::Number::parse(std::to_string(n))));
          return WriteDecision::put(std::move(item));
        });
        ++other_writes;
      } catch (const model::Error&) {
        ++other_failed;
      }
    } while (running());
  };

  // One scan page is one shared-lock read: a page holding the whole ledger sums to its total.
  auto scanner = [&] {
    do {
      for (auto& table : {tables[0], tables[1], ledger}) {
        int64_t sum = 0, accounts = 0;
        engine::PageResult page = table->scan({}, {}, [&](std::string_view encoded) {
          Item item = model::decode_item(encoded);
          if (!item.at("pk").as<std::string>().starts_with("acct-")) return;
          int64_t b = balance_of(item);
          if (b < 0) ++bad_scans;
          sum += b;
          ++accounts;
        });
        if (page.last_evaluated_key) ++bad_scans;
        if (accounts != (table == ledger ? kLedger : kPaired / 2)) ++bad_scans;
        if (table == ledger && sum != kLedgerTotal) ++bad_scans;
      }
      ++scans;
    } while (running());
  };

  auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int r = 0; r < kReaders; ++r) threads.emplace_back(reader);
  threads.emplace_back(other_writer);
  threads.emplace_back(scanner);
  for (int w = 0; w < kWriters; ++w) threads.emplace_back(writer, w);
  for (auto& t : threads) t.join();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  CHECK(failures.load() == 0);
  CHECK(bad_reasons.load() == 0);
  CHECK(bad_sums.load() == 0);
  CHECK(bad_single.load() == 0);
  CHECK(bad_scans.load() == 0);
  CHECK(committed + cancelled == kWriters * kTransfersPerWriter);
  CHECK(committed > 0);
  CHECK(cancelled > 0);
  CHECK(snapshots > 0);
  CHECK(scans > 0);
  std::vector<int64_t> expected(kAccounts, kInitial);
  for (const auto& transfers : applied) {
    for (const Transfer& t : transfers) {
      expected[t.from] -= t.amount;
      expected[t.to] += t.amount;
    }
  }
  int64_t total = 0;
  for (int a = 0; a < kAccounts; ++a) {
    auto item = table_of(a)->get(key(a));
    REQUIRE(item);
    CHECK(balance_of(*item) == expected[a]);
    CHECK(balance_of(*item) >= 0);
    total += balance_of(*item);
  }
  CHECK(total == kPairedTotal + kLedgerTotal);

  // The ledger's stream, in commit order: sequence numbers increase, each record's old image is
  // the previous record's new image of that item, and replaying the records gives the final state.
  std::vector<engine::StreamRecord> records;
  for (uint64_t position = stream->trim_horizon_position();;) {
    auto read = stream->read(position, 1000);
    if (read.records.empty()) break;
    records.insert(records.end(), read.records.begin(), read.records.end());
    position = read.next_position;
  }
  uint64_t previous = 0;
  int64_t bad_order = 0, bad_chain = 0, account_records = 0, other_records = 0;
  std::map<std::string, std::string> replayed;  // pk -> encoded item
  for (const engine::StreamRecord& r : records) {
    if (r.sequence <= previous) ++bad_order;
    previous = r.sequence;
    std::string pk = model::decode_item(r.keys).at("pk").as<std::string>();
    (pk.starts_with("acct-") ? account_records : other_records)++;
    auto it = replayed.find(pk);
    std::optional<std::string> before;
    if (it != replayed.end()) before = it->second;
    if (r.old_image != before) ++bad_chain;
    if (r.new_image)
      replayed[pk] = *r.new_image;
    else
      replayed.erase(pk);
  }
  CHECK(bad_order == 0);
  CHECK(bad_chain == 0);
  CHECK(account_records == kLedger + 2 * ledger_committed.load());
  CHECK(other_records == ledger_other_changes.load());
  for (int a = kPaired; a < kAccounts; ++a) {
    auto it = replayed.find("acct-" + std::to_string(a));
    REQUIRE(it != replayed.end());
    CHECK(balance_of(model::decode_item(it->second)) == expected[a]);
  }

  std::printf(
      "[transaction] %d writer threads, %d snapshot readers, 1 single-item writer, 1 scanner; %d accounts in 3 "
      "tables: %d transfers attempted, %lld committed, %lld cancelled (insufficient funds), 0 conflicts (the "
      "engine serializes on table locks; conflicts are only injected, via /_minnow/faults); %lld transact_get "
      "snapshots, %lld single gets, %lld scan rounds (3 tables each), %lld single-item writes (+%lld failed "
      "conditions), %zu stream records in commit order; %.2f s\n",
      kWriters, kReaders, kAccounts, kWriters * kTransfersPerWriter, static_cast<long long>(committed.load()),
      static_cast<long long>(cancelled.load()), static_cast<long long>(snapshots.load()),
      static_cast<long long>(single_reads.load()), static_cast<long long>(scans.load()),
      static_cast<long long>(other_writes.load()), static_cast<long long>(other_failed.load()), records.size(),
      seconds);
}

TEST_CASE("transact_write: a failed action cancels all, reasons in request order", "[transaction]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database database(clock, {});
  auto a = database.create(definition("a"));
  auto b = database.create(definition("b"));
  a->write(key(1), [&](const Item*) { return WriteDecision::put(account_item(1, 5)); });
  std::vector<engine::TransactWriteAction> actions = {
      {b, key(2), [](const Item*) { return WriteDecision::put(account_item(2, 1)); }},
      {a, key(1), [](const Item*) -> std::optional<WriteDecision> { return std::nullopt; }},
      {a, key(3), [](const Item*) { return WriteDecision::put(account_item(3, 1)); }},
  };
  auto reasons = engine::transact_write(actions);
  REQUIRE(reasons.size() == 3);
  CHECK(!reasons[0]);
  CHECK(reasons[1]);
  CHECK(!reasons[2]);
  CHECK(!b->get(key(2)));
  CHECK(!a->get(key(3)));
  actions.erase(actions.begin() + 1);
  CHECK(engine::transact_write(actions).empty());
  CHECK(b->get(key(2)));
  CHECK(a->get(key(3)));
}

}  // namespace transaction_test
