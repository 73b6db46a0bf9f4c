// What a Database remembers of its data movements: the exports (ExportTableToPointInTime), the
// imports (ImportTable) and the bulk operations (StartBulkPutItems), as plain descriptions. The
// data itself lives in the S3 stand-in (s3local/); the work is api/exports' and requests/loads.h's
// (reading through api/movement). Statuses are derived from the times recorded here and the clock (a record is
// IN_PROGRESS until its `done_ms`), so -delayTransientStatuses only moves `done_ms`.
//
// Members that echo a request's nested parameters back (a FilterSpecification, the
// TableCreationParameters) are kept as the JSON text the request had: the api writes them back
// as they came.
//
// Thread-safe: each catalog has its own mutex; records are handed out as copies.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace minnow::engine {

// AWS: a ClientToken is kept for 8 hours after its request completed.
inline constexpr int64_t kTransferTokenWindowMs = 8LL * 3600 * 1000;

// The fields every record has.
struct TransferRecord {
  std::string arn;
  std::string client_token;
  std::string parameters;  // the request's parameters, for ClientToken comparisons
  int64_t start_ms = 0;
  int64_t done_ms = 0;  // IN_PROGRESS before, then terminal (COMPLETED, FAILED, ...)
  std::string failure_code;
  std::string failure_message;
};

struct ExportRecord : TransferRecord {
  std::string table_arn;
  std::string table_id;
  int64_t export_time_ms = 0;
  std::string s3_bucket, s3_bucket_owner, s3_prefix, s3_sse_algorithm, s3_sse_kms_key_id;
  std::string format;       // DYNAMODB_JSON | ION
  std::string export_type;  // FULL_EXPORT | INCREMENTAL_EXPORT
  // INCREMENTAL_EXPORT's window [from, to) and view type.
  int64_t from_ms = 0, to_ms = 0;
  std::string view_type;
  std::string filter_specification;  // JSON text; empty when none
  std::string manifest_key;          // the S3 key of manifest-summary.json
  uint64_t item_count = 0;
  uint64_t billed_size_bytes = 0;
};

struct ImportRecord : TransferRecord {
  std::string table_arn;
  std::string table_id;
  std::string s3_bucket, s3_bucket_owner, s3_key_prefix;
  std::string input_format;               // CSV | DYNAMODB_JSON | ION
  std::string input_format_options;       // JSON text; empty when none
  std::string compression;                // NONE | GZIP | ZSTD
  std::string table_creation_parameters;  // JSON text
  std::string log_group_arn;
  uint64_t processed_size_bytes = 0;
  uint64_t processed_item_count = 0;
  uint64_t imported_item_count = 0;
  uint64_t error_count = 0;
};

struct BulkOperationRecord : TransferRecord {
  std::string table_name;
  std::string table_id;
  std::string input_configuration;   // JSON text
  std::string output_configuration;  // JSON text
  std::string performance_tier;      // STANDARD | ACCELERATED
  int64_t max_write_request_units = 0;
  std::string final_status;  // COMPLETED | COMPLETED_WITH_ERRORS | FAILED | CANCELLED, from done_ms on
  int64_t cancel_ms = 0;     // CancelBulkOperation's time; 0: none
  uint64_t processed_item_count = 0;
  uint64_t processed_input_bytes = 0;
  uint64_t total_input_bytes = 0;
  uint64_t failed_item_count = 0;
  uint64_t bulk_put_bytes = 0;
};

template <class Record>
class TransferCatalog {
 public:
  void add(Record record) {
    std::lock_guard lock(mu_);
    std::string arn = record.arn;
    records_.insert_or_assign(std::move(arn), std::move(record));
  }
  std::optional<Record> find(const std::string& arn) const {
    std::lock_guard lock(mu_);
    auto it = records_.find(arn);
    if (it == records_.end()) return std::nullopt;
    return it->second;
  }
  // The record started with `token` whose 8 hours are not over at `now_ms`.
  std::optional<Record> find_token(const std::string& token, int64_t now_ms) const {
    std::lock_guard lock(mu_);
    for (const auto& [arn, record] : records_)
      if (record.client_token == token && now_ms < record.done_ms + kTransferTokenWindowMs) return record;
    return std::nullopt;
  }
  // Runs `change` on the record; false when there is none.
  bool update(const std::string& arn, const std::function<void(Record&)>& change) {
    std::lock_guard lock(mu_);
    auto it = records_.find(arn);
    if (it == records_.end()) return false;
    change(it->second);
    return true;
  }
  // Every record, by ARN.
  std::vector<Record> list() const {
    std::lock_guard lock(mu_);
    std::vector<Record> list;
    for (const auto& [arn, record] : records_) list.push_back(record);
    return list;
  }
  void clear() {
    std::lock_guard lock(mu_);
    records_.clear();
  }

 private:
  mutable std::mutex mu_;
  std::map<std::string, Record> records_;  // by ARN. Protected by mu_.
};

struct Transfers {
  TransferCatalog<ExportRecord> exports;
  TransferCatalog<ImportRecord> imports;
  TransferCatalog<BulkOperationRecord> bulk_operations;

  void clear() {
    exports.clear();
    imports.clear();
    bulk_operations.clear();
  }
};

}  // namespace minnow::engine
