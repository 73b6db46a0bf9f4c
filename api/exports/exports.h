// Exports: ExportTableToPointInTime, DescribeExport and ListExports.
//
// An export writes a table's items as they were at ExportTime (point-in-time recovery must be
// on: the items come from its log, engine/recovery_log.h; requests/exports.h) into the S3 stand-in, in DynamoDB's
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

#include <memory>

#include "api/action.h"
#include "engine/transfers.h"
#include "requests/exports.h"

namespace minnow::api::exports {

// The files of the export `record` describes, in DynamoDB's layout under its S3Prefix in the
// S3 stand-in (export_writer.cpp): what requests/exports.h writes the items to.
std::shared_ptr<requests::ExportFiles> s3_export_files(const ActionContext& context, engine::ExportRecord record,
                                                       bool ion);

// IN_PROGRESS, COMPLETED or FAILED at `now_ms`.
const char* export_status(const engine::ExportRecord& record, int64_t now_ms);
// An ExportDescription object; `status` overrides ExportStatus (the start's answer).
void write_export_description(JsonWriter& out, const engine::ExportRecord& record, int64_t now_ms,
                              const char* status = nullptr);

}  // namespace minnow::api::exports
