// The Streams API as typed requests: ListStreams, DescribeStream, GetShardIterator, GetRecords.
// The front end (api/streams) checks the limits, decodes the shard iterator (its text is the
// wire's business), finds the stream the ARN names and checks the shard and sequence number;
// execute() reads the stream and returns what it read as a value, wording nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/stream.h"
#include "requests/context.h"

namespace minnow::requests {

struct ListStreamsRequest {
  std::optional<std::string> table_name;  // TableName: that table's streams only
  std::size_t limit = 100;                // Limit, 1..100
  // ExclusiveStartStreamArn, when it names a stream of this database: the page starts after it.
  std::shared_ptr<const engine::Stream> exclusive_start;
};

struct ListStreamsResult {
  std::vector<std::shared_ptr<engine::Stream>> streams;  // oldest first
  bool more = false;  // LastEvaluatedStreamArn: the last stream's, when true
};

ListStreamsResult execute(const Context& context, const ListStreamsRequest& request);

struct DescribeStreamRequest {
  std::shared_ptr<engine::Stream> stream;
  // Its one shard, unless a ShardFilter (shards here have no children) or an
  // ExclusiveStartShardId of that shard leaves none to describe.
  bool with_shard = true;
};

struct DescribeStreamResult {
  std::optional<uint64_t> ending_sequence;  // a closed stream's (DISABLED); none while ENABLED
};

DescribeStreamResult execute(const Context& context, const DescribeStreamRequest& request);

enum class ShardIteratorType : uint8_t { TrimHorizon, Latest, AtSequenceNumber, AfterSequenceNumber };

struct GetShardIteratorRequest {
  std::shared_ptr<engine::Stream> stream;
  ShardIteratorType type = ShardIteratorType::TrimHorizon;
  uint64_t sequence_number = 0;  // AT_ and AFTER_SEQUENCE_NUMBER: within the shard's range
};

struct GetShardIteratorResult {
  uint64_t position = 0;  // the first sequence number the iterator reads
};

GetShardIteratorResult execute(const Context& context, const GetShardIteratorRequest& request);

struct GetRecordsRequest {
  std::shared_ptr<engine::Stream> stream;  // the iterator's, its shard checked
  uint64_t position = 0;                   // the iterator's
  std::size_t limit = 1000;                // Limit, 1..1000
};

// Trimmed: records from the position were dropped by the 24-hour retention.
using GetRecordsResult = engine::Stream::ReadResult;

GetRecordsResult execute(const Context& context, const GetRecordsRequest& request);

}  // namespace minnow::requests
