#include "requests/streams.h"

#include <algorithm>

#include "requests/consistency.h"

namespace minnow::requests {

ListStreamsResult execute(const Context& context, const ListStreamsRequest& request) {
  std::vector<std::shared_ptr<engine::Stream>> all = context.database.streams().list(request.table_name);
  std::size_t first = 0;
  if (request.exclusive_start) {
    // After the last stream of that table and label (the ARN names both).
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i]->table_name() == request.exclusive_start->table_name() &&
          all[i]->label() == request.exclusive_start->label())
        first = i + 1;
  }
  const std::size_t end = std::min(all.size(), first + request.limit);
  ListStreamsResult result;
  result.streams.assign(all.begin() + static_cast<std::ptrdiff_t>(first), all.begin() + static_cast<std::ptrdiff_t>(end));
  result.more = end < all.size();
  return result;
}

DescribeStreamResult execute(const Context&, const DescribeStreamRequest& request) {
  return {request.stream->ending_sequence()};
}

GetShardIteratorResult execute(const Context& context, const GetShardIteratorRequest& request) {
  switch (request.type) {
    case ShardIteratorType::TrimHorizon:
      return {request.stream->trim_horizon_position()};
    case ShardIteratorType::Latest:
      return {request.stream->latest_position(stream_visible_until(context, *request.stream))};
    case ShardIteratorType::AtSequenceNumber:
      return {request.sequence_number};
    case ShardIteratorType::AfterSequenceNumber:
      return {request.sequence_number + 1};
  }
  return {};
}

GetRecordsResult execute(const Context& context, const GetRecordsRequest& request) {
  return request.stream->read(request.position, request.limit, stream_visible_until(context, *request.stream));
}

}  // namespace minnow::requests
