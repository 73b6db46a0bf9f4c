// The only formatter of error bodies: model::Error -> HTTP status, __type, message.
#pragma once

#include "api/service.h"
#include "model/errors.h"

namespace minnow::api {

Reply error_reply(const model::Error& error);

}  // namespace minnow::api
