// DynamoDB's messages for the control plane beyond tables: tags, backups and point-in-time
// recovery, resource policies, contributor insights, Kinesis streaming destinations, auto
// scaling.
//
// Sources, marked on each group:
//   dynalite   captured from DynamoDB by dynalite (tags);
//   AWS docs   the text of the error's description in AWS's API reference
//              (../shared/reference/aws-api/), which DynamoDB's messages repeat;
//   Minnow     no reference records a text: Minnow's wording, in DynamoDB's style
//              ("One or more parameter values were invalid: ..."), so that a client matching on
//              the error code and the usual prefix treats it alike.
#pragma once

#include <cstddef>
#include <string>

#include "model/errors.h"

namespace minnow::model {

// ---- Tags (TagResource, UntagResource, ListTagsOfResource; CreateTable's Tags) --------------
// dynalite:
inline constexpr FixedError kTagArnMissing{ErrorCode::ValidationException, "Invalid TableArn"};
Error tag_arn_invalid(const std::string& arn);  // "Invalid TableArn: Invalid ResourceArn provided as input <arn>"
inline constexpr FixedError kTagsNull{
    ErrorCode::ValidationException,
    "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null"};
inline constexpr FixedError kTagKeysNull{
    ErrorCode::ValidationException,
    "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null"};
// "Atleast" is DynamoDB's spelling.
inline constexpr FixedError kTagsEmpty{ErrorCode::ValidationException,
                                       "Atleast one Tag needs to be provided as Input."};
inline constexpr FixedError kTagKeysEmpty{ErrorCode::ValidationException,
                                          "Atleast one Tag Key needs to be provided as Input."};
Error tag_resource_not_found(const std::string& arn);  // "Requested resource not found: ResourcArn: <arn> not found"
// AccessDeniedException "User: arn:aws:iam::<account>:root is not authorized to perform:
// dynamodb:<operation> on resource: <arn>" (dynalite's form: a malformed ARN, or another account's).
Error not_authorized(const std::string& account, const std::string& operation, const std::string& resource);
// Minnow (AWS documents the limits, not the texts):
Error too_many_tags(std::size_t count);                                          // more than 50 tags on one resource
Error tag_key_reserved(const std::string& key);                                  // a key starting with "aws:"
Error tag_duplicate_key(const std::string& key);                                 // one key twice in one request
Error tag_invalid_characters(const std::string& what, const std::string& text);  // what: "key" or "value"

// ---- Backups and restores (CreateBackup, DescribeBackup, ListBackups, DeleteBackup,
// RestoreTableFromBackup, RestoreTableToPointInTime) ----------------------------------------
// AWS docs (the error descriptions of the API reference, with the name or ARN appended as
// DynamoDB's messages append them):
Error backup_table_not_found(const std::string& table);  // TableNotFoundException "Table not found: <table>"
Error backup_not_found(const std::string& arn);          // BackupNotFoundException "Backup not found: <arn>"
Error table_already_exists(const std::string& table);    // TableAlreadyExistsException "Table already exists: <table>"
inline constexpr FixedError kBackupInUse{
    ErrorCode::BackupInUseException,
    "There is another ongoing conflicting backup control plane operation on the table. The backup is either being "
    "created, deleted or restored to a table."};
inline constexpr FixedError kTargetTableInUse{
    ErrorCode::TableInUseException, "A target table with the specified name is either being created or deleted."};
// Minnow (restore overrides; AWS documents the rules, not the texts):
Error restore_index_not_in_source(const std::string& kind, const std::string& index);
inline constexpr FixedError kRestoreThroughputRequired{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "ProvisionedThroughputOverride must be specified when the restored table is PROVISIONED "
    "and its source was PAY_PER_REQUEST"};
inline constexpr FixedError kRestoreThroughputWithPayPerRequest{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "ProvisionedThroughputOverride cannot be specified when the restored table is "
    "PAY_PER_REQUEST"};

// ---- Point-in-time recovery (UpdateContinuousBackups, DescribeContinuousBackups,
// RestoreTableToPointInTime) ------------------------------------------------------------------
// AWS docs:
inline constexpr FixedError kPointInTimeRecoveryUnavailable{
    ErrorCode::PointInTimeRecoveryUnavailableException,
    "Point in time recovery has not yet been enabled for this source table."};
inline constexpr FixedError kInvalidRestoreTime{
    ErrorCode::InvalidRestoreTimeException,
    "An invalid restore time was specified. RestoreDateTime must be between EarliestRestorableDateTime and "
    "LatestRestorableDateTime."};
// Minnow:
inline constexpr FixedError kRecoveryPeriodWithoutRecovery{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true"};
inline constexpr FixedError kRestoreSourceRequired{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "Exactly one of SourceTableName and SourceTableArn must be specified"};
inline constexpr FixedError kRestoreTimeRequired{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "Exactly one of RestoreDateTime and UseLatestRestorableTime must be specified"};

// ---- Resource policies (PutResourcePolicy, GetResourcePolicy, DeleteResourcePolicy;
// CreateTable's ResourcePolicy) ---------------------------------------------------------------
// DynamoDB's (as AWS's documentation quotes it):
Error policy_not_found(
    const std::string& arn);  // "Resource-based policy not found for the provided ResourceArn: <arn>"
// Minnow:
Error policy_resource_not_found(
    const std::string& arn);  // ResourceNotFoundException "Requested resource not found: ResourceArn: <arn> not found"
Error policy_too_large(std::size_t bytes);  // more than 20 KB
inline constexpr FixedError kPolicyNotJson{ErrorCode::ValidationException,
                                           MINNOW_INVALID_PARAMETERS "The resource policy is not a valid JSON object"};
inline constexpr FixedError kPolicyWithoutStatement{ErrorCode::ValidationException,
                                                    MINNOW_INVALID_PARAMETERS "The resource policy has no Statement"};

// ---- Contributor insights, Kinesis streaming destinations, auto scaling ----------------------
// Minnow:
// ResourceNotFoundException "Requested resource not found: Index: <index> of table <table> not found"
Error table_index_not_found(const std::string& table, const std::string& index);
// ValidationException: a ReplicaUpdates region other than the table's own
Error replica_not_found(const std::string& table, const std::string& region);
inline constexpr FixedError kAutoScalingMinimumAboveMaximum{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS "MinimumUnits must not be greater than MaximumUnits"};
// ResourceInUseException "Kinesis streaming destination <arn> is being changed or is already enabled"
Error kinesis_destination_in_use(const std::string& stream_arn);
// ResourceNotFoundException "Requested resource not found: Table: <table> does not stream to <arn>"
Error kinesis_destination_not_found(const std::string& table, const std::string& stream_arn);
inline constexpr FixedError kKinesisUpdateWithoutPrecision{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "UpdateKinesisStreamingConfiguration.ApproximateCreationDateTimePrecision must be "
    "specified"};
inline constexpr FixedError kInvalidNextToken{ErrorCode::ValidationException,
                                              MINNOW_INVALID_PARAMETERS "The provided NextToken is not valid"};

// ---- Global tables (UpdateTable's ReplicaUpdates) --------------------------------------------
// No reference emulator has global tables and AWS's API reference quotes none of these texts:
// Minnow's, in DynamoDB's style, but for the one marked.
inline constexpr FixedError kReplicaUpdateOneAction{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Only one of ReplicationGroupUpdate.Create, ReplicationGroupUpdate.Update, ReplicationGroupUpdate.Delete may be "
    "specified"};
inline constexpr FixedError kReplicaUpdateActionRequired{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "One of ReplicationGroupUpdate.Create, ReplicationGroupUpdate.Update, ReplicationGroupUpdate.Delete must not be "
    "null"};
inline constexpr FixedError kReplicaUpdatesAlone{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "ReplicaUpdates cannot be combined with other updates in one UpdateTable request"};
inline constexpr FixedError kWitnessUpdateOneAction{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Exactly one of GlobalTableWitnessGroupUpdate.Create, GlobalTableWitnessGroupUpdate.Delete must be specified"};
// A witness deleted where the table has none in that region
Error witness_not_found(const std::string& table, const std::string& region);
// Disassociate (AWS's ReplicationGroupUpdate reference: the only update of its request, in the
// region the request is sent to) and DisassociationProtectionEnabled (alone in its request).
inline constexpr FixedError kDisassociateAlone{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "A Disassociate action must be the only replica update in the request"};
inline constexpr FixedError kDisassociateOwnRegion{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Disassociate's RegionName must be the region the request is sent to"};
inline constexpr FixedError kDisassociateNeedsEventualReplica{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Only a replica of a global table of eventual consistency (version 2019.11.21) can be disassociated"};
inline constexpr FixedError kDisassociationProtected{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Disassociation protection is enabled for this replica: disable it with DisassociationProtectionEnabled first"};
inline constexpr FixedError kDisassociationProtectionAlone{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "DisassociationProtectionEnabled cannot be combined with other updates in one UpdateTable request"};
// Strong consistency (MultiRegionConsistency STRONG): the rules of AWS's UpdateTable reference.
inline constexpr FixedError kStrongConsistencyNeedsCreate{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "MultiRegionConsistency can only be given with Create actions in ReplicaUpdates"};
inline constexpr FixedError kStrongConsistencyOnNewGlobalTable{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "MultiRegionConsistency can only be set when the global table is created"};
inline constexpr FixedError kStrongConsistencyNeedsEmptyTable{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "A table must be empty to become a global table of strong consistency"};
inline constexpr FixedError kStrongConsistencyShape{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "A global table of strong consistency has three replicas, or two replicas and a witness"};
inline constexpr FixedError kStrongConsistencyRegionSet{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "The replicas and the witness of a global table of strong consistency must be in one region set (US, EU or AP)"};
inline constexpr FixedError kWitnessInReplicaRegion{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "The witness must be in another region than the replicas"};
inline constexpr FixedError kOneWitnessUpdate{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "Only one witness can be created or deleted in one UpdateTable request"};
inline constexpr FixedError kReplicasNeedRegions{
    ErrorCode::ValidationException,
    "Global tables need one namespace per region: Minnow cannot create replicas with -sharedDb"};
inline constexpr FixedError kReplicaNeedsStream{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "A table needs a stream with the NEW_AND_OLD_IMAGES view type to have replicas"};
Error duplicate_replica_update(const std::string& region);  // two updates of one region in a request
Error replica_in_own_region(const std::string& table, const std::string& region);
Error replica_exists(const std::string& table, const std::string& region);
// Multi-account global tables (CreateTable's GlobalTableSourceArn; UpdateTable's and CreateTable's
// GlobalTableSettingsReplicationMode): AWS's reference states the rules, not their texts.
inline constexpr FixedError kSourceNeedsEnabledMode{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "GlobalTableSettingsReplicationMode must be ENABLED to create a table from a GlobalTableSourceArn"};
inline constexpr FixedError kSettingsReplicationModeValue{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "GlobalTableSettingsReplicationMode can only be set to ENABLED or DISABLED"};
inline constexpr FixedError kSettingsReplicationModeOnGlobalTable{
    ErrorCode::ValidationException, MINNOW_INVALID_PARAMETERS
    "GlobalTableSettingsReplicationMode can only be changed on a table that is not a global table"};
Error source_arn_invalid(const std::string& arn);            // not a table's ARN
Error member_with_source_arn(const std::string& member);     // a setting the source table gives
Error source_name_differs(const std::string& table, const std::string& source);
Error source_not_enabled(const std::string& table, const std::string& region);  // its mode is not ENABLED
// A replica's GlobalSecondaryIndexes override naming an index the table does not have
Error replica_override_index_not_found(const std::string& table, const std::string& index);
// A table of that name in the new replica's region; the text as DynamoDB's was reported
// (its "a the" included), not captured here.
Error replica_table_exists(const std::string& table);
// UpdateTable's ReplicaUpdates on a member of a version 2017.11.29 global table
Error global_table_2017(const std::string& table);
// Version 2017.11.29's operations (CreateGlobalTable, ...): AWS's API reference names the
// exceptions, not their texts.
Error global_table_not_found(const std::string& name);  // GlobalTableNotFoundException
Error global_table_exists(const std::string& name);     // GlobalTableAlreadyExistsException
Error global_table_member_not_found(const std::string& name, const std::string& region);  // TableNotFoundException
Error global_table_member_not_empty(const std::string& name, const std::string& region);
Error global_table_key_schema_differs(const std::string& name, const std::string& region);
Error replica_not_in_group(const std::string& name, const std::string& region);    // ReplicaNotFoundException
Error replica_already_in_group(const std::string& name, const std::string& region);  // ReplicaAlreadyExistsException
Error duplicate_region(const std::string& region);  // a region twice in ReplicationGroup or ReplicaUpdates

}  // namespace minnow::model
