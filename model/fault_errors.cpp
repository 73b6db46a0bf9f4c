#include "model/fault_errors.h"

namespace minnow::model {

Error provisioned_throughput_exceeded() {
  return Error(ErrorCode::ProvisionedThroughputExceededException,
               "The level of configured provisioned throughput for the table was exceeded. Consider increasing your "
               "provisioning level with the UpdateTable API.");
}

Error throttling() { return Error(ErrorCode::ThrottlingException, "Rate of requests exceeds the allowed throughput."); }

Error request_limit_exceeded() {
  return Error(ErrorCode::RequestLimitExceeded,
               "Throughput exceeds the current throughput limit for your account. Please contact AWS Support at "
               "https://aws.amazon.com/support request a limit increase");
}

Error service_unavailable() {
  return Error(ErrorCode::ServiceUnavailable, "DynamoDB is currently unavailable. (This should be a temporary state.)");
}

}  // namespace minnow::model
