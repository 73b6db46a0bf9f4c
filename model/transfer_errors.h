// DynamoDB's messages for data movement: exports (ExportTableToPointInTime, DescribeExport,
// ListExports), imports (ImportTable, DescribeImport, ListImports) and bulk operations
// (StartBulkPutItems, DescribeBulkOperation, ListBulkOperations, CancelBulkOperation), and the
// failure codes and messages their descriptions carry.
//
// No reference emulator has these operations. Sources, marked on each group:
//   AWS docs   the text of the error's description in AWS's API reference
//              (../shared/reference/aws-api/), which DynamoDB's messages repeat;
//   S3         the S3 error a failed export or import reports (its code and S3's own message);
//   Minnow     Minnow's wording, in DynamoDB's style.
#pragma once

#include <string>

#include "model/errors.h"

namespace minnow::model {

// ---- Errors answered at once ------------------------------------------------------------------
// AWS docs:
inline constexpr FixedError kExportNotFound{ErrorCode::ExportNotFoundException, "The specified export was not found."};
inline constexpr FixedError kImportNotFound{ErrorCode::ImportNotFoundException, "The specified import was not found."};
inline constexpr FixedError kInvalidExportTime{ErrorCode::InvalidExportTimeException,
                                               "The specified ExportTime is outside of the point in time recovery "
                                               "window."};
inline constexpr FixedError kExportConflict{
    ErrorCode::ExportConflictException,
    "There was a conflict when writing to the specified S3 bucket: the ClientToken was used with other parameters."};
inline constexpr FixedError kImportConflict{
    ErrorCode::ImportConflictException,
    "There was a conflict when importing from the specified S3 source: the ClientToken was used with other "
    "parameters."};
inline constexpr FixedError kBulkParameterMismatch{
    ErrorCode::IdempotentParameterMismatchException,
    "DynamoDB rejected the request because you retried a request with a different payload but with an idempotent "
    "token that was already used."};
// Minnow:
Error export_table_arn_invalid(const std::string& arn);  // ValidationException "Invalid TableArn: <arn>"
inline constexpr FixedError kIncrementalSpecificationRequired{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "IncrementalExportSpecification must be specified for an INCREMENTAL_EXPORT"};
inline constexpr FixedError kIncrementalSpecificationWithFullExport{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "IncrementalExportSpecification can only be specified for an INCREMENTAL_EXPORT"};
inline constexpr FixedError kExportTimeWithIncremental{ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
                                                       "ExportTime cannot be specified for an INCREMENTAL_EXPORT: use "
                                                       "IncrementalExportSpecification"};
inline constexpr FixedError kIncrementalFromTimeRequired{ErrorCode::ValidationException,
                                                         MINNOW_INVALID_PARAMETERS "ExportFromTime must be specified"};
inline constexpr FixedError kIncrementalWindowInvalid{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "ExportToTime must be later than ExportFromTime by 15 minutes to 24 hours"};
inline constexpr FixedError kFilterKeyConditionOnKeys{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "FilterExpression can only reference non-key attributes when KeyConditionExpression "
    "is specified"};
inline constexpr FixedError kCsvOptionsWithoutCsv{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "InputFormatOptions.Csv can only be specified for CSV"};
inline constexpr FixedError kCsvDelimiterInvalid{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "Csv.Delimiter must be one of comma, tab, colon, semicolon, pipe or space"};
inline constexpr FixedError kBulkOutputTypeRequired{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "OutputS3Configuration.OutputType must list ERROR, CONDITION_CHECK_FAILURE or both"};
inline constexpr FixedError kBulkMaxWriteRequestUnitsTooLow{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "MaxWriteRequestUnits must be at least 1024"};
Error bulk_operation_not_found(const std::string& arn);                                   // ResourceNotFoundException
Error bulk_operation_not_cancellable(const std::string& arn, const std::string& status);  // ValidationException
Error bulk_table_not_found(const std::string& table);                                     // ResourceNotFoundException

// ---- Error records of an import or bulk load (one per item it could not write) -------------------
// Minnow (DynamoDB logs such records to CloudWatch without documenting their texts):
inline constexpr FixedError kNotAnItemLine{ErrorCode::ValidationException,
                                           "The line is not a JSON object with an Item object"};
inline constexpr FixedError kNotAnIonItem{ErrorCode::ValidationException,
                                          "The value is not an Ion struct with an Item struct"};
inline constexpr FixedError kCsvTooManyFields{ErrorCode::ValidationException,
                                              "The CSV record has more fields than the header"};
inline constexpr FixedError kObjectNotDecompressed{
    ErrorCode::ValidationException, "The object could not be decompressed with the InputCompressionType given"};
inline constexpr FixedError kObjectTooLarge{ErrorCode::ValidationException,
                                            "The object decompresses to more than 1 GiB"};

// ---- Failures an export, import or bulk operation reports (FailureCode, FailureMessage) -------
// S3:
inline constexpr const char* kS3NoSuchBucketCode = "S3NoSuchBucket";
inline constexpr const char* kS3NoSuchBucketMessage = "The specified bucket does not exist";
inline constexpr const char* kS3AccessDeniedCode = "S3AccessDenied";
// Minnow: a key that would leave the --s3-dir directory, or a file system error.
inline constexpr const char* kS3AccessDeniedMessage =
    "Access Denied (Minnow's S3 stand-in refuses keys outside its --s3-dir directory)";
inline constexpr const char* kS3IoErrorMessage = "Access Denied (Minnow's S3 stand-in could not read or write a file)";
// Minnow: the hint a missing bucket gets when Minnow has no --s3-dir at all.
// Minnow: a bulk operation stopped by CancelBulkOperation.
inline constexpr const char* kBulkCancelledCode = "BulkOperationCancelled";
inline constexpr const char* kBulkCancelledMessage = "The bulk operation was cancelled by CancelBulkOperation";
inline constexpr const char* kS3NotConfiguredMessage =
    "The specified bucket does not exist (Minnow has no S3 stand-in: start it with --s3-dir DIR)";

}  // namespace minnow::model
