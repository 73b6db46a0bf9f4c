// GetShardIterator: where in a shard GetRecords starts.
//
// Order: the Shape (StreamArn, ShardId, ShardIteratorType required; SequenceNumber 21..40
// characters); a SequenceNumber exactly for AT_/AFTER_SEQUENCE_NUMBER; the stream ("Stream does
// not exist"), the shard ("Shard does not exist"); the sequence number within the shard's range
// ("Invalid SequenceNumber for the shard"). TRIM_HORIZON starts at the oldest record kept,
// LATEST just after the newest, AT_ at the number, AFTER_ just after it.
#include "api/streams/streams.h"
#include "model/stream_errors.h"
#include "requests/streams.h"

namespace minnow::api::streams {

namespace get_shard_iterator {

const Shape kShape(R"({
  "StreamArn": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024},
  "ShardId": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 28, "lengthLessThanOrEqual": 65},
  "ShardIteratorType": {"type": "String", "notNull": true,
                        "enum": ["TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"]},
  "SequenceNumber": {"type": "String", "lengthGreaterThanOrEqual": 21, "lengthLessThanOrEqual": 40}
})");

requests::ShardIteratorType iterator_type(std::string_view type) {
  using Type = requests::ShardIteratorType;
  if (type == "AT_SEQUENCE_NUMBER") return Type::AtSequenceNumber;
  if (type == "AFTER_SEQUENCE_NUMBER") return Type::AfterSequenceNumber;
  return type == "LATEST" ? Type::Latest : Type::TrimHorizon;  // the Shape allows no other
}

requests::GetShardIteratorRequest decode(const ActionContext& context, const JsonValue& json) {
  using Type = requests::ShardIteratorType;
  requests::GetShardIteratorRequest r;
  r.type = iterator_type(view(json["ShardIteratorType"]));
  const bool at_number = r.type == Type::AtSequenceNumber || r.type == Type::AfterSequenceNumber;
  const JsonValue* sequence = member(json, "SequenceNumber");
  if (at_number && !sequence) throw model::Error(model::kSequenceNumberRequired);
  if (!at_number && sequence) throw model::Error(model::kSequenceNumberNotAllowed);

  r.stream = find_stream(context, view(json["StreamArn"]));
  if (!r.stream) throw model::Error(model::kStreamDoesNotExist);
  if (view(json["ShardId"]) != r.stream->shard_id()) throw model::Error(model::kShardDoesNotExist);

  if (at_number) {
    std::optional<uint64_t> number = engine::parse_sequence_number(view(*sequence));
    std::optional<uint64_t> ending = r.stream->ending_sequence();
    if (!number || *number < r.stream->starting_sequence() || (ending && *number > *ending))
      throw model::Error(model::kSequenceNumberNotInShard);
    r.sequence_number = *number;
  }
  return r;
}

void get_shard_iterator(const ActionContext& context, requests::GetShardIteratorRequest request, JsonWriter& out) {
  const uint64_t position = requests::execute(context.requests(), request).position;
  const std::string iterator =
      encode_iterator({stream_arn(context, *request.stream), request.stream->shard_id(), position, context.now_ms});
  out.StartObject();
  out.Key("ShardIterator");
  out.String(iterator.data(), iterator.size());
  out.EndObject();
}

}  // namespace get_shard_iterator

const Action kGetShardIterator{"GetShardIterator", &get_shard_iterator::kShape, get_shard_iterator::decode,
                               get_shard_iterator::get_shard_iterator};

}  // namespace minnow::api::streams
