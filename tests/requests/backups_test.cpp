// The typed backups without JSON: CreateBackup snapshots the table into the catalog under the
// identity the front end gave it, and refuses while another backup of the table is CREATING;
// DeleteTable leaves a SYSTEM backup exactly when the table had point-in-time recovery;
// DescribeBackup, DeleteBackup and ListBackups read and change the catalog.
#include "requests/backups.h"

#include <catch2/catch.hpp>

#include "model/attribute_value.h"
#include "requests/items.h"
#include "requests/tables.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace backups_test {

namespace {

using namespace minnow;
using minnow::test::S;

void put(testing::RequestsFixture& f, const std::shared_ptr<engine::Table>& table, const std::string& pk) {
  requests::Put p = requests::Put::of({{"pk", S(pk)}});
  p.key = {{"pk", S(pk)}};
  requests::execute(f.context(), requests::PutItemRequest{table, p});
}

requests::BackupIdentity identity(const std::string& n) { return {"arn:backup/" + n, "arn:table/t", n}; }

}  // namespace

TEST_CASE("CreateBackup: the table as it is, under the front end's names") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  put(f, table, "a");
  put(f, table, "b");
  const requests::CreateBackupResult result =
      requests::execute(f.context(), requests::CreateBackupRequest{table, identity("first")});
  REQUIRE_FALSE(result.in_use);
  CHECK(result.backup.arn == "arn:backup/first");
  CHECK(result.backup.name == "first");
  CHECK(result.backup.type == "USER");
  CHECK(result.backup.item_count == 2);
  put(f, table, "c");  // after the backup: not in it
  const std::optional<engine::Backup> kept = f.database.backups().find("arn:backup/first", 0);
  REQUIRE(kept);
  CHECK(kept->item_count == 2);
  CHECK_FALSE(requests::backup_creating(*kept, 0));  // without -delayTransientStatuses
}

TEST_CASE("CreateBackup: refused while another backup of the table is CREATING") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database database{clock, {.delay_transient_statuses = true}};
  engine::FaultRegistry faults;
  int64_t delay = 0;
  requests::Context context{database, 0, faults, "", "CreateBackup", delay};
  engine::TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema.hash = {"pk", model::ValueType::S};
  auto table = database.create(d);

  CHECK_FALSE(requests::execute(context, requests::CreateBackupRequest{table, identity("one")}).in_use);
  CHECK(requests::execute(context, requests::CreateBackupRequest{table, identity("two")}).in_use);
  CHECK(database.backups().list(0).size() == 1);
  requests::Context later{database, engine::kTransientPhaseMs, faults, "", "CreateBackup", delay};
  CHECK_FALSE(requests::execute(later, requests::CreateBackupRequest{table, identity("two")}).in_use);
}

TEST_CASE("DeleteTable leaves a SYSTEM backup only with point-in-time recovery") {
  testing::RequestsFixture f;
  auto plain = f.create_table("plain");
  CHECK(requests::execute(f.context(), requests::DeleteTableRequest{plain, identity("gone")}).deleted);
  CHECK(f.database.backups().list(0).empty());

  engine::TableDefinition d = f.create_table("recovered")->definition();
  f.database.remove("recovered");
  d.point_in_time_recovery.enabled = true;
  auto recovered = f.database.create(d);
  put(f, recovered, "a");
  CHECK(
      requests::execute(f.context(), requests::DeleteTableRequest{recovered, identity("recovered$DeletedTableBackup")})
          .deleted);
  const auto backups = f.database.backups().list(0);
  REQUIRE(backups.size() == 1);
  CHECK(backups[0].type == "SYSTEM");
  CHECK(backups[0].name == "recovered$DeletedTableBackup");
  CHECK(backups[0].item_count == 1);
  CHECK(backups[0].expiry_ms == requests::kDeletedTableBackupDays * 24 * 3600 * 1000);
}

TEST_CASE("DescribeBackup, DeleteBackup, ListBackups") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  for (const char* name : {"one", "two", "three"})
    REQUIRE_FALSE(requests::execute(f.context(), requests::CreateBackupRequest{table, identity(name)}).in_use);
  CHECK(requests::execute(f.context(), requests::DescribeBackupRequest{"arn:backup/two"})->name == "two");
  CHECK_FALSE(requests::execute(f.context(), requests::DescribeBackupRequest{"arn:backup/none"}));

  using Status = requests::DeleteBackupResult::Status;
  const requests::DeleteBackupResult deleted =
      requests::execute(f.context(), requests::DeleteBackupRequest{"arn:backup/two"});
  CHECK(deleted.status == Status::Deleted);
  CHECK(deleted.backup.name == "two");
  CHECK(requests::execute(f.context(), requests::DeleteBackupRequest{"arn:backup/two"}).status == Status::NotFound);

  // All made at the same instant: ordered by ARN ("arn:backup/one" < "arn:backup/three").
  requests::ListBackupsRequest list;
  list.limit = 1;
  requests::ListBackupsResult first = requests::execute(f.context(), list);
  REQUIRE(first.page.size() == 1);
  CHECK(first.page[0].name == "one");
  CHECK(first.more);
  list.exclusive_start_arn = first.page[0].arn;
  requests::ListBackupsResult second = requests::execute(f.context(), list);
  REQUIRE(second.page.size() == 1);
  CHECK(second.page[0].name == "three");
  CHECK_FALSE(second.more);
  list = {};
  list.backup_type = "SYSTEM";
  CHECK(requests::execute(f.context(), list).page.empty());
  list = {};
  list.table_arn = "arn:table/other";
  CHECK(requests::execute(f.context(), list).page.empty());
  list = {};
  list.created_before_ms = 0;  // all made at 0: none before it
  CHECK(requests::execute(f.context(), list).page.empty());
}

}  // namespace backups_test
