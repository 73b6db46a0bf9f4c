#include "requests/movement.h"

#include "model/transfer_errors.h"

namespace minnow::requests {

namespace {

const engine::TransferCatalog<engine::ExportRecord>& catalog(const engine::Transfers& t, const engine::ExportRecord*) {
  return t.exports;
}
const engine::TransferCatalog<engine::ImportRecord>& catalog(const engine::Transfers& t, const engine::ImportRecord*) {
  return t.imports;
}
const engine::TransferCatalog<engine::BulkOperationRecord>& catalog(const engine::Transfers& t,
                                                                    const engine::BulkOperationRecord*) {
  return t.bulk_operations;
}

template <class Record>
const engine::TransferCatalog<Record>& catalog_of(const Context& context) {
  return catalog(context.database.transfers(), static_cast<const Record*>(nullptr));
}

template <class Record>
bool of_table(const Record& record, const std::string& table_arn) {
  if constexpr (requires { record.table_arn; }) {
    return table_arn.empty() || record.table_arn == table_arn;
  } else {
    return true;
  }
}

}  // namespace

template <class Record>
std::optional<Record> execute(const Context& context, const DescribeTransferRequest<Record>& request) {
  return catalog_of<Record>(context).find(request.arn);
}

template <class Record>
ListTransfersResult<Record> execute(const Context& context, const ListTransfersRequest<Record>& request) {
  ListTransfersResult<Record> result;
  const std::vector<Record> records = catalog_of<Record>(context).list();  // by ARN
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    if ((!request.next_token.empty() && it->arn >= request.next_token) || !of_table(*it, request.table_arn)) continue;
    if (result.page.size() == request.limit) {
      result.next_token = result.page.back().arn;
      break;
    }
    result.page.push_back(*it);
  }
  return result;
}

template std::optional<engine::ExportRecord> execute(const Context&,
                                                     const DescribeTransferRequest<engine::ExportRecord>&);
template std::optional<engine::ImportRecord> execute(const Context&,
                                                     const DescribeTransferRequest<engine::ImportRecord>&);
template std::optional<engine::BulkOperationRecord> execute(
    const Context&, const DescribeTransferRequest<engine::BulkOperationRecord>&);
template ListTransfersResult<engine::ExportRecord> execute(const Context&,
                                                           const ListTransfersRequest<engine::ExportRecord>&);
template ListTransfersResult<engine::ImportRecord> execute(const Context&,
                                                           const ListTransfersRequest<engine::ImportRecord>&);
template ListTransfersResult<engine::BulkOperationRecord> execute(
    const Context&, const ListTransfersRequest<engine::BulkOperationRecord>&);

std::string bulk_status(const engine::BulkOperationRecord& record, int64_t now_ms) {
  if (now_ms < record.done_ms) return record.cancel_ms ? "CANCELLING" : "IN_PROGRESS";
  return record.final_status;
}

CancelBulkOperationResult execute(const Context& context, const CancelBulkOperationRequest& request) {
  using Status = CancelBulkOperationResult::Status;
  CancelBulkOperationResult result;
  const std::optional<engine::BulkOperationRecord> record =
      context.database.transfers().bulk_operations.find(request.arn);
  if (!record) return result;
  result.status = bulk_status(*record, context.now_ms);
  context.database.transfers().bulk_operations.update(request.arn, [&](engine::BulkOperationRecord& r) {
    result.status = bulk_status(r, context.now_ms);  // again under the catalog's lock
    if (result.status != "IN_PROGRESS") return;
    r.cancel_ms = context.now_ms;
    r.final_status = "CANCELLED";
    r.failure_code = model::kBulkCancelledCode;
    r.failure_message = model::kBulkCancelledMessage;
  });
  result.result = result.status == "IN_PROGRESS" ? Status::Cancelling : Status::NotCancellable;
  return result;
}

}  // namespace minnow::requests
