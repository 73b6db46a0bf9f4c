#include "server/request_logger.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <string>

namespace request_logger_test {

using minnow::server::LogFormat;

namespace {

minnow::api::RequestLogEntry put_item_entry() {
  minnow::api::RequestLogEntry entry;
  entry.time_ms = 1764599400123;  // 2025-12-01T14:30:00.123Z
  entry.request_id = "RID";
  entry.namespace_id = "AKID/us-east-1";
  entry.operation = "PutItem";
  entry.table = "Music";
  entry.status = 400;
  entry.error_type = "ConditionalCheckFailedException";
  entry.duration_us = 1234;
  return entry;
}

}  // namespace

TEST_CASE("request log lines: text and JSON") {
  const auto entry = put_item_entry();
  CHECK(minnow::server::format_log_line(entry, LogFormat::kText) ==
        "2025-12-01T14:30:00.123Z RID ns=AKID/us-east-1 PutItem table=Music status=400 "
        "error=ConditionalCheckFailedException 1.234ms");
  CHECK(minnow::server::format_log_line(entry, LogFormat::kJson) ==
        R"({"time":"2025-12-01T14:30:00.123Z","requestId":"RID","namespace":"AKID/us-east-1","operation":"PutItem",)"
        R"("table":"Music","status":400,"errorType":"ConditionalCheckFailedException","durationMs":1.234})");
  minnow::api::RequestLogEntry plain;
  plain.time_ms = 0;
  plain.request_id = "R2";
  plain.operation = "GET /";
  plain.status = 200;
  CHECK(minnow::server::format_log_line(plain, LogFormat::kText) ==
        "1970-01-01T00:00:00.000Z R2 GET / status=200 0.000ms");
}

TEST_CASE("the request logger fills the ring, and writes a line when asked to") {
  minnow::api::RequestLog ring;
  std::FILE* out = std::tmpfile();
  REQUIRE(out);
  minnow::server::RequestLogger logger(ring, out, LogFormat::kText);
  minnow::api::Reply reply{404, "", ""};
  logger.record("OPTIONS", "/x", "RID", reply, std::chrono::microseconds(5));
  minnow::api::Reply put{200, "", ""};
  put.summary.operation = "PutItem";
  put.summary.table = "Music";
  put.summary.namespace_id = "shared";
  logger.record("POST", "/", "RID2", put, std::chrono::microseconds(81));
  const auto page = ring.since(0, 10);
  REQUIRE(page.entries.size() == 2);
  CHECK(page.entries[0].operation == "OPTIONS /x");
  CHECK(page.entries[0].status == 404);
  CHECK(page.entries[1].operation == "PutItem");
  CHECK(page.entries[1].table == "Music");
  CHECK(page.entries[1].namespace_id == "shared");
  CHECK(page.entries[1].duration_us == 81);
  std::rewind(out);
  char line[256];
  REQUIRE(std::fgets(line, sizeof line, out));
  CHECK(std::string(line).find(" RID OPTIONS /x status=404 0.005ms\n") != std::string::npos);
  REQUIRE(std::fgets(line, sizeof line, out));
  CHECK(std::string(line).find(" RID2 ns=shared PutItem table=Music status=200 0.081ms\n") != std::string::npos);
  std::fclose(out);
}

}  // namespace request_logger_test
