// DynamoDB's messages for Time to Live (UpdateTimeToLive, DescribeTimeToLive) and for the
// DynamoDB Streams API (ListStreams, DescribeStream, GetShardIterator, GetRecords).
//
// Texts from DynamoDB Local (checked with raw requests; conformance/test/ttl.test.mjs and
// streams.test.mjs pin them) and, where it has none, AWS's documentation.
#pragma once

#include <string>

#include "model/errors.h"

namespace minnow::model {

// ---- Time to Live (ValidationException) -----------------------------------------------------
inline constexpr FixedError kTtlSpecificationRequired{ErrorCode::ValidationException,
                                                      "TimeToLiveSpecification cannot be null"};
inline constexpr FixedError kTtlAttributeNameRequired{
    ErrorCode::ValidationException, "AttributeName cannot be null when time to live is being enabled"};
inline constexpr FixedError kTtlAlreadyEnabled{ErrorCode::ValidationException, "TimeToLive is already enabled"};
inline constexpr FixedError kTtlAlreadyDisabled{ErrorCode::ValidationException, "TimeToLive is already disabled"};
inline constexpr FixedError kTtlDifferentAttribute{ErrorCode::ValidationException,
                                                   "TimeToLive is active on a different AttributeName"};

// ---- Streams ------------------------------------------------------------------------------
// ResourceNotFoundException.
Error stream_not_found(const std::string& stream_arn);  // "Requested resource not found: Stream: X not found"
inline constexpr FixedError kStreamDoesNotExist{ErrorCode::ResourceNotFoundException, "Stream does not exist"};
inline constexpr FixedError kShardDoesNotExist{ErrorCode::ResourceNotFoundException, "Shard does not exist"};
// ValidationException.
inline constexpr FixedError kDescribeStreamLimitTooLarge{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "Limit cannot be greater than the maximum: 100"};
inline constexpr FixedError kListStreamsLimitTooLarge{ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
                                                      "Limit cannot be greater than the maximum allowed size: 100"};
inline constexpr FixedError kGetRecordsLimitTooLarge{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "Limit should be less than or equal to 1000"};
inline constexpr FixedError kSequenceNumberRequired{ErrorCode::ValidationException,
                                                    MINNOW_INVALID_PARAMETERS "Invalid SequenceNumber"};
inline constexpr FixedError kSequenceNumberNotAllowed{ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
                                                      "SequenceNumber should not be passed for this iterator type"};
inline constexpr FixedError kSequenceNumberNotInShard{ErrorCode::ValidationException,
                                                      "Invalid SequenceNumber for the shard"};
inline constexpr FixedError kInvalidShardIterator{ErrorCode::ValidationException, "Invalid ShardIterator"};
// A StreamArn (or ExclusiveStartStreamArn) that is not a stream ARN at all (public reports of
// DynamoDB; a well-formed ARN of a missing stream is ResourceNotFoundException).
inline constexpr FixedError kInvalidStreamArn{ErrorCode::ValidationException, "Invalid StreamArn"};
// DescribeStream's ShardFilter of type CHILD_SHARDS names the parent shard (AWS's documentation;
// DynamoDB's text not captured).
inline constexpr FixedError kShardFilterWithoutShardId{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "ShardFilter of type CHILD_SHARDS requires a ShardId"};
// ExpiredIteratorException: the iterator is older than 15 minutes.
inline constexpr FixedError kExpiredIterator{ErrorCode::ExpiredIteratorException,
                                             "Iterator expired. The iterator is valid for 15 minutes"};
// TrimmedDataAccessException: the iterator points at records past the 24-hour retention.
inline constexpr FixedError kTrimmedDataAccess{
    ErrorCode::TrimmedDataAccessException, "The operation attempted to read past the oldest stream record in a shard"};

}  // namespace minnow::model
