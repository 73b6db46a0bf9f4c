// Describing a table as DynamoDB does (TableDescription, key schemas), and the checks CreateTable
// and UpdateTable share.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "api/action.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "engine/transient_statuses.h"
#include "requests/update_table.h"

namespace minnow::api {

// A stream's label from the time it was enabled: UTC, millisecond precision, as DynamoDB's
// "2026-11-30T06:13:44.123". LatestStreamArn is the table ARN + "/stream/" + label.
std::string stream_label(int64_t epoch_ms);

// The StreamSpecification and OnDemandThroughput checks CreateTable and UpdateTable share:
// a view type exactly when the stream is enabled; request-unit limits of -1 or at least 1.
void check_stream_and_on_demand_settings(const JsonValue& request);

// Members the Shape has checked, as the engine keeps them: a KeySchema (KeyType HASH or not), the
// AttributeDefinitions.
std::vector<engine::KeySchemaElement> key_schema_of(const JsonValue& list);
std::vector<engine::AttributeDefinition> attribute_definitions_of(const JsonValue& list);

// An index's Projection, after the Shape: read as sent, then checked (a ProjectionType,
// NonKeyAttributes with INCLUDE and only with INCLUDE), then as the engine keeps it.
requests::RequestedProjection requested_projection(const JsonValue& projection);
void check_projection(const requests::RequestedProjection& projection);
void check_projection(const JsonValue& projection);
engine::Projection projection_of(const requests::RequestedProjection& projection);  // checked
engine::Projection read_projection(const JsonValue& projection);                     // checked

// A GSI's KeySchema (CreateTable and UpdateTable's Create), after the Shape: every attribute
// defined, then the key's form: one or two elements as a table key (HASH then RANGE, distinct
// names, dynalite's messages), or a multi-attribute key of up to 4 HASH then up to 4 RANGE
// attributes (DynamoDB Local's messages).
void check_global_index_key_schema(const std::vector<engine::KeySchemaElement>& key_schema,
                                   const std::vector<std::string>& definitions);
void check_global_index_key_schema(const JsonValue& key_schema, const std::vector<std::string>& definitions);

// A new table's TableId: a random (version 4) UUID.
std::string new_table_id();

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

}  // namespace minnow::api
