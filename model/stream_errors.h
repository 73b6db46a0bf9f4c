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
Error ttl_specification_required();   // "TimeToLiveSpecification cannot be null"
Error ttl_attribute_name_required();  // "AttributeName cannot be null when time to live is being enabled"
Error ttl_attribute_name_length();    // "Names of key attributes ... between 1 and 255 characters, inclusive"
Error ttl_already_enabled();          // "TimeToLive is already enabled"
Error ttl_already_disabled();         // "TimeToLive is already disabled"
Error ttl_different_attribute();      // "TimeToLive is active on a different AttributeName"

// ---- Streams ------------------------------------------------------------------------------
// ResourceNotFoundException.
Error stream_not_found(const std::string& stream_arn);  // "Requested resource not found: Stream: X not found"
Error stream_does_not_exist();                          // "Stream does not exist"
Error shard_does_not_exist();                           // "Shard does not exist"
// ValidationException.
Error describe_stream_limit_too_large();  // "... Limit cannot be greater than the maximum: 100"
Error list_streams_limit_too_large();     // "... Limit cannot be greater than the maximum allowed size: 100"
Error get_records_limit_too_large();      // "... Limit should be less than or equal to 1000"
Error sequence_number_required();         // "One or more parameter values were invalid: Invalid SequenceNumber"
Error sequence_number_not_allowed();      // "... SequenceNumber should not be passed for this iterator type"
Error sequence_number_not_in_shard();     // "Invalid SequenceNumber for the shard"
Error invalid_shard_iterator();           // "Invalid ShardIterator"
// ExpiredIteratorException: the iterator is older than 15 minutes.
Error expired_iterator();
// TrimmedDataAccessException: the iterator points at records past the 24-hour retention.
Error trimmed_data_access();

}  // namespace minnow::model
