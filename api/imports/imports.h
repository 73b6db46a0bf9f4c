// Imports: ImportTable, DescribeImport and ListImports.
//
// ImportTable makes a new table from TableCreationParameters (CreateTable's members and checks:
// its Shape and decoder, api/definitions/create_table_request.h, so indexes are made with the
// table and filled as the items arrive; requests/loads.h loads it) and fills it with the items of every object under
// S3BucketSource's prefix in the S3 stand-in (api/movement/item_source.h): DYNAMODB_JSON, ION or CSV (a header line or
// InputFormatOptions.Csv.HeaderList, Delimiter), compressed NONE, GZIP or ZSTD. An export's data
// files import as they are (S3KeyPrefix ".../AWSDynamoDB/<id>/data/").
//
// Each item read counts in ProcessedItemCount; one that cannot be read or written (malformed,
// a missing or mistyped key, too large, an index key of the wrong type) counts in ErrorCount
// and leaves an error record, the others in ImportedItemCount (a key seen twice: the later item
// wins). DynamoDB logs error records to CloudWatch Logs (CloudWatchLogGroupArn); Minnow writes
// the first 100 of each import to its standard error, one JSON line each, as DynamoDB's log
// entries: {"itemS3Pointer":{"bucket":..,"key":..,"itemIndex":..},"importArn":..,"errorMessages":[..]}.
// A bucket that does not exist, or a prefix outside --s3-dir, FAILS the import
// (S3NoSuchBucket, S3AccessDenied) and the table is deleted again.
//
// The work is done before ImportTable answers (IN_PROGRESS, as DynamoDB answers); with
// -delayTransientStatuses the import stays IN_PROGRESS for kTransientPhaseMs (the table itself
// is ACTIVE at once). ClientToken: the same parameters within 8 hours answer the same import,
// others ImportConflictException.
//
// No reference emulator has imports: AWS's API reference is the specification; the messages are
// model/transfer_errors.h's.
#pragma once

#include "api/action.h"
#include "engine/transfers.h"

namespace minnow::api::imports {

// IN_PROGRESS, COMPLETED or FAILED at `now_ms`.
const char* import_status(const engine::ImportRecord& record, int64_t now_ms);
// An ImportTableDescription object; `status` overrides ImportStatus (the start's answer).
void write_import_description(JsonWriter& out, const engine::ImportRecord& record, int64_t now_ms,
                              const char* status = nullptr);
// An ImportSummary object.
void write_import_summary(JsonWriter& out, const engine::ImportRecord& record, int64_t now_ms);

}  // namespace minnow::api::imports
