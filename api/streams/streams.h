// The DynamoDB Streams API (X-Amz-Target DynamoDBStreams_20120810.<Action>), on the same port
// as DynamoDB: ListStreams, DescribeStream, GetShardIterator, GetRecords, one per file here,
// over the engine's StreamRegistry (engine/stream.h).
//
// Stream ARN: the table ARN + "/stream/" + label. Shard iterators are opaque to clients:
// "<StreamArn>|001|" + base64 of "shardId|position|created millis|check", where position is
// the first sequence number the iterator reads and check a hash of the rest (a forged or
// truncated iterator is "Invalid ShardIterator"). They expire 15 minutes (by the engine clock)
// after GetShardIterator or GetRecords made them.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "api/operations.h"
#include "engine/stream.h"

namespace minnow::api::streams {

inline constexpr int64_t kIteratorLifetimeMs = 15 * 60 * 1000;

std::string stream_arn(const ActionContext& context, const engine::Stream& stream);
// The stream an ARN names in this region and account; null when none. An ARN that is not a
// stream ARN (arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME/stream/LABEL) is "Invalid
// StreamArn".
std::shared_ptr<engine::Stream> find_stream(const ActionContext& context, std::string_view arn);

struct ShardIterator {
  std::string stream_arn;
  std::string shard_id;
  uint64_t position = 0;
  int64_t created_ms = 0;
};
std::string encode_iterator(const ShardIterator& iterator);
// Throws ValidationException "Invalid ShardIterator" when `text` is not one we made.
ShardIterator decode_iterator(std::string_view text);

}  // namespace minnow::api::streams
