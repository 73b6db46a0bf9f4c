#include "api/router.h"

#include <array>

#include "api/actions/actions.h"

namespace minnow::api {

namespace {
constexpr std::string_view kDynamoDbPrefix = "DynamoDB_20120810.";

const std::array kDynamoDbActions = {
    &actions::kCreateTable, &actions::kDescribeTable, &actions::kListTables, &actions::kDeleteTable,
    &actions::kUpdateTable, &actions::kPutItem,       &actions::kGetItem,    &actions::kDeleteItem,
    &actions::kUpdateItem,  &actions::kBatchWriteItem, &actions::kBatchGetItem,
    &actions::kQuery,
    &actions::kScan,
    &actions::kTransactWriteItems, &actions::kTransactGetItems,
};
}  // namespace

const Action* find_action(std::string_view target) {
  if (target.substr(0, kDynamoDbPrefix.size()) != kDynamoDbPrefix) return nullptr;
  std::string_view name = target.substr(kDynamoDbPrefix.size());
  for (const Action* action : kDynamoDbActions) {
    if (name == action->name) return action;
  }
  return nullptr;
}

}  // namespace minnow::api
