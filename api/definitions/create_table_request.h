// CreateTable's request as DynamoDB checks it: the Shape and the decoder that CreateTable and
// ImportTable (its TableCreationParameters) share.
//
// The order of the checks is observable, and is DynamoDB's as dynalite captured it:
//   1. the Shape: JSON types, TableName, then the constraints (at most ten, aggregated);
//   2. dynalite's custom checks, in its order: billing mode against ProvisionedThroughput,
//      throughput bounds, KeySchema against AttributeDefinitions, then each LocalSecondaryIndex
//      and each GlobalSecondaryIndex (key attributes, key types, projection, names), then their
//      counts;
//   3. what dynalite predates, as DynamoDB Local enforces it: duplicate and unused attribute
//      definitions when there are indexes, a GSI without throughput on a PROVISIONED table,
//      StreamSpecification, OnDemandThroughput;
//   4. each VectorIndex (api/definitions/vector_index_definitions.h), after the definition is read;
//   5. the catalog: a table of that name already exists -> ResourceInUseException.
// CreateTable's answer shows the table CREATING (with its GSIs and vector indexes CREATING), as
// DynamoDB does; Minnow's table is ACTIVE as soon as this returns, also with DatabaseOptions::delay_transient_statuses
// (DynamoDB Local 3.3.1 with -delayTransientStatuses: the table and its GSIs are ACTIVE at once).
#pragma once

#include "api/action.h"
#include "requests/tables.h"

namespace minnow::api {

extern const Shape kCreateTableShape;

// The request the Shape has checked, checked further in the order above (but the catalog's),
// as the typed request: the new table's definition with its TableId and creation time.
requests::CreateTableRequest decode_create_table(const ActionContext& context, const JsonValue& json);

}  // namespace minnow::api
