// GetRecords: up to Limit (1..1000, default 1000) records from a shard iterator, and the
// iterator that reads on (always while the shard is open, also after an empty page; none once
// a closed shard is read to its end).
//
// Order: the Shape (ShardIterator required, 1..2048 characters; Limit >= 1); Limit <= 1000; the
// iterator ("Invalid ShardIterator"); its age (ExpiredIteratorException after 15 minutes); the
// stream; records already dropped by the 24-hour retention (TrimmedDataAccessException).
#include "api/codec.h"
#include "api/streams/streams.h"
#include "model/stream_errors.h"
#include "requests/streams.h"

namespace minnow::api::streams {

namespace get_records {

const Shape kShape(R"({
  "ShardIterator": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 2048},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1}
})");

constexpr int64_t kMaxLimit = 1000;

const char* event_name(engine::StreamEvent event) {
  switch (event) {
    case engine::StreamEvent::Insert:
      return "INSERT";
    case engine::StreamEvent::Modify:
      return "MODIFY";
    case engine::StreamEvent::Remove:
      return "REMOVE";
  }
  return "";
}

void write_record(const ActionContext& context, const engine::Stream& stream, const engine::StreamRecord& r,
                  JsonWriter& out) {
  out.StartObject();
  out.Key("awsRegion");
  out.String(context.region.data(), context.region.size());
  out.Key("dynamodb");
  out.StartObject();
  out.Key("ApproximateCreationDateTime");
  out.Int64(r.created_ms / 1000);
  out.Key("Keys");
  write_encoded_item(out, r.keys);
  if (r.new_image) {
    out.Key("NewImage");
    write_encoded_item(out, *r.new_image);
  }
  if (r.old_image) {
    out.Key("OldImage");
    write_encoded_item(out, *r.old_image);
  }
  std::string sequence = engine::format_sequence_number(r.sequence);
  out.Key("SequenceNumber");
  out.String(sequence.data(), sequence.size());
  out.Key("SizeBytes");
  out.Uint64(r.size_bytes);
  out.Key("StreamViewType");
  out.String(stream.view_type().data(), stream.view_type().size());
  out.EndObject();
  out.Key("eventID");
  out.String(r.event_id.data(), r.event_id.size());
  out.Key("eventName");
  out.String(event_name(r.event));
  out.Key("eventSource");
  out.String("aws:dynamodb");
  out.Key("eventVersion");
  out.String("1.1");
  if (r.by_ttl) {
    // The API model's member names (the SDKs read these); Lambda's event format, which spells
    // them principalId and type, is Lambda's rewriting.
    out.Key("userIdentity");
    out.StartObject();
    out.Key("PrincipalId");
    out.String("dynamodb.amazonaws.com");
    out.Key("Type");
    out.String("Service");
    out.EndObject();
  }
  out.EndObject();
}

requests::GetRecordsRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::GetRecordsRequest r;
  if (const JsonValue* v = member(json, "Limit")) {
    const int64_t limit = coral_long(*v);
    if (limit > kMaxLimit) throw model::Error(model::kGetRecordsLimitTooLarge);
    r.limit = static_cast<std::size_t>(limit);
  }
  const ShardIterator iterator = decode_iterator(view(json["ShardIterator"]));
  if (context.now_ms - iterator.created_ms > kIteratorLifetimeMs) throw model::Error(model::kExpiredIterator);
  r.stream = find_stream(context, iterator.stream_arn);
  if (!r.stream) throw model::Error(model::kStreamDoesNotExist);
  if (iterator.shard_id != r.stream->shard_id()) throw model::Error(model::kInvalidShardIterator);
  r.position = iterator.position;
  return r;
}

void get_records(const ActionContext& context, requests::GetRecordsRequest request, JsonWriter& out) {
  const requests::GetRecordsResult result = requests::execute(context.requests(), request);
  if (result.status == requests::GetRecordsResult::Status::Trimmed) throw model::Error(model::kTrimmedDataAccess);

  out.StartObject();
  if (!result.shard_ended) {
    // The next iterator names what this one named: find_stream checked the ARN, and the shard.
    const std::string next = encode_iterator(
        {stream_arn(context, *request.stream), request.stream->shard_id(), result.next_position, context.now_ms});
    out.Key("NextShardIterator");
    out.String(next.data(), next.size());
  }
  out.Key("Records");
  out.StartArray();
  for (const auto& record : result.records) write_record(context, *request.stream, record, out);
  out.EndArray();
  out.EndObject();
}

}  // namespace get_records

const Action kGetRecords{"GetRecords", &get_records::kShape, get_records::decode, get_records::get_records};

}  // namespace minnow::api::streams
