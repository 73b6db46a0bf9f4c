// DynamoDB's throttling and server errors, which Minnow answers only when a test injects them
// (/_minnow/faults, docs/admin-api.md). Texts from AWS's documentation of DynamoDB's errors
// (the developer guide's error table, and the API reference in the SDK typings).
#pragma once

#include "model/errors.h"

namespace minnow::model {

// com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException, HTTP 400.
inline constexpr FixedError kProvisionedThroughputExceeded{
    ErrorCode::ProvisionedThroughputExceededException,
    "The level of configured provisioned throughput for the table was exceeded. Consider increasing your "
    "provisioning level with the UpdateTable API."};
// The same for a write throttled by a global secondary index it would update (--capacity-model),
// as AWS documents the message.
inline constexpr FixedError kProvisionedThroughputExceededOnIndexes{
    ErrorCode::ProvisionedThroughputExceededException,
    "The level of configured provisioned throughput for one or more global secondary indexes of the table was "
    "exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes "
    "with the UpdateTable API."};
// com.amazon.coral.availability#ThrottlingException, HTTP 400, from --capacity-model on an
// on-demand table: AWS's message for a table or index "DynamoDB is automatically scaling" (its
// documentation of TransactWriteItems' ThrottlingError reason, which a transaction gets instead).
inline constexpr FixedError kThrottlingOnDemand{
    ErrorCode::ThrottlingException,
    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table "
    "or index so please try again shortly. If exceptions persist, check if you have a hot key: "
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html."};
// com.amazon.coral.availability#ThrottlingException, HTTP 400.
inline constexpr FixedError kThrottling{ErrorCode::ThrottlingException,
                                        "Rate of requests exceeds the allowed throughput."};
// com.amazonaws.dynamodb.v20120810#RequestLimitExceeded, HTTP 400.
inline constexpr FixedError kRequestLimitExceeded{
    ErrorCode::RequestLimitExceeded,
    "Throughput exceeds the current throughput limit for your account. Please contact AWS Support at "
    "https://aws.amazon.com/support request a limit increase"};
// com.amazonaws.dynamodb.v20120810#ReplicatedWriteConflictException, HTTP 400: a write to an item
// of a global table of strong consistency that a write in another region is changing. The text
// is the exception's description in AWS's API reference (no reference emulator has it).
inline constexpr FixedError kReplicatedWriteConflict{
    ErrorCode::ReplicatedWriteConflictException,
    "The request was rejected because one or more items in the request are being modified by a request in another "
    "Region."};
// com.amazonaws.dynamodb.v20120810#ServiceUnavailable, HTTP 503.
inline constexpr FixedError kServiceUnavailable{
    ErrorCode::ServiceUnavailable, "DynamoDB is currently unavailable. (This should be a temporary state.)"};
// (InternalServerError, HTTP 500, is model::kInternalError.)

}  // namespace minnow::model
