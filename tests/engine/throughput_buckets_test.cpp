// The token bucket's arithmetic against AWS's description of provisioned throughput: a bucket
// fills at the provisioned rate, keeps at most 300 seconds of unused capacity (burst capacity),
// and a request charged more than the bucket held leaves a debt the rate pays back.
#include "engine/throughput_buckets.h"

#include <catch2/catch.hpp>

#include "engine/table_definition.h"

namespace throughput_buckets_test {

using minnow::engine::ThroughputBuckets;
using minnow::engine::ThroughputKind;
using minnow::engine::TokenBucket;

const std::string kTable;  // the table's own keys

TEST_CASE("a bucket starts with one second of capacity and fills at its rate", "[throughput]") {
  TokenBucket bucket;
  CHECK(bucket.available(10, 1'000) == 10);
  bucket.charge(10, 10, 1'000);
  CHECK(bucket.available(10, 1'000) == 0);
  CHECK(bucket.available(10, 1'500) == 5);  // half a second at 10 units per second
  CHECK(bucket.available(10, 2'000) == 10);
}

TEST_CASE("burst capacity: at most 300 seconds of unused capacity", "[throughput]") {
  // AWS's example: a table of 100 read units left unused for five minutes can serve 30,000 units
  // at once, and no more however long it waited.
  TokenBucket bucket;
  bucket.available(100, 0);
  CHECK(bucket.available(100, 300'000) == 30'000);
  CHECK(bucket.available(100, 3'600'000) == 30'000);
  bucket.charge(100, 30'000, 3'600'000);
  CHECK(bucket.available(100, 3'600'000) == 0);
}

TEST_CASE("a charge beyond what the bucket holds is a debt the rate pays back", "[throughput]") {
  TokenBucket bucket;
  bucket.charge(1, 10, 0);  // a 10 KB item written with 1 write unit per second
  CHECK(bucket.available(1, 0) == -9);
  CHECK(bucket.available(1, 9'000) == 0);
  CHECK(bucket.available(1, 10'000) == 1);
}

TEST_CASE("a clock set back fills nothing; a lower rate caps what the bucket holds", "[throughput]") {
  TokenBucket bucket;
  bucket.charge(5, 5, 10'000);
  CHECK(bucket.available(5, 4'000) == 0);
  CHECK(bucket.available(5, 5'000) == 5);       // one second after the time it was set back to
  CHECK(bucket.available(1, 1'000'000) == 300);  // UpdateTable to 1 unit: 300 s of it at most
}

TEST_CASE("a request a moment behind another fills nothing twice", "[throughput]") {
  TokenBucket bucket;
  bucket.charge(10, 10, 2'000);
  CHECK(bucket.available(10, 1'900) == 0);  // arrived 100 ms earlier, reaches the bucket later
  CHECK(bucket.available(10, 2'100) == 1);  // 100 ms after 2,000, not after 1,900
}

TEST_CASE("a charge larger than a bucket can hold is admitted when it is full", "[throughput]") {
  ThroughputBuckets buckets;
  // A maximum of one unit a second, held one second, and a transaction's two units.
  CHECK(buckets.admits("", ThroughputKind::Write, 1, 1, 2, 0));
  buckets.charge("", ThroughputKind::Write, 1, 1, 2, 0);
  CHECK_FALSE(buckets.admits("", ThroughputKind::Write, 1, 1, 2, 1'000));  // -1, then 0
  CHECK(buckets.admits("", ThroughputKind::Write, 1, 1, 2, 2'000));        // full: its one unit
}

TEST_CASE("a table's buckets: reads, writes and each index apart", "[throughput]") {
  ThroughputBuckets buckets;
  const int64_t burst = minnow::engine::kBurstSeconds;
  CHECK(buckets.admits("", ThroughputKind::Write, 1, burst, 1, 0));
  buckets.charge("", ThroughputKind::Write, 1, burst, 1, 0);
  CHECK_FALSE(buckets.admits("", ThroughputKind::Write, 1, burst, 1, 0));
  CHECK(buckets.admits("", ThroughputKind::Read, 1, burst, 1, 0));
  CHECK(buckets.admits("byColor", ThroughputKind::Write, 1, burst, 1, 0));
  CHECK(buckets.admits("", ThroughputKind::Write, 1, burst, 1, 1'000));
}

TEST_CASE("a partition key value's buckets: 1,000 write and 3,000 read units a second, one second held",
          "[throughput]") {
  ThroughputBuckets buckets;
  const minnow::model::AttributeValue k(std::string("k")), other(std::string("other"));
  CHECK(buckets.admits_key({kTable, k}, ThroughputKind::Write, 1000, 0));
  buckets.charge_key({kTable, k}, ThroughputKind::Write, 1000, 0);
  CHECK_FALSE(buckets.admits_key({kTable, k}, ThroughputKind::Write, 1, 0));
  CHECK(buckets.admits_key({kTable, other}, ThroughputKind::Write, 1, 0));
  CHECK(buckets.admits_key({kTable, k}, ThroughputKind::Read, 3000, 0));
  CHECK(buckets.admits_key({kTable, k}, ThroughputKind::Write, 500, 500));
  CHECK_FALSE(buckets.admits_key({kTable, k}, ThroughputKind::Write, 501, 500));
  // No burst beyond a second: a minute later it holds 1,000 units, not 60,000.
  buckets.charge_key({kTable, k}, ThroughputKind::Write, 1000, 60'000);
  CHECK_FALSE(buckets.admits_key({kTable, k}, ThroughputKind::Write, 1, 60'000));
}

TEST_CASE("the report: rates, what is held and consumed, the last minute, hot keys, refusals", "[throughput]") {
  ThroughputBuckets buckets;
  const minnow::model::AttributeValue hot(std::string("hot"));
  buckets.charge("", ThroughputKind::Write, 5, minnow::engine::kBurstSeconds, 3, 10'000);
  buckets.charge("", ThroughputKind::Write, 5, minnow::engine::kBurstSeconds, 2, 10'500);
  buckets.charge("", ThroughputKind::Write, 5, minnow::engine::kBurstSeconds, 1, 12'000);
  buckets.charge_key({kTable, hot}, ThroughputKind::Write, 900, 12'000);
  buckets.note_throttle("", ThroughputKind::Write, {12'000, "PutItem", "TableWriteKeyRangeThroughputExceeded", "arn", hot});
  const minnow::engine::ThroughputReport report = buckets.report(12'000);
  REQUIRE(report.buckets.size() == 1);
  CHECK(report.buckets[0].rate == 5);
  CHECK(report.buckets[0].consumed == 6);
  CHECK(report.buckets[0].available == 9);  // 5 at first, -3, +2.5, -2, +7.5, -1
  CHECK(report.buckets[0].last_minute == std::vector<std::pair<int64_t, double>>{{10, 5}, {12, 1}});
  REQUIRE(report.hot_keys.size() == 1);
  CHECK(report.hot_keys[0].key == hot);
  CHECK(report.hot_keys[0].available == 100);
  CHECK(report.hot_keys[0].throttled == 1);
  REQUIRE(report.throttles.size() == 1);
  CHECK(report.throttles[0].reason == "TableWriteKeyRangeThroughputExceeded");
  // A minute later the seconds are gone, the totals stay.
  const minnow::engine::ThroughputReport later = buckets.report(80'000);
  CHECK(later.buckets[0].last_minute.empty());
  CHECK(later.buckets[0].consumed == 6);
}

TEST_CASE("a global index's partition key values have buckets of their own", "[throughput]") {
  ThroughputBuckets buckets;
  const std::string index = "byColor";
  const minnow::model::AttributeValue red(std::string("red"));
  const minnow::model::AttributeValue pair(minnow::model::AttributeList{red, minnow::model::AttributeValue(std::string("x"))});
  buckets.charge_key({index, red}, ThroughputKind::Write, 1000, 0);
  CHECK_FALSE(buckets.admits_key({index, red}, ThroughputKind::Write, 1, 0));
  CHECK(buckets.admits_key({kTable, red}, ThroughputKind::Write, 1, 0));  // the table's "red" is another key
  CHECK(buckets.admits_key({index, pair}, ThroughputKind::Write, 1, 0));  // a multi-attribute value
  buckets.charge_key({index, pair}, ThroughputKind::Write, 1000, 0);
  CHECK_FALSE(buckets.admits_key({index, pair}, ThroughputKind::Write, 1, 0));
  const minnow::engine::ThroughputReport report = buckets.report(0);
  REQUIRE(report.hot_keys.size() == 2);
  CHECK(report.hot_keys[0].index == index);
}

TEST_CASE("the settled peak: a second's consumption counts once it is 30 minutes old", "[throughput]") {
  ThroughputBuckets buckets;
  buckets.charge("", ThroughputKind::Write, 4000, 1, 3000, 10'000);  // second 10, minute 0
  buckets.charge("", ThroughputKind::Write, 4000, 1, 500, 10'500);   // the same second: 3,500
  buckets.charge("", ThroughputKind::Write, 4000, 1, 100, 70'000);   // minute 1
  CHECK(buckets.settled_peak("", ThroughputKind::Write, 10'000) == 0);
  CHECK(buckets.settled_peak("", ThroughputKind::Write, (1800 + 58) * 1000) == 0);  // minute 0 ends at 59
  CHECK(buckets.settled_peak("", ThroughputKind::Write, (1800 + 59) * 1000) == 3500);
  CHECK(buckets.settled_peak("", ThroughputKind::Read, (1800 + 59) * 1000) == 0);
}

// AWS's "Partitions and data distribution" worked example: 1,000 read and 500 write units make
// 1,000 / 3,000 + 500 / 1,000 = 0.8333, one partition; then by throughput and by size.
TEST_CASE("a table's partitions, from its throughput and its size", "[throughput]") {
  using minnow::engine::BillingMode;
  using minnow::engine::partitions;
  minnow::engine::TableDefinition table;
  table.throughput.read_capacity_units = 1000;
  table.throughput.write_capacity_units = 500;
  CHECK(partitions(table, 0) == 1);
  table.throughput.read_capacity_units = 5000;  // 1.67 + 2 = 3.67
  table.throughput.write_capacity_units = 2000;
  CHECK(partitions(table, 0) == 4);
  const uint64_t gb = 1024ull * 1024 * 1024;
  CHECK(partitions(table, 25 * gb) == 4);  // 3 by size: throughput calls for more
  CHECK(partitions(table, 55 * gb) == 6);  // 6 by size
  table.billing_mode = BillingMode::PayPerRequest;  // 12,000 read or 4,000 write units at once
  CHECK(partitions(table, 0) == 4);
  table.warm_throughput = minnow::engine::WarmThroughput{30000, 4000};
  CHECK(partitions(table, 0) == 10);
}

}  // namespace throughput_buckets_test
