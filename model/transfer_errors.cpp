#include "model/transfer_errors.h"

namespace minnow::model {

Error export_table_arn_invalid(const std::string& arn) { return validation("Invalid TableArn: " + arn); }

Error bulk_operation_not_found(const std::string& arn) {
  return Error(ErrorCode::ResourceNotFoundException,
               "Requested resource not found: Bulk operation: " + arn + " not found");
}

Error bulk_operation_not_cancellable(const std::string& arn, const std::string& status) {
  return validation(MINNOW_INVALID_PARAMETERS "Bulk operation " + arn + " cannot be cancelled: its status is " +
                    status);
}

Error bulk_table_not_found(const std::string& table) {
  return Error(ErrorCode::ResourceNotFoundException, "Requested resource not found: Table: " + table + " not found");
}

}  // namespace minnow::model
