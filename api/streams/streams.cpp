#include "api/streams/streams.h"

#include <cstdio>
#include <cstdlib>

#include "api/table_lookup.h"
#include "model/base64.h"
#include "model/stream_errors.h"

namespace minnow::api::streams {

namespace {

constexpr std::string_view kIteratorVersion = "|001|";

std::string check_of(std::string_view text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  char out[24];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

bool parse_u64(std::string_view text, uint64_t& out) {
  if (text.empty() || text.size() > 19) return false;
  out = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + static_cast<uint64_t>(c - '0');
  }
  return true;
}

}  // namespace

std::string stream_arn(const ActionContext& context, const engine::Stream& stream) {
  return table_arn(context, stream.table_name()) + "/stream/" + stream.label();
}

namespace {
// arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME/stream/LABEL, each part non-empty.
bool well_formed_stream_arn(std::string_view arn) {
  std::string_view parts[6];
  for (std::size_t i = 0; i < 5; ++i) {
    const auto colon = arn.find(':');
    if (colon == std::string_view::npos) return false;
    parts[i] = arn.substr(0, colon);
    arn.remove_prefix(colon + 1);
  }
  parts[5] = arn;  // table/NAME/stream/LABEL
  if (parts[0] != "arn" || parts[1].empty() || parts[2] != "dynamodb" || parts[3].empty() || parts[4].empty())
    return false;
  const auto stream_at = parts[5].rfind("/stream/");
  return parts[5].substr(0, 6) == "table/" && stream_at != std::string_view::npos && stream_at > 6 &&
         stream_at + 8 < parts[5].size();
}
}  // namespace

std::shared_ptr<engine::Stream> find_stream(const ActionContext& context, std::string_view arn) {
  if (!well_formed_stream_arn(arn)) throw model::Error(model::kInvalidStreamArn);
  auto table_at = arn.find(":table/");
  auto stream_at = arn.rfind("/stream/");
  std::string table(arn.substr(table_at + 7, stream_at - table_at - 7));
  std::string label(arn.substr(stream_at + 8));
  auto stream = context.database.streams().find(table, label);
  if (!stream || stream_arn(context, *stream) != arn) return nullptr;
  return stream;
}

std::string encode_iterator(const ShardIterator& iterator) {
  std::string payload =
      iterator.shard_id + "|" + std::to_string(iterator.position) + "|" + std::to_string(iterator.created_ms);
  payload += "|" + check_of(iterator.stream_arn + "|" + payload);
  return iterator.stream_arn + std::string(kIteratorVersion) + model::base64_encode(payload);
}

ShardIterator decode_iterator(std::string_view text) {
  auto at = text.find(kIteratorVersion);
  if (at == std::string_view::npos) throw model::Error(model::kInvalidShardIterator);
  ShardIterator out;
  out.stream_arn = std::string(text.substr(0, at));
  std::optional<std::string> payload = model::base64_decode(text.substr(at + kIteratorVersion.size()));
  if (!payload) throw model::Error(model::kInvalidShardIterator);
  auto last = payload->rfind('|');
  if (last == std::string::npos ||
      payload->substr(last + 1) != check_of(out.stream_arn + "|" + payload->substr(0, last)))
    throw model::Error(model::kInvalidShardIterator);
  std::string_view body = std::string_view(*payload).substr(0, last);
  auto first = body.find('|');
  auto second = first == std::string_view::npos ? first : body.find('|', first + 1);
  if (second == std::string_view::npos) throw model::Error(model::kInvalidShardIterator);
  out.shard_id = std::string(body.substr(0, first));
  uint64_t created = 0;
  if (!parse_u64(body.substr(first + 1, second - first - 1), out.position) ||
      !parse_u64(body.substr(second + 1), created))
    throw model::Error(model::kInvalidShardIterator);
  out.created_ms = static_cast<int64_t>(created);
  return out;
}

}  // namespace minnow::api::streams
