// Backups and point-in-time recovery through the service with an adjustable clock (the system
// clock plus an offset: it ticks, so instants are read back from the service): status
// transitions under -delayTransientStatuses (a backup CREATING, then AVAILABLE; a restored table
// CREATING with RestoreInProgress, then ACTIVE), the recovery window as the clock moves, restores
// to every second of a history, and the SYSTEM backup a deleted table leaves. No reference
// emulator has these: AWS's API reference is the specification (api/backups/backups.h,
// api/recovery/continuous_backups.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>

#include "api/json.h"
#include "engine/database.h"
#include "tests/api/service_harness.h"

namespace backups_test {

namespace {

using namespace minnow;

constexpr int64_t kStartMs = 1796018400000;  // 2026-11-30T06:00:00.000Z
constexpr int64_t kDayMs = 24LL * 3600 * 1000;

struct Harness : testing::ServiceHarness {
  explicit Harness(bool delay = false) : testing::ServiceHarness(engine::DatabaseOptions{delay}) {
    clock.set_ms(kStartMs);
    ok("CreateTable", R"({"TableName":"Src","BillingMode":"PAY_PER_REQUEST",)"
                      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  }

  void put(const std::string& pk, const std::string& value) {
    ok("PutItem", R"({"TableName":"Src","Item":{"pk":{"S":")" + pk + R"("},"v":{"S":")" + value + R"("}}})");
  }
  void remove(const std::string& pk) { ok("DeleteItem", R"({"TableName":"Src","Key":{"pk":{"S":")" + pk + R"("}}})"); }
  // pk -> v of every item of the table.
  std::map<std::string, std::string> items(const std::string& table) {
    auto out = ok("Scan", R"({"TableName":")" + table + R"("})");
    std::map<std::string, std::string> result;
    for (const auto& item : out["Items"].GetArray()) result[item["pk"]["S"].GetString()] = item["v"]["S"].GetString();
    return result;
  }
  std::string backup(const std::string& name) {
    auto out = ok("CreateBackup", R"({"TableName":"Src","BackupName":")" + name + R"("})");
    CHECK(std::string(out["BackupDetails"]["BackupStatus"].GetString()) == "CREATING");
    return out["BackupDetails"]["BackupArn"].GetString();
  }
  std::string backup_status(const std::string& arn) {
    return ok("DescribeBackup",
              R"({"BackupArn":")" + arn + R"("})")["BackupDescription"]["BackupDetails"]["BackupStatus"]
        .GetString();
  }
  void enable_recovery(const std::string& extra = "") {
    ok("UpdateContinuousBackups", R"({"TableName":"Src","PointInTimeRecoverySpecification":)"
                                  R"({"PointInTimeRecoveryEnabled":true)" +
                                      extra + "}}");
  }
  // EarliestRestorableDateTime and LatestRestorableDateTime, epoch ms.
  std::pair<int64_t, int64_t> window() {
    auto out = ok("DescribeContinuousBackups", R"({"TableName":"Src"})");
    const auto& d = out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
    REQUIRE(std::string(d["PointInTimeRecoveryStatus"].GetString()) == "ENABLED");
    return {static_cast<int64_t>(d["EarliestRestorableDateTime"].GetDouble() * 1000 + 0.5),
            static_cast<int64_t>(d["LatestRestorableDateTime"].GetDouble() * 1000 + 0.5)};
  }
  std::string restore_to(const std::string& target, int64_t at_ms) {
    return R"({"SourceTableName":"Src","TargetTableName":")" + target + R"(","RestoreDateTime":)" +
           std::to_string(at_ms / 1000) + "." + std::to_string(1000 + at_ms % 1000).substr(1) + "}";
  }
};

}  // namespace

TEST_CASE("backups: AVAILABLE once CreateBackup has answered, without -delayTransientStatuses", "[backups]") {
  Harness h;
  h.put("a", "1");
  const std::string arn = h.backup("bk1");
  CHECK(arn.find("arn:aws:dynamodb:us-east-1:") == 0);
  CHECK(arn.find(":table/Src/backup/0179601840") != std::string::npos);  // the creation time, 14 digits
  CHECK(h.backup_status(arn) == "AVAILABLE");
  h.ok("RestoreTableFromBackup", R"({"TargetTableName":"Copy","BackupArn":")" + arn + R"("})");
  CHECK(std::string(h.ok("DescribeTable", R"({"TableName":"Copy"})")["Table"]["TableStatus"].GetString()) == "ACTIVE");
  CHECK(h.items("Copy") == std::map<std::string, std::string>{{"a", "1"}});
}

TEST_CASE("backups: CREATING, then AVAILABLE under -delayTransientStatuses; in use meanwhile", "[backups]") {
  Harness h(true);
  h.put("a", "1");
  const std::string arn = h.backup("bk1");
  h.clock.advance_ms(engine::kTransientPhaseMs - 1000);
  CHECK(h.backup_status(arn) == "CREATING");
  CHECK(h.error("DeleteBackup", R"({"BackupArn":")" + arn + R"("})") == "BackupInUseException");
  CHECK(h.error("RestoreTableFromBackup", R"({"TargetTableName":"Copy","BackupArn":")" + arn + R"("})") ==
        "BackupInUseException");
  CHECK(h.error("CreateBackup", R"({"TableName":"Src","BackupName":"bk2"})") == "BackupInUseException");
  auto listed = h.ok("ListBackups", "{}");
  CHECK(std::string(listed["BackupSummaries"][0]["BackupStatus"].GetString()) == "CREATING");

  h.clock.advance_ms(2000);
  CHECK(h.backup_status(arn) == "AVAILABLE");
  auto restored = h.ok("RestoreTableFromBackup", R"({"TargetTableName":"Copy","BackupArn":")" + arn + R"("})");
  CHECK(std::string(restored["TableDescription"]["TableStatus"].GetString()) == "CREATING");
  CHECK(restored["TableDescription"]["RestoreSummary"]["RestoreInProgress"].GetBool());
  h.clock.advance_ms(engine::kTransientPhaseMs - 1000);
  auto table = h.ok("DescribeTable", R"({"TableName":"Copy"})");
  CHECK(std::string(table["Table"]["TableStatus"].GetString()) == "CREATING");
  CHECK(table["Table"]["RestoreSummary"]["RestoreInProgress"].GetBool());
  h.clock.advance_ms(2000);
  table = h.ok("DescribeTable", R"({"TableName":"Copy"})");
  CHECK(std::string(table["Table"]["TableStatus"].GetString()) == "ACTIVE");
  CHECK_FALSE(table["Table"]["RestoreSummary"]["RestoreInProgress"].GetBool());
  CHECK(std::string(table["Table"]["RestoreSummary"]["SourceBackupArn"].GetString()) == arn);
  CHECK(h.items("Copy") == std::map<std::string, std::string>{{"a", "1"}});
  h.ok("DeleteBackup", R"({"BackupArn":")" + arn + R"("})");
  CHECK(h.error("DescribeBackup", R"({"BackupArn":")" + arn + R"("})") == "BackupNotFoundException");
}

TEST_CASE("point-in-time recovery: a restore to any millisecond of the history holds the items of then", "[backups]") {
  Harness h;
  h.put("before", "x");  // written before recovery was enabled, still there at every instant
  h.clock.advance_ms(500);
  h.enable_recovery();
  const int64_t enabled_ms = h.window().first;
  CHECK(enabled_ms >= kStartMs + 500);

  // A history of one change per second: the items at each instant read back after a change (the
  // next change comes a second later, so the state holds for at least that second).
  std::map<int64_t, std::map<std::string, std::string>> states;
  states[enabled_ms] = h.items("Src");
  for (int step = 1; step <= 12; ++step) {
    h.clock.advance_ms(1000);
    const std::string pk = "k" + std::to_string(step % 4);
    if (step % 3 == 0)
      h.remove(pk);
    else
      h.put(pk, "v" + std::to_string(step));
    states[h.window().second] = h.items("Src");
  }
  h.clock.advance_ms(1000);
  const auto [earliest, latest] = h.window();
  CHECK(earliest == enabled_ms);
  CHECK(latest >= states.rbegin()->first + 1000);

  int n = 0;
  for (const auto& [at_ms, expected] : states) {
    for (int64_t offset : {0, 999}) {
      const std::string target = "At" + std::to_string(n++);
      h.ok("RestoreTableToPointInTime", h.restore_to(target, at_ms + offset));
      INFO("restored to " << at_ms + offset);
      CHECK(h.items(target) == expected);
      auto described = h.ok("DescribeTable", R"({"TableName":")" + target + R"("})");
      const auto& summary = described["Table"]["RestoreSummary"];
      CHECK(static_cast<int64_t>(summary["RestoreDateTime"].GetDouble() * 1000 + 0.5) == at_ms + offset);
      CHECK_FALSE(summary.HasMember("SourceBackupArn"));
    }
  }
  // Before the window, and after now.
  CHECK(h.error("RestoreTableToPointInTime", h.restore_to("Early", enabled_ms - 1)) == "InvalidRestoreTimeException");
  CHECK(h.error("RestoreTableToPointInTime", h.restore_to("Late", latest + 60000)) == "InvalidRestoreTimeException");
  h.ok("RestoreTableToPointInTime",
       R"({"SourceTableName":"Src","TargetTableName":"Latest","UseLatestRestorableTime":true})");
  CHECK(h.items("Latest") == h.items("Src"));
}

TEST_CASE("point-in-time recovery: the window follows the period; disabling forgets it", "[backups]") {
  Harness h;
  CHECK(h.error("RestoreTableToPointInTime",
                R"({"SourceTableName":"Src","TargetTableName":"Tgt","UseLatestRestorableTime":true})") ==
        "PointInTimeRecoveryUnavailableException");
  h.enable_recovery(R"(,"RecoveryPeriodInDays":2)");
  const int64_t enabled_ms = h.window().first;
  h.clock.advance_ms(3 * kDayMs);
  auto [earliest, latest] = h.window();
  CHECK(latest - earliest == 2 * kDayMs);
  h.enable_recovery();  // again, with the default period: the window it has is kept
  CHECK(h.window().first == enabled_ms);
  h.ok("UpdateContinuousBackups",
       R"({"TableName":"Src","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":false}})");
  auto out = h.ok("DescribeContinuousBackups", R"({"TableName":"Src"})");
  CHECK(std::string(out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"]
                        .GetString()) == "DISABLED");
  h.clock.advance_ms(1000);
  h.enable_recovery();
  CHECK(h.window().first >= latest + 1000);
}

TEST_CASE("deleting a table with point-in-time recovery leaves a SYSTEM backup for 35 days", "[backups]") {
  Harness h;
  h.put("a", "1");
  h.ok("DeleteTable", R"({"TableName":"Src"})");
  CHECK(h.ok("ListBackups", R"({"BackupType":"ALL"})")["BackupSummaries"].Size() == 0);
  h.ok("CreateTable", R"({"TableName":"Src","BillingMode":"PAY_PER_REQUEST",)"
                      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  h.put("a", "2");
  h.enable_recovery();
  h.ok("DeleteTable", R"({"TableName":"Src"})");
  CHECK(h.ok("ListBackups", "{}")["BackupSummaries"].Size() == 0);  // USER backups only by default
  auto listed = h.ok("ListBackups", R"({"BackupType":"SYSTEM"})");
  REQUIRE(listed["BackupSummaries"].Size() == 1);
  const auto& summary = listed["BackupSummaries"][0];
  CHECK(std::string(summary["BackupName"].GetString()) == "Src$DeletedTableBackup");
  CHECK(std::llround(summary["BackupExpiryDateTime"].GetDouble() * 1000) -
            std::llround(summary["BackupCreationDateTime"].GetDouble() * 1000) ==
        35 * kDayMs);
  const std::string arn = summary["BackupArn"].GetString();
  h.ok("RestoreTableFromBackup", R"({"TargetTableName":"Back","BackupArn":")" + arn + R"("})");
  CHECK(h.items("Back") == std::map<std::string, std::string>{{"a", "2"}});
  h.clock.advance_ms(35 * kDayMs);
  CHECK(h.error("DescribeBackup", R"({"BackupArn":")" + arn + R"("})") == "BackupNotFoundException");
}

}  // namespace backups_test
