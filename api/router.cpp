#include "api/router.h"

#include <array>

#include "api/operations.h"

namespace minnow::api {

namespace {

#define MINNOW_ROUTE(family, name) &family::k##name,

constexpr std::string_view kDynamoDbPrefix = "DynamoDB_20120810.";
const std::array kDynamoDbActions = {MINNOW_DYNAMODB_OPERATIONS(MINNOW_ROUTE)};

constexpr std::string_view kStreamsPrefix = "DynamoDBStreams_20120810.";
const std::array kStreamsActions = {MINNOW_STREAMS_OPERATIONS(MINNOW_ROUTE)};

#undef MINNOW_ROUTE

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

const Action* find_action_named(std::string_view name) {
  const Action* action = find_in(kDynamoDbActions, name);
  return action ? action : find_in(kStreamsActions, name);
}

}  // namespace minnow::api
