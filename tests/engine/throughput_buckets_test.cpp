// The token bucket's arithmetic against AWS's description of provisioned throughput: a bucket
// fills at the provisioned rate, keeps at most 300 seconds of unused capacity (burst capacity),
// and a request charged more than the bucket held leaves a debt the rate pays back.
#include "engine/throughput_buckets.h"

#include <catch2/catch.hpp>

namespace throughput_buckets_test {

using minnow::engine::ThroughputBuckets;
using minnow::engine::ThroughputKind;
using minnow::engine::TokenBucket;

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

TEST_CASE("a table's buckets: reads, writes and each index apart", "[throughput]") {
  ThroughputBuckets buckets;
  CHECK(buckets.admits("", ThroughputKind::Write, 1, 1, 0));
  buckets.charge("", ThroughputKind::Write, 1, 1, 0);
  CHECK_FALSE(buckets.admits("", ThroughputKind::Write, 1, 1, 0));
  CHECK(buckets.admits("", ThroughputKind::Read, 1, 1, 0));
  CHECK(buckets.admits("byColor", ThroughputKind::Write, 1, 1, 0));
  CHECK(buckets.admits("", ThroughputKind::Write, 1, 1, 1'000));
}

TEST_CASE("a partition key value's buckets: 1,000 write and 3,000 read units a second, one second held",
          "[throughput]") {
  ThroughputBuckets buckets;
  CHECK(buckets.admits_key("k", ThroughputKind::Write, 1000, 0));
  CHECK_FALSE(buckets.admits_key("k", ThroughputKind::Write, 1001, 0));
  buckets.charge_key("k", ThroughputKind::Write, 1000, 0);
  CHECK_FALSE(buckets.admits_key("k", ThroughputKind::Write, 1, 0));
  CHECK(buckets.admits_key("other", ThroughputKind::Write, 1, 0));
  CHECK(buckets.admits_key("k", ThroughputKind::Read, 3000, 0));
  CHECK(buckets.admits_key("k", ThroughputKind::Write, 500, 500));
  CHECK_FALSE(buckets.admits_key("k", ThroughputKind::Write, 1001, 60'000));  // no burst beyond a second
}

}  // namespace throughput_buckets_test
