// Action name -> Action, for the DynamoDB and DynamoDB Streams protocols.
#pragma once

#include <string_view>

#include "api/action.h"

namespace minnow::api {

// Null when the X-Amz-Target names no known action.
const Action* find_action(std::string_view target);
// Null when no action, of either protocol, has this name ("PutItem", "GetRecords").
const Action* find_action_named(std::string_view name);

}  // namespace minnow::api
