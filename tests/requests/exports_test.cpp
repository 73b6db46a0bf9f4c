// The typed export without S3: execute hands the files the table's items as they were (a full
// export) or the changes of a window (an incremental one), keeps what the filter accepts,
// counts them and the billed size, and records the export; a files object that cannot start
// fails the export with nothing written.
#include "requests/exports.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "expressions/resolve.h"
#include "model/item_codec.h"
#include "requests/items.h"
#include "requests/recovery.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace exports_test {

namespace {

using namespace minnow;
using minnow::test::N;
using minnow::test::S;

class Collected final : public requests::ExportFiles {
 public:
  std::optional<requests::TransferFailure> refuse;
  std::vector<model::Item> items;
  std::vector<std::pair<bool, bool>> changes;  // new image, old image
  uint64_t finished_items = 0, finished_billed = 0;

  std::optional<requests::TransferFailure> start() override { return refuse; }
  void add_item(std::string_view encoded) override { items.push_back(model::decode_item(encoded)); }
  void add_change(int64_t, const model::Item&, std::string_view new_item, std::string_view old_item) override {
    changes.emplace_back(!new_item.empty(), !old_item.empty());
  }
  std::optional<requests::TransferFailure> finish(uint64_t item_count, uint64_t billed) override {
    finished_items = item_count;
    finished_billed = billed;
    return std::nullopt;
  }
};

struct Exported {
  testing::RequestsFixture f;
  std::shared_ptr<engine::Table> table = f.create_table("t");

  // The requests' time is the clock's: the recovery log records the writes at it.
  requests::Context context() {
    requests::Context c = f.context();
    c.now_ms = f.clock.now_ms();
    return c;
  }

  Exported() {
    requests::execute(context(), requests::UpdateContinuousBackupsRequest{table, true, 35});
    put("a", 1);
    put("b", 2);
  }
  void put(const std::string& pk, int n) {
    requests::Put p = requests::Put::of({{"pk", S(pk)}, {"n", N(n)}});
    p.key = {{"pk", S(pk)}};
    requests::execute(context(), requests::PutItemRequest{table, p});
  }
  requests::ExportTableToPointInTimeRequest request(std::shared_ptr<Collected> files) {
    requests::ExportTableToPointInTimeRequest r;
    r.table = table;
    r.record.arn = "arn:export/1";
    r.record.export_time_ms = f.clock.now_ms();
    r.files = std::move(files);
    return r;
  }
};

}  // namespace

TEST_CASE("Export: a full export hands over every item, counted, and records the export") {
  Exported e;
  auto files = std::make_shared<Collected>();
  const engine::ExportRecord record = requests::execute(e.context(), e.request(files));
  CHECK(files->items.size() == 2);
  CHECK(record.item_count == 2);
  CHECK(files->finished_items == 2);
  CHECK(record.billed_size_bytes > 0);
  CHECK(files->finished_billed == record.billed_size_bytes);
  CHECK(record.failure_code.empty());
  CHECK(e.f.database.transfers().exports.find("arn:export/1"));
}

TEST_CASE("Export: the filter keeps the items it accepts") {
  Exported e;
  auto files = std::make_shared<Collected>();
  requests::ExportTableToPointInTimeRequest r = e.request(files);
  const expressions::ValueMap values{{":two", N(2)}};
  r.filter = expressions::compile_request({.filter = "n = :two", .values = &values}).filter;
  const engine::ExportRecord record = requests::execute(e.context(), r);
  REQUIRE(files->items.size() == 1);
  CHECK(files->items[0].at("pk") == S("b"));
  CHECK(record.item_count == 1);
}

TEST_CASE("Export: files that cannot start fail the export, nothing handed over") {
  Exported e;
  auto files = std::make_shared<Collected>();
  files->refuse = requests::TransferFailure{"S3NoSuchBucket", "no bucket"};
  const engine::ExportRecord record = requests::execute(e.context(), e.request(files));
  CHECK(record.failure_code == "S3NoSuchBucket");
  CHECK(files->items.empty());
  CHECK(record.item_count == 0);
  CHECK(e.f.database.transfers().exports.find("arn:export/1"));
}

}  // namespace exports_test
