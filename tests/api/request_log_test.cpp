#include "api/request_log.h"

#include <catch2/catch.hpp>
#include <string>

namespace request_log_test {

using minnow::api::RequestLog;
using minnow::api::RequestLogEntry;

namespace {

// What RequestLog::add writes into an entry.
auto entry(const std::string& operation, const std::string& namespace_id = "") {
  return [=](RequestLogEntry& e) {
    e.operation = operation;
    e.namespace_id = namespace_id;
  };
}

}  // namespace

TEST_CASE("request log: numbered in order, read from a sequence on, bounded") {
  RequestLog log(3);
  CHECK(log.since(0, 10).entries.empty());
  CHECK(log.since(0, 10).last == 0);
  for (const char* op : {"a", "b", "c", "d", "e"}) log.add(entry(op));
  const auto all = log.since(0, 10);  // the oldest two fell out
  REQUIRE(all.entries.size() == 3);
  CHECK(all.entries[0].operation == "c");
  CHECK(all.entries[0].sequence == 3);
  CHECK(all.entries[2].operation == "e");
  CHECK(all.last == 5);
  const auto newer = log.since(3, 10);
  REQUIRE(newer.entries.size() == 2);
  CHECK(newer.entries[0].operation == "d");
  CHECK(log.since(5, 10).entries.empty());
  CHECK(log.since(5, 10).last == 5);
  CHECK(log.since(99, 10).last == 5);  // a reader from before a restart starts over at the newest
  const auto limited = log.since(0, 1);
  REQUIRE(limited.entries.size() == 1);
  CHECK(limited.entries[0].operation == "c");
  CHECK(limited.last == 3);
}

TEST_CASE("request log: one namespace's entries; `last` moves past the others") {
  RequestLog log;
  log.add(entry("a", "K1/us-east-1"));
  log.add(entry("b", "K2/us-east-1"));
  log.add(entry("c", "K1/us-east-1"));
  log.add(entry("d", "K2/us-east-1"));
  const auto first = log.since(0, 1, std::string("K2/us-east-1"));
  REQUIRE(first.entries.size() == 1);
  CHECK(first.entries[0].operation == "b");
  CHECK(first.last == 2);
  const auto rest = log.since(first.last, 10, std::string("K2/us-east-1"));
  REQUIRE(rest.entries.size() == 1);
  CHECK(rest.entries[0].operation == "d");
  CHECK(rest.last == 4);
}

TEST_CASE("request log: a reused entry keeps nothing of the one it replaces") {
  RequestLog log(1);
  log.add([](RequestLogEntry& e) {
    e.operation = "PutItem";
    e.table = "Music";
    e.status = 400;
    e.error_type = "ValidationException";
    e.duration_us = 81;
  });
  log.add(entry("ListTables"));
  const auto page = log.since(0, 10);
  REQUIRE(page.entries.size() == 1);
  CHECK(page.entries[0].sequence == 2);
  CHECK(page.entries[0].operation == "ListTables");
  CHECK(page.entries[0].table.empty());
  CHECK(page.entries[0].status == 0);
  CHECK(page.entries[0].error_type.empty());
  CHECK(page.entries[0].duration_us == 0);
}

TEST_CASE("request log: an entry as JSON") {
  RequestLogEntry e;
  entry("PutItem", "K1/us-east-1")(e);
  e.sequence = 7;
  e.time_ms = 1764599400123;  // 2025-12-01T14:30:00.123Z
  e.request_id = "RID";
  e.table = "Music";
  e.status = 400;
  e.error_type = "ValidationException";
  e.duration_us = 81;
  CHECK(minnow::api::to_json(e) ==
        R"({"sequence":7,"time":"2025-12-01T14:30:00.123Z","requestId":"RID","namespace":"K1/us-east-1",)"
        R"("operation":"PutItem","table":"Music","status":400,"errorType":"ValidationException","durationMs":0.081})");
  CHECK(minnow::api::to_json(e, false).starts_with(R"({"time":)"));
}

}  // namespace request_log_test
