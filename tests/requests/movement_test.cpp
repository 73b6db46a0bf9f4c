// The typed Describe and List of data movement without JSON: a record by ARN, and pages newest
// ARN first, filtered by table where the record has one, with a NextToken only when more follow.
#include "requests/movement.h"

#include <catch2/catch.hpp>

#include "tests/requests/fixture.h"

namespace movement_test {

namespace {

using namespace minnow;

engine::ExportRecord export_record(std::string arn, std::string table_arn) {
  engine::ExportRecord r;
  r.arn = std::move(arn);
  r.table_arn = std::move(table_arn);
  return r;
}

}  // namespace

TEST_CASE("Describe and List of exports, and of bulk operations") {
  testing::RequestsFixture f;
  for (const char* arn : {"arn/1", "arn/2", "arn/3"})
    f.database.transfers().exports.add(export_record(arn, std::string(arn) == "arn/2" ? "table/b" : "table/a"));

  CHECK(requests::execute(f.context(), requests::DescribeTransferRequest<engine::ExportRecord>{"arn/2"})->table_arn ==
        "table/b");
  CHECK_FALSE(requests::execute(f.context(), requests::DescribeTransferRequest<engine::ExportRecord>{"arn/9"}));

  requests::ListTransfersRequest<engine::ExportRecord> list;
  list.limit = 2;
  auto first = requests::execute(f.context(), list);
  REQUIRE(first.page.size() == 2);
  CHECK(first.page[0].arn == "arn/3");
  CHECK(first.page[1].arn == "arn/2");
  CHECK(first.next_token == "arn/2");
  list.next_token = first.next_token;
  auto second = requests::execute(f.context(), list);
  REQUIRE(second.page.size() == 1);
  CHECK(second.page[0].arn == "arn/1");
  CHECK(second.next_token.empty());

  requests::ListTransfersRequest<engine::ExportRecord> of_a;
  of_a.table_arn = "table/a";
  of_a.limit = 2;
  auto a = requests::execute(f.context(), of_a);
  CHECK(a.page.size() == 2);
  CHECK(a.next_token.empty());  // a full page with nothing after it

  engine::BulkOperationRecord bulk;
  bulk.arn = "bulk/1";
  f.database.transfers().bulk_operations.add(bulk);
  requests::ListTransfersRequest<engine::BulkOperationRecord> bulks;
  bulks.table_arn = "ignored";  // bulk operations have no table to filter by
  CHECK(requests::execute(f.context(), bulks).page.size() == 1);
}

}  // namespace movement_test

namespace movement_test {

TEST_CASE("CancelBulkOperation: only an operation in progress") {
  testing::RequestsFixture f;
  using Status = requests::CancelBulkOperationResult::Status;
  // At 1 ms: a cancellation is stamped with its time, and 0 means none.
  requests::Context at{f.database, 1, f.faults, "", "CancelBulkOperation", f.reply_delay_ms};
  engine::BulkOperationRecord running;
  running.arn = "bulk/running";
  running.done_ms = 1000;  // in progress at 1 ms
  f.database.transfers().bulk_operations.add(running);
  engine::BulkOperationRecord over;
  over.arn = "bulk/over";
  over.final_status = "COMPLETED";
  f.database.transfers().bulk_operations.add(over);

  CHECK(requests::execute(at, requests::CancelBulkOperationRequest{"bulk/none"}).result == Status::NotFound);
  const auto over_result = requests::execute(at, requests::CancelBulkOperationRequest{"bulk/over"});
  CHECK(over_result.result == Status::NotCancellable);
  CHECK(over_result.status == "COMPLETED");
  CHECK(requests::execute(at, requests::CancelBulkOperationRequest{"bulk/running"}).result == Status::Cancelling);
  CHECK(requests::bulk_status(*f.database.transfers().bulk_operations.find("bulk/running"), 1) == "CANCELLING");
  const auto again = requests::execute(at, requests::CancelBulkOperationRequest{"bulk/running"});
  CHECK(again.result == Status::NotCancellable);
  CHECK(again.status == "CANCELLING");
  CHECK(requests::bulk_status(*f.database.transfers().bulk_operations.find("bulk/running"), 1000) == "CANCELLED");
}

}  // namespace movement_test
