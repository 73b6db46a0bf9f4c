// A resource policy's document (PutResourcePolicy's, CreateTable's ResourcePolicy): a JSON object
// of at most 20 KB (whitespace counts) with a Statement; its revision id is the time it was put,
// in ms (the form of DynamoDB's ids). How policies behave: api/policies/policies.h.
#pragma once

#include <string>

#include "api/action.h"
#include "engine/table_settings.h"

namespace minnow::api {

// A checked policy document (ValidationException otherwise), with a new revision id.
engine::ResourcePolicy new_policy(const ActionContext& context, std::string document);

}  // namespace minnow::api
