#include "model/transfer_errors.h"

namespace minnow::model {

Error export_table_arn_invalid(const std::string& arn) { return validation("Invalid TableArn: " + arn); }

Error bulk_operation_not_found(const std::string& arn) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Bulk operation: " + arn + " not found");
}

Error bulk_operation_not_cancellable(const std::string& arn, const std::string& status) {
  return Error(ErrorCode::ResourceInUseException,
               "Bulk operation " + arn + " cannot be cancelled: its status is " + status);
}

}  // namespace minnow::model
