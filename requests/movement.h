// The Describe and List operations of data movement (DescribeExport, ListExports,
// DescribeImport, ListImports, DescribeBulkOperation, ListBulkOperations) as typed requests:
// one record of a catalog of the Database's transfers (engine/transfers.h) by ARN, or a page of
// them. One pair of requests serves the three kinds (Record: engine::ExportRecord,
// ImportRecord or BulkOperationRecord). And CancelBulkOperation, and what the operations that
// start data movement share (requests/loads.h, requests/exports.h): how they fail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "engine/transfers.h"
#include "requests/context.h"

namespace minnow::requests {

// The FailureCode and FailureMessage of an export, import or bulk operation.
struct TransferFailure {
  std::string code;
  std::string message;
};

template <class Record>
struct DescribeTransferRequest {
  std::string arn;
};

// nullopt: no such record.
template <class Record>
std::optional<Record> execute(const Context& context, const DescribeTransferRequest<Record>& request);

template <class Record>
struct ListTransfersRequest {
  std::string table_arn;   // empty: every table's (bulk operations are listed whatever the table)
  std::string next_token;  // the last ARN of the page before; empty: from the first
  std::size_t limit = std::numeric_limits<std::size_t>::max();
};

template <class Record>
struct ListTransfersResult {
  std::vector<Record> page;  // newest ARN first (AWS: reverse alphanumeric order)
  std::string next_token;    // the page's last ARN when more follow, else empty
};

template <class Record>
ListTransfersResult<Record> execute(const Context& context, const ListTransfersRequest<Record>& request);

// A bulk operation's status at `now_ms`: IN_PROGRESS (CANCELLING once cancelled) until it is
// done, then its final status.
std::string bulk_status(const engine::BulkOperationRecord& record, int64_t now_ms);

struct CancelBulkOperationRequest {
  std::string arn;
};

struct CancelBulkOperationResult {
  // NotCancellable: over, or already cancelling (`status` says which it is).
  enum class Status : uint8_t { Cancelling, NotFound, NotCancellable };
  Status result = Status::NotFound;
  std::string status;
};

// An IN_PROGRESS operation becomes CANCELLING, then CANCELLED when it would have finished.
CancelBulkOperationResult execute(const Context& context, const CancelBulkOperationRequest& request);

}  // namespace minnow::requests
