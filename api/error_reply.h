// The only formatter of error bodies: model::Error -> HTTP status, __type, message.
#pragma once

#include "api/service.h"
#include "model/errors.h"

namespace minnow::api {

// DynamoDB's namespace for a code ("com.amazon.coral.validate", ...).
const char* error_namespace(model::ErrorCode code);
int error_status(model::ErrorCode code);
Reply error_reply(const model::Error& error);

}  // namespace minnow::api
