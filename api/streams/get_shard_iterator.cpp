// GetShardIterator: where in a shard GetRecords starts.
//
// Order: the Shape (StreamArn, ShardId, ShardIteratorType required; SequenceNumber 21..40
// characters); a SequenceNumber exactly for AT_/AFTER_SEQUENCE_NUMBER; the stream ("Stream does
// not exist"), the shard ("Shard does not exist"); the sequence number within the shard's range
// ("Invalid SequenceNumber for the shard"). TRIM_HORIZON starts at the oldest record kept,
// LATEST just after the newest, AT_ at the number, AFTER_ just after it.
#include "api/streams/streams.h"
#include "model/stream_errors.h"

namespace minnow::api::streams {

namespace {

const Shape kShape(R"({
  "StreamArn": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024},
  "ShardId": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 28, "lengthLessThanOrEqual": 65},
  "ShardIteratorType": {"type": "String", "notNull": true,
                        "enum": ["TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"]},
  "SequenceNumber": {"type": "String", "lengthGreaterThanOrEqual": 21, "lengthLessThanOrEqual": 40}
})");

void get_shard_iterator(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const std::string_view type = view(request["ShardIteratorType"]);
  const bool at_number = type == "AT_SEQUENCE_NUMBER" || type == "AFTER_SEQUENCE_NUMBER";
  const JsonValue* sequence = member(request, "SequenceNumber");
  if (at_number && !sequence) throw model::Error(model::kSequenceNumberRequired);
  if (!at_number && sequence) throw model::Error(model::kSequenceNumberNotAllowed);

  std::string arn(view(request["StreamArn"]));
  auto stream = find_stream(context, arn);
  if (!stream) throw model::Error(model::kStreamDoesNotExist);
  if (view(request["ShardId"]) != stream->shard_id()) throw model::Error(model::kShardDoesNotExist);

  uint64_t position = 0;
  if (at_number) {
    std::optional<uint64_t> number = engine::parse_sequence_number(view(*sequence));
    std::optional<uint64_t> ending = stream->ending_sequence();
    if (!number || *number < stream->starting_sequence() || (ending && *number > *ending))
      throw model::Error(model::kSequenceNumberNotInShard);
    position = type == "AT_SEQUENCE_NUMBER" ? *number : *number + 1;
  } else {
    position = type == "TRIM_HORIZON" ? stream->trim_horizon_position() : stream->latest_position();
  }

  std::string iterator = encode_iterator({arn, stream->shard_id(), position, context.now_ms});
  out.StartObject();
  out.Key("ShardIterator");
  out.String(iterator.data(), iterator.size());
  out.EndObject();
}

}  // namespace

const Action kGetShardIterator{"GetShardIterator", &kShape, get_shard_iterator};

}  // namespace minnow::api::streams
