// Bulk operations (late 2026): StartBulkPutItems, DescribeBulkOperation, ListBulkOperations and
// CancelBulkOperation.
//
// StartBulkPutItems writes the items of every object under InputS3Configuration's prefix in the
// S3 stand-in (DYNAMODB_JSON or ION; NONE, GZIP or ZSTD: api/movement/item_source.h) into an
// existing table, as puts (indexes, streams and the recovery log see each). Counts, as AWS
// documents them: ProcessedItemCount (every item read), FailedItemCount (those that could not be
// parsed or validated: malformed, a missing or mistyped key, over 400 KB, an index key of the
// wrong type), ProcessedInputBytes and TotalInputBytes (the objects as stored), and in
// BulkOperationUsage the bytes written (BulkPutBytes: the items' DynamoDB sizes). With ERROR in
// OutputS3Configuration.OutputType, each failed item leaves an error record in the output
// bucket, one JSON line each (Minnow's layout; AWS documents none):
//   OUTPUT_PREFIX/AWSDynamoDB/BulkOperations/<id>/errors.json
//   {"itemS3Pointer":{"bucket":..,"key":..,"itemIndex":<line>},"bulkOperationArn":..,"errorMessages":[..]}
// Bulk puts have no conditions, so CONDITION_CHECK_FAILURE output never has records.
//
// Statuses: the items are written before StartBulkPutItems answers (IN_PROGRESS, as DynamoDB
// answers); then COMPLETED, COMPLETED_WITH_ERRORS (FailedItemCount > 0) or FAILED (the input
// bucket does not exist or the prefix leaves --s3-dir). With -delayTransientStatuses an operation
// is IN_PROGRESS for kTransientPhaseMs; CancelBulkOperation meanwhile makes it CANCELLING until
// then, CANCELLED after (the items already written stay, as AWS documents; all of them are).
// ClientToken: the same parameters within 8 hours answer the same operation, others
// IdempotentParameterMismatchException. PerformanceTier and MaxWriteRequestUnits are recorded
// and described; Minnow writes as fast as it can either way.
//
// No reference emulator has bulk operations: AWS's API reference is the specification; the
// messages are model/transfer_errors.h's.
#pragma once

#include "api/action.h"
#include "engine/transfers.h"
#include "requests/movement.h"

namespace minnow::api::bulk {

// The status at `now_ms` (IN_PROGRESS, CANCELLING, or the final one).
using requests::bulk_status;
// A BulkOperationDescription object; `status` overrides BulkOperationStatus (the start's answer).
void write_bulk_description(JsonWriter& out, const engine::BulkOperationRecord& record, int64_t now_ms,
                            const char* status = nullptr);

}  // namespace minnow::api::bulk
