// DynamoDB's throttling and server errors, which Minnow answers only when a test injects them
// (/_minnow/faults, docs/admin-api.md). Texts from AWS's documentation of DynamoDB's errors
// (the developer guide's error table, and the API reference in the SDK typings).
#pragma once

#include "model/errors.h"

namespace minnow::model {

// com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException, HTTP 400:
// "The level of configured provisioned throughput for the table was exceeded. ..."
Error provisioned_throughput_exceeded();
// com.amazon.coral.availability#ThrottlingException, HTTP 400:
// "Rate of requests exceeds the allowed throughput."
Error throttling();
// com.amazonaws.dynamodb.v20120810#RequestLimitExceeded, HTTP 400:
// "Throughput exceeds the current throughput limit for your account. ..."
Error request_limit_exceeded();
// com.amazonaws.dynamodb.v20120810#ServiceUnavailable, HTTP 503:
// "DynamoDB is currently unavailable. (This should be a temporary state.)"
Error service_unavailable();
// (InternalServerError, HTTP 500, is model::Error(model::kInternalError).)

}  // namespace minnow::model
