// ListStreams: every stream (or a table's), oldest first, a page of Limit (1..100, default 100)
// at a time; LastEvaluatedStreamArn when more remain. A table without streams (or that does
// not exist) has an empty list, not an error. Streams of deleted tables are listed too.
#include "api/descriptions.h"
#include "api/streams/streams.h"
#include "api/table_lookup.h"
#include "model/stream_errors.h"
#include "requests/streams.h"

namespace minnow::api::streams {

namespace list_streams {

const Shape kShape(R"({
  "TableName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1},
  "ExclusiveStartStreamArn": {"type": "String", "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

constexpr int64_t kMaxLimit = 100;

requests::ListStreamsRequest decode(const ActionContext& context, const JsonValue& json) {
  requests::ListStreamsRequest r;
  if (const JsonValue* v = member(json, "Limit")) {
    const int64_t limit = coral_long(*v);
    if (limit > kMaxLimit) throw model::Error(model::kListStreamsLimitTooLarge);
    r.limit = static_cast<std::size_t>(limit);
  }
  if (const JsonValue* v = member(json, "TableName")) r.table_name = table_name_of(view(*v));
  if (const JsonValue* v = member(json, "ExclusiveStartStreamArn")) r.exclusive_start = find_stream(context, view(*v));
  return r;
}

void list_streams(const ActionContext& context, requests::ListStreamsRequest request, JsonWriter& out) {
  const requests::ListStreamsResult result = requests::execute(context.requests(), std::move(request));
  out.StartObject();
  out.Key("Streams");
  out.StartArray();
  for (const auto& stream : result.streams) {
    out.StartObject();
    write_string(out, "StreamArn", stream_arn(context, *stream));
    write_string(out, "TableName", stream->table_name());
    write_string(out, "StreamLabel", stream->label());
    out.EndObject();
  }
  out.EndArray();
  if (result.more) write_string(out, "LastEvaluatedStreamArn", stream_arn(context, *result.streams.back()));
  out.EndObject();
}

}  // namespace list_streams

const Action kListStreams{"ListStreams", &list_streams::kShape, list_streams::decode, list_streams::list_streams};

}  // namespace minnow::api::streams
