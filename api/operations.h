// Every operation Minnow serves, one line each: its family (the folder api/<family>/ whose file
// defines it, in namespace minnow::api::<family>) and its name (the X-Amz-Target suffix; the
// definition is `const Action k<Name>`). The declarations below and the router's tables
// (api/router.cpp) are generated from these lists, so an operation is routed exactly when it is
// listed here (docs/adding-an-operation.md).
#pragma once

#include "api/action.h"

// X-Amz-Target DynamoDB_20120810.<Name>: the control plane beyond tables (backups, point-in-time
// recovery, ...), a list of its own so that these families add lines without touching the others.
#define MINNOW_CONTROL_PLANE_OPERATIONS(X)        \
  X(backups, CreateBackup)                        \
  X(backups, DescribeBackup)                      \
  X(backups, ListBackups)                         \
  X(backups, DeleteBackup)                        \
  X(backups, RestoreTableFromBackup)              \
  X(recovery, UpdateContinuousBackups)            \
  X(recovery, DescribeContinuousBackups)          \
  X(recovery, RestoreTableToPointInTime)          \
  X(policies, PutResourcePolicy)                  \
  X(policies, GetResourcePolicy)                  \
  X(policies, DeleteResourcePolicy)               \
  X(insights, DescribeContributorInsights)        \
  X(insights, UpdateContributorInsights)          \
  X(insights, ListContributorInsights)            \
  X(kinesis, EnableKinesisStreamingDestination)   \
  X(kinesis, DisableKinesisStreamingDestination)  \
  X(kinesis, DescribeKinesisStreamingDestination) \
  X(kinesis, UpdateKinesisStreamingDestination)   \
  X(autoscaling, DescribeTableReplicaAutoScaling) \
  X(autoscaling, UpdateTableReplicaAutoScaling)   \
  X(exports, ExportTableToPointInTime)            \
  X(exports, DescribeExport)                      \
  X(exports, ListExports)                         \
  X(imports, ImportTable)                         \
  X(imports, DescribeImport)                      \
  X(imports, ListImports)                         \
  X(bulk, StartBulkPutItems)                      \
  X(bulk, DescribeBulkOperation)                  \
  X(bulk, ListBulkOperations)                     \
  X(bulk, CancelBulkOperation)                    \
  X(globaltables, CreateGlobalTable)              \
  X(globaltables, UpdateGlobalTable)              \
  X(globaltables, DescribeGlobalTable)            \
  X(globaltables, ListGlobalTables)               \
  X(globaltables, DescribeGlobalTableSettings)    \
  X(globaltables, UpdateGlobalTableSettings)

// X-Amz-Target DynamoDB_20120810.<Name>
#define MINNOW_DYNAMODB_OPERATIONS(X) \
  X(tables, CreateTable)              \
  X(tables, DescribeTable)            \
  X(tables, ListTables)               \
  X(tables, DeleteTable)              \
  X(tables, UpdateTable)              \
  X(tables, UpdateTimeToLive)         \
  X(tables, DescribeTimeToLive)       \
  X(items, PutItem)                   \
  X(items, UpdateItem)                \
  X(items, DeleteItem)                \
  X(reads, GetItem)                   \
  X(reads, Query)                     \
  X(reads, Scan)                      \
  X(batch, BatchWriteItem)            \
  X(batch, BatchGetItem)              \
  X(transactions, TransactWriteItems) \
  X(transactions, TransactGetItems)   \
  X(partiql, ExecuteStatement)        \
  X(partiql, BatchExecuteStatement)   \
  X(partiql, ExecuteTransaction)      \
  X(tags, TagResource)                \
  X(tags, UntagResource)              \
  X(tags, ListTagsOfResource)         \
  X(account, DescribeLimits)          \
  X(account, DescribeEndpoints)       \
  X(vector, SearchVectors)            \
  MINNOW_CONTROL_PLANE_OPERATIONS(X)

// X-Amz-Target DynamoDBStreams_20120810.<Name>
#define MINNOW_STREAMS_OPERATIONS(X) \
  X(streams, ListStreams)            \
  X(streams, DescribeStream)         \
  X(streams, GetShardIterator)       \
  X(streams, GetRecords)

#define MINNOW_DECLARE_OPERATION(family, name) \
  namespace minnow::api::family {              \
  extern const Action k##name;                 \
  }
MINNOW_DYNAMODB_OPERATIONS(MINNOW_DECLARE_OPERATION)
MINNOW_STREAMS_OPERATIONS(MINNOW_DECLARE_OPERATION)
#undef MINNOW_DECLARE_OPERATION
