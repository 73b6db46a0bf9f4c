// Exports: ExportTableToPointInTime, DescribeExport and ListExports.
//
// An export writes a table's items as they were at ExportTime (point-in-time recovery must be
// on: the items come from its log, engine/recovery_log.h) into the S3 stand-in, in DynamoDB's
// documented layout under S3Prefix:
//   AWSDynamoDB/<export id>/_started                 (empty)
//   AWSDynamoDB/<export id>/data/<26 letters>.json.gz  (or .ion.gz; gzip, one item a line)
//   AWSDynamoDB/<export id>/manifest-files.json      (a line per data file: itemCount,
//                                                      md5Checksum, etag, dataFileS3Key)
//   AWSDynamoDB/<export id>/manifest-files.md5, manifest-summary.json, manifest-summary.md5
// FULL_EXPORT writes {"Item":{...}} lines; INCREMENTAL_EXPORT the items that changed in
// [ExportFromTime, ExportToTime), each {"Metadata":{"WriteTimestampMicros":..},"Keys":..,
// "NewImage":..,"OldImage":..} (OldImage with NEW_AND_OLD_IMAGES, the default). A
// FilterSpecification keeps the items its KeyConditionExpression and FilterExpression accept,
// projected by its ProjectionExpression.
//
// The files are written before ExportTableToPointInTime answers (IN_PROGRESS, as DynamoDB
// answers); then the export is COMPLETED, or FAILED when the S3 stand-in refused (no such
// bucket: S3NoSuchBucket; a key outside --s3-dir: S3AccessDenied). With
// -delayTransientStatuses it stays IN_PROGRESS for kTransientPhaseMs (api/movement/movement.h).
//
// No reference emulator has exports: shapes and behaviour follow AWS's API reference
// (../shared/reference/aws-api/) and DynamoDB's documented export format; the messages are
// model/transfer_errors.h's.
#pragma once

#include <optional>
#include <string>

#include "api/action.h"
#include "engine/table.h"
#include "engine/transfers.h"
#include "expressions/ast.h"

namespace minnow::api::exports {

// ExportTableToPointInTime, decoded.
struct ExportTableToPointInTimeRequest {
  std::shared_ptr<engine::Table> table;
  engine::ExportRecord record;  // what the export's description says, but its counts
  bool ion = false;
  bool incremental = false;
  bool new_and_old_images = true;
  std::optional<expressions::Condition> key_condition, filter;
  std::optional<expressions::Projection> projection;
};

// What running the export gives: the counts, or the failure.
struct ExportResult {
  uint64_t item_count = 0;
  uint64_t billed_size_bytes = 0;
  std::string failure_code, failure_message;
};
ExportResult execute(const ActionContext& context, const ExportTableToPointInTimeRequest& request);

// IN_PROGRESS, COMPLETED or FAILED at `now_ms`.
const char* export_status(const engine::ExportRecord& record, int64_t now_ms);
// An ExportDescription object; `status` overrides ExportStatus (the start's answer).
void write_export_description(JsonWriter& out, const engine::ExportRecord& record, int64_t now_ms,
                              const char* status = nullptr);

}  // namespace minnow::api::exports
