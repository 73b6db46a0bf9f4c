#include "model/stream_errors.h"

namespace minnow::model {

namespace {
constexpr const char* kInvalidParameters = "One or more parameter values were invalid: ";
}

Error ttl_specification_required() { return validation("TimeToLiveSpecification cannot be null"); }
Error ttl_attribute_name_required() {
  return validation("AttributeName cannot be null when time to live is being enabled");
}
Error ttl_attribute_name_length() {
  return validation(
      "Names of key attributes and attributes projected into an index must be between 1 and 255 characters, inclusive");
}
Error ttl_already_enabled() { return validation("TimeToLive is already enabled"); }
Error ttl_already_disabled() { return validation("TimeToLive is already disabled"); }
Error ttl_different_attribute() { return validation("TimeToLive is active on a different AttributeName"); }

Error stream_not_found(const std::string& stream_arn) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Stream: " + stream_arn + " not found");
}
Error stream_does_not_exist() { return Error(ErrorCode::ResourceNotFoundException, "Stream does not exist"); }
Error shard_does_not_exist() { return Error(ErrorCode::ResourceNotFoundException, "Shard does not exist"); }

Error describe_stream_limit_too_large() {
  return validation(std::string(kInvalidParameters) + "Limit cannot be greater than the maximum: 100");
}
Error list_streams_limit_too_large() {
  return validation(std::string(kInvalidParameters) + "Limit cannot be greater than the maximum allowed size: 100");
}
Error get_records_limit_too_large() {
  return validation(std::string(kInvalidParameters) + "Limit should be less than or equal to 1000");
}
Error sequence_number_required() { return validation(std::string(kInvalidParameters) + "Invalid SequenceNumber"); }
Error sequence_number_not_allowed() {
  return validation(std::string(kInvalidParameters) + "SequenceNumber should not be passed for this iterator type");
}
Error sequence_number_not_in_shard() { return validation("Invalid SequenceNumber for the shard"); }
Error invalid_shard_iterator() { return validation("Invalid ShardIterator"); }

Error expired_iterator() {
  return Error(ErrorCode::ExpiredIteratorException, "Iterator expired. The iterator is valid for 15 minutes");
}
Error trimmed_data_access() {
  return Error(ErrorCode::TrimmedDataAccessException,
               "The operation attempted to read past the oldest stream record in a shard");
}

}  // namespace minnow::model
