// The typed Streams requests without JSON: ListStreams pages after a stream, GetShardIterator's
// positions, GetRecords reads from a position, DescribeStream sees a stream close.
#include "requests/streams.h"

#include <catch2/catch.hpp>

#include "engine/table.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace streams_test {

namespace {

using namespace minnow;
using minnow::test::S;
using Type = requests::ShardIteratorType;

struct StreamsFixture : testing::RequestsFixture {
  std::shared_ptr<engine::Table> create_streamed(const std::string& name, const std::string& label) {
    engine::TableDefinition d;
    d.name = name;
    d.attribute_definitions = {{"pk", model::ValueType::S}};
    d.key_schema_elements = {{"pk", true}};
    d.key_schema.hash = {"pk", model::ValueType::S};
    d.stream = {true, "KEYS_ONLY"};
    d.stream_label = label;
    return database.create(d);
  }
  void put(engine::Table& table, const std::string& pk) {
    model::Item item{{"pk", S(pk)}};
    table.write({{"pk", S(pk)}}, [&](const model::Item*) { return engine::WriteDecision::put(item); });
  }
};

}  // namespace

TEST_CASE("ListStreams: a table's streams or all, a page at a time after ExclusiveStartStreamArn") {
  StreamsFixture f;
  auto a = f.create_streamed("a", "L1")->stream();
  auto b = f.create_streamed("b", "L2")->stream();
  auto c = f.create_streamed("c", "L3")->stream();

  requests::ListStreamsRequest r;
  r.limit = 2;
  requests::ListStreamsResult page = requests::execute(f.context(), r);
  REQUIRE(page.streams.size() == 2);
  CHECK(page.streams[0] == a);
  CHECK(page.streams[1] == b);
  CHECK(page.more);
  r.exclusive_start = page.streams.back();
  page = requests::execute(f.context(), r);
  REQUIRE(page.streams.size() == 1);
  CHECK(page.streams[0] == c);
  CHECK_FALSE(page.more);

  requests::ListStreamsRequest of_b;
  of_b.table_name = "b";
  page = requests::execute(f.context(), of_b);
  REQUIRE(page.streams.size() == 1);
  CHECK(page.streams[0] == b);
}

TEST_CASE("GetShardIterator and GetRecords: positions, reads, the shard's end") {
  StreamsFixture f;
  auto table = f.create_streamed("t", "L");
  auto stream = table->stream();
  f.put(*table, "x");
  f.put(*table, "y");

  auto position = [&](Type type, uint64_t number = 0) {
    return requests::execute(f.context(), requests::GetShardIteratorRequest{stream, type, number}).position;
  };
  auto read = [&](uint64_t from) {
    return requests::execute(f.context(), requests::GetRecordsRequest{stream, from, 1000});
  };

  requests::GetRecordsResult all = read(position(Type::TrimHorizon));
  REQUIRE(all.records.size() == 2);
  const uint64_t first = all.records[0].sequence;
  const uint64_t second = all.records[1].sequence;
  CHECK(position(Type::AtSequenceNumber, second) == second);
  CHECK(position(Type::AfterSequenceNumber, first) == first + 1);
  CHECK(read(position(Type::AfterSequenceNumber, first)).records.at(0).sequence == second);
  CHECK(read(position(Type::Latest)).records.empty());
  CHECK_FALSE(read(position(Type::Latest)).shard_ended);

  CHECK_FALSE(requests::execute(f.context(), requests::DescribeStreamRequest{stream}).ending_sequence);
  stream->close();
  CHECK(requests::execute(f.context(), requests::DescribeStreamRequest{stream}).ending_sequence == second);
  CHECK(read(all.next_position).shard_ended);
}

}  // namespace streams_test
