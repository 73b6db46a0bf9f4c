// The only formatter of error bodies: model::Error -> HTTP status, __type, message.
#pragma once

#include "api/protocol.h"
#include "model/compat.h"
#include "model/errors.h"

namespace minnow::api {

// With --compat dynamodb-local, DynamoDB Local's wording: its "Message" key, and its text where
// the error has one (model::FixedError::dynamodb_local).
Reply error_reply(const model::Error& error, model::Compat compat = model::Compat::kDynamoDB);

}  // namespace minnow::api
