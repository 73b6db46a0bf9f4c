// The typed loads without S3: ImportTable creates its table and loads the items a source hands
// it, counting processed, imported and errored items and reporting each refused one; a source
// that cannot be read fails the import and takes the table away again; StartBulkPutItems loads
// an existing table and settles its final status; both land in the transfers catalog.
#include "requests/loads.h"

#include <catch2/catch.hpp>
#include <vector>

#include "model/attribute_value.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace loads_test {

namespace {

using namespace minnow;
using minnow::test::N;
using minnow::test::S;

// Hands over fixed items (an absent one is an error record "unreadable"), or fails at once.
class FixedSource final : public requests::ItemSource {
 public:
  std::vector<std::optional<model::Item>> items;
  std::optional<requests::TransferFailure> failure;

  std::optional<requests::TransferFailure> read(const model::KeySchema&, uint64_t& total_bytes,
                                                Visitor visit) const override {
    if (failure) return failure;
    total_bytes += 100;
    std::size_t line = 0;
    for (const auto& item : items) {
      model::Item copy = item.value_or(model::Item{});
      visit(item ? &copy : nullptr, item ? "" : "unreadable", {&key_, ++line});
    }
    return std::nullopt;
  }

 private:
  const std::string key_ = "data.json";
};

class Collected final : public requests::ErrorRecords {
 public:
  std::vector<std::pair<std::size_t, std::string>> records;
  bool finished = false;
  void add(const requests::SourceLocation& where, const std::string& message) override {
    records.emplace_back(where.line, message);
  }
  std::optional<requests::TransferFailure> finish() override {
    finished = true;
    return std::nullopt;
  }
};

std::shared_ptr<FixedSource> source_of(std::vector<std::optional<model::Item>> items) {
  auto source = std::make_shared<FixedSource>();
  source->items = std::move(items);
  return source;
}

requests::ImportTableRequest import_request(std::shared_ptr<const requests::ItemSource> source,
                                            std::shared_ptr<requests::ErrorRecords> errors) {
  requests::ImportTableRequest r;
  engine::TableDefinition& d = r.table.definition;
  d.name = "imported";
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema.hash = {"pk", model::ValueType::S};
  r.record.arn = "arn:import/1";
  r.source = std::move(source);
  r.errors = std::move(errors);
  return r;
}

}  // namespace

TEST_CASE("ImportTable: the table made and loaded, refused items counted and reported") {
  testing::RequestsFixture f;
  auto errors = std::make_shared<Collected>();
  auto source = source_of({model::Item{{"pk", S("a")}}, std::nullopt, model::Item{{"pk", N(1)}},
                           model::Item{{"pk", S("b")}, {"x", S("y")}}});
  const requests::ImportTableResult result = requests::execute(f.context(), import_request(source, errors));
  REQUIRE(result.created);
  CHECK(result.record.processed_item_count == 4);
  CHECK(result.record.imported_item_count == 2);
  CHECK(result.record.error_count == 2);
  CHECK(result.record.processed_size_bytes == 100);
  CHECK(result.record.failure_code.empty());
  REQUIRE(errors->records.size() == 2);
  CHECK(errors->records[0] == std::pair<std::size_t, std::string>{2, "unreadable"});
  CHECK(errors->records[1].first == 3);  // a number where the key is a string
  CHECK(errors->finished);
  auto table = f.database.find("imported");
  REQUIRE(table);
  CHECK(table->item_count() == 2);
  CHECK(f.database.transfers().imports.find("arn:import/1"));
}

TEST_CASE("ImportTable: a source that cannot be read fails the import and removes the table") {
  testing::RequestsFixture f;
  auto source = source_of({});
  source->failure = requests::TransferFailure{"S3NoSuchBucket", "no bucket"};
  const requests::ImportTableResult result =
      requests::execute(f.context(), import_request(source, std::make_shared<Collected>()));
  REQUIRE(result.created);
  CHECK(result.record.failure_code == "S3NoSuchBucket");
  CHECK_FALSE(f.database.find("imported"));
  CHECK(f.database.transfers().imports.find("arn:import/1"));
}

TEST_CASE("ImportTable: a taken name changes nothing") {
  testing::RequestsFixture f;
  f.create_table("imported");
  const requests::ImportTableResult result =
      requests::execute(f.context(), import_request(source_of({}), std::make_shared<Collected>()));
  CHECK_FALSE(result.created);
  CHECK_FALSE(f.database.transfers().imports.find("arn:import/1"));
}

TEST_CASE("StartBulkPutItems: puts into the existing table and settles the final status") {
  testing::RequestsFixture f;
  auto table = f.create_table("t");
  requests::StartBulkPutItemsRequest r;
  r.table = table;
  r.record.arn = "arn:bulk/1";
  r.source = source_of({model::Item{{"pk", S("a")}}, model::Item{{"pk", S("b")}}});
  auto errors = std::make_shared<Collected>();
  r.errors = errors;
  engine::BulkOperationRecord record = requests::execute(f.context(), r);
  CHECK(record.final_status == "COMPLETED");
  CHECK(record.processed_item_count == 2);
  CHECK(record.failed_item_count == 0);
  CHECK(record.total_input_bytes == 100);
  CHECK(record.processed_input_bytes == 100);
  CHECK(record.bulk_put_bytes > 0);
  CHECK(table->item_count() == 2);

  r.record.arn = "arn:bulk/2";
  r.source = source_of({model::Item{{"pk", S("c")}}, model::Item{{"other", S("no key")}}});
  record = requests::execute(f.context(), r);
  CHECK(record.final_status == "COMPLETED_WITH_ERRORS");
  CHECK(record.failed_item_count == 1);
  CHECK(f.database.transfers().bulk_operations.find("arn:bulk/2"));
}

}  // namespace loads_test
