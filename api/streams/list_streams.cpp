// ListStreams: every stream (or a table's), oldest first, a page of Limit (1..100, default 100)
// at a time; LastEvaluatedStreamArn when more remain. A table without streams (or that does
// not exist) has an empty list, not an error. Streams of deleted tables are listed too.
#include "api/streams/streams.h"
#include "api/table_lookup.h"
#include "model/stream_errors.h"

namespace minnow::api::streams {

namespace {

const Shape kShape(R"({
  "TableName": {"type": "String", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1},
  "ExclusiveStartStreamArn": {"type": "String", "lengthGreaterThanOrEqual": 37, "lengthLessThanOrEqual": 1024}
})");

constexpr int64_t kMaxLimit = 100;

void list_streams(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  int64_t limit = kMaxLimit;
  if (const JsonValue* v = member(request, "Limit")) limit = coral_long(*v);
  if (limit > kMaxLimit) throw model::Error(model::kListStreamsLimitTooLarge);
  std::optional<std::string> table;
  if (const JsonValue* v = member(request, "TableName")) table = table_name_of(view(*v));

  auto all = context.database.streams().list(table);
  std::size_t first = 0;
  if (const JsonValue* v = member(request, "ExclusiveStartStreamArn")) {
    for (std::size_t i = 0; i < all.size(); ++i)
      if (stream_arn(context, *all[i]) == view(*v)) first = i + 1;
  }
  std::size_t end = std::min(all.size(), first + static_cast<std::size_t>(limit));

  out.StartObject();
  out.Key("Streams");
  out.StartArray();
  for (std::size_t i = first; i < end; ++i) {
    const engine::Stream& stream = *all[i];
    std::string arn = stream_arn(context, stream);
    out.StartObject();
    out.Key("StreamArn");
    out.String(arn.data(), arn.size());
    out.Key("TableName");
    out.String(stream.table_name().data(), stream.table_name().size());
    out.Key("StreamLabel");
    out.String(stream.label().data(), stream.label().size());
    out.EndObject();
  }
  out.EndArray();
  if (end < all.size()) {
    std::string last = stream_arn(context, *all[end - 1]);
    out.Key("LastEvaluatedStreamArn");
    out.String(last.data(), last.size());
  }
  out.EndObject();
}

}  // namespace

const Action kListStreams{"ListStreams", &kShape, list_streams};

}  // namespace minnow::api::streams
