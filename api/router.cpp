#include "api/router.h"

#include <array>

#include "api/actions/actions.h"
#include "api/streams/streams.h"

namespace minnow::api {

namespace {
constexpr std::string_view kDynamoDbPrefix = "DynamoDB_20120810.";

const std::array kDynamoDbActions = {
    &actions::kCreateTable,
    &actions::kDescribeTable,
    &actions::kListTables,
    &actions::kDeleteTable,
    &actions::kUpdateTable,
    &actions::kPutItem,
    &actions::kGetItem,
    &actions::kDeleteItem,
    &actions::kUpdateItem,
    &actions::kBatchWriteItem,
    &actions::kBatchGetItem,
    &actions::kQuery,
    &actions::kScan,
    &actions::kTransactWriteItems,
    &actions::kTransactGetItems,
    &actions::kUpdateTimeToLive,
    &actions::kDescribeTimeToLive,
};

constexpr std::string_view kStreamsPrefix = "DynamoDBStreams_20120810.";

const std::array kStreamsActions = {
    &streams::kListStreams,
    &streams::kDescribeStream,
    &streams::kGetShardIterator,
    &streams::kGetRecords,
};

template <class Actions>
const Action* find_in(const Actions& actions, std::string_view name) {
  for (const Action* action : actions) {
    if (name == action->name) return action;
  }
  return nullptr;
}
}  // namespace

const Action* find_action(std::string_view target) {
  if (target.substr(0, kDynamoDbPrefix.size()) == kDynamoDbPrefix)
    return find_in(kDynamoDbActions, target.substr(kDynamoDbPrefix.size()));
  if (target.substr(0, kStreamsPrefix.size()) == kStreamsPrefix)
    return find_in(kStreamsActions, target.substr(kStreamsPrefix.size()));
  return nullptr;
}

}  // namespace minnow::api
