// What the control plane's answers share: a TableDescription (DescribeTable's Table,
// CreateTable's TableDescription, a backup's or a restore's), its parts (key schemas,
// projections, throughput, index statuses and counts, vector indexes) and the scalars every
// description writes (strings, DynamoDB's date-times). Every family that describes a table
// includes this, never another family's header.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/action.h"
#include "engine/table.h"
#include "engine/table_definition.h"

namespace minnow::api {

// A stream's label from the time it was enabled: UTC, millisecond precision, as DynamoDB's
// "2026-11-30T06:13:44.123". LatestStreamArn is the table ARN + "/stream/" + label.
std::string stream_label(int64_t epoch_ms);

// "key": "value".
void write_string(JsonWriter& w, const char* key, const std::string& value);
// "Projection": {ProjectionType[, NonKeyAttributes]}.
void write_projection(JsonWriter& w, const engine::Projection& projection);
// "key": a date-time, as DynamoDB sends them: epoch seconds with millisecond precision.
void write_time(JsonWriter& w, const char* key, int64_t epoch_ms);
// "KeySchema": [{AttributeName, KeyType}, ...], as given.
void write_key_schema(JsonWriter& w, const std::vector<engine::KeySchemaElement>& elements);
// "ProvisionedThroughput": {...}, with the dates of the last changes.
void write_throughput(JsonWriter& w, const engine::ProvisionedThroughput& throughput);
// "OnDemandThroughput": {MaxReadRequestUnits, MaxWriteRequestUnits}.
void write_on_demand_throughput(JsonWriter& w, const engine::OnDemandThroughput& limits);
// "SSEDescription": {Status, SSEType, KMSMasterKeyArn}.
void write_sse_description(const ActionContext& context, JsonWriter& w, const engine::SseSpecification& sse);

// What a GSI's and a vector index's descriptions share: IndexStatus and Backfilling (`transient`:
// in a -delayTransientStatuses state), then IndexSizeBytes, ItemCount (nullopt stats: 0) and IndexArn.
void write_index_status(JsonWriter& w, const std::string& status, bool backfilling, bool transient);
void write_index_counts(const ActionContext& context, JsonWriter& w, const std::string& table_name,
                        const std::string& index_name, const std::optional<engine::IndexStats>& stats);

// Writes a TableDescription object (DescribeTable's Table, CreateTable's TableDescription, ...).
// `status` overrides TableStatus (CREATING on create, DELETING on delete). The table's
// definition is settled to the request's time first (engine/transient_statuses.h).
void write_table_description(const ActionContext& context, const engine::Table& table, JsonWriter& w,
                             const char* status = "ACTIVE");
// The same from a definition (a snapshot, possibly adjusted to show a transient state), with the
// counts and sizes of `table` (null: an empty table).
void write_table_description(const ActionContext& context, const engine::TableDefinition& definition,
                             const engine::Table* table, JsonWriter& w, const char* status);

// The members of a vector index as CreateTable's VectorIndexes states it: IndexName,
// VectorAttribute, Dimensions, DistanceFunction, SearchSchema, Projection.
void write_vector_index_definition(JsonWriter& w, const engine::VectorIndexDefinition& index);
// "VectorIndexes": [...] of a TableDescription (nothing when there are none): the definitions,
// then the deleting ones, with status, backfilling, counts and sizes of `table` (null: none).
void write_vector_indexes(const ActionContext& context, JsonWriter& w, const engine::TableDefinition& definition,
                          const engine::Table* table);

}  // namespace minnow::api
