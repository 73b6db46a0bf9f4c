// DescribeStream: the StreamDescription with its one shard.
//
// Order: the Shape (StreamArn required, 37..1024 characters; Limit >= 1; ExclusiveStartShardId
// 28..65 characters), Limit <= 100, then the lookup ("Requested resource not found: Stream: X
// not found"). A closed stream (disabled, or its table deleted) is DISABLED and its shard has an
// EndingSequenceNumber. Shards have no children here, so a ShardFilter (CHILD_SHARDS, with the
// parent's ShardId) or an ExclusiveStartShardId at or after the one shard's leaves no shard to
// describe. A StreamArn that is not a stream ARN is "Invalid StreamArn" (find_stream).
#include "api/descriptions.h"
#include "api/streams/streams.h"
#include "model/stream_errors.h"
#include "requests/streams.h"

namespace minnow::api::streams {

namespace describe_stream {

const Shape kShape(R"({
  "StreamArn": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1},
  "ExclusiveStartShardId": {"type": "String", "lengthGreaterThanOrEqual": 28, "lengthLessThanOrEqual": 65},
  "ShardFilter": {"type": "FieldStruct<ShardFilter>", "children": {
    "Type": {"type": "String", "notNull": true, "enum": ["CHILD_SHARDS"]},
    "ShardId": {"type": "String", "lengthGreaterThanOrEqual": 28, "lengthLessThanOrEqual": 65}}}
})");

constexpr int64_t kMaxLimit = 100;

requests::DescribeStreamRequest decode(const ActionContext& context, const JsonValue& json) {
  if (const JsonValue* v = member(json, "Limit"); v && coral_long(*v) > kMaxLimit)
    throw model::Error(model::kDescribeStreamLimitTooLarge);
  requests::DescribeStreamRequest r;
  const std::string_view arn = view(json["StreamArn"]);
  r.stream = find_stream(context, arn);
  if (!r.stream) throw model::stream_not_found(std::string(arn));
  const JsonValue* filter = member(json, "ShardFilter");
  if (filter && !member(*filter, "ShardId")) throw model::Error(model::kShardFilterWithoutShardId);
  r.with_shard = !filter;
  // Shards are listed in the order of their ids, after ExclusiveStartShardId, whether or not a
  // shard has that id.
  if (const JsonValue* v = member(json, "ExclusiveStartShardId"); v && !(view(*v) < r.stream->shard_id()))
    r.with_shard = false;
  return r;
}

void describe_stream(const ActionContext& context, requests::DescribeStreamRequest request, JsonWriter& out) {
  const std::optional<uint64_t> ending = requests::execute(context.requests(), request).ending_sequence;
  const engine::Stream& stream = *request.stream;

  out.StartObject();
  out.Key("StreamDescription");
  out.StartObject();
  out.Key("CreationRequestDateTime");
  out.Double(static_cast<double>(stream.created_ms()) / 1000.0);
  write_key_schema(out, stream.key_schema());
  out.Key("Shards");
  out.StartArray();
  if (request.with_shard) {
    out.StartObject();
    out.Key("SequenceNumberRange");
    out.StartObject();
    if (ending) write_string(out, "EndingSequenceNumber", engine::format_sequence_number(*ending));
    write_string(out, "StartingSequenceNumber", engine::format_sequence_number(stream.starting_sequence()));
    out.EndObject();
    write_string(out, "ShardId", stream.shard_id());
    out.EndObject();
  }
  out.EndArray();
  write_string(out, "StreamArn", stream_arn(context, stream));
  write_string(out, "StreamLabel", stream.label());
  out.Key("StreamStatus");
  out.String(ending ? "DISABLED" : "ENABLED");
  write_string(out, "StreamViewType", stream.view_type());
  write_string(out, "TableName", stream.table_name());
  out.EndObject();
  out.EndObject();
}

}  // namespace describe_stream

const Action kDescribeStream{"DescribeStream", &describe_stream::kShape, describe_stream::decode,
                             describe_stream::describe_stream};

}  // namespace minnow::api::streams
