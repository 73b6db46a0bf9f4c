// The checks of a table definition that CreateTable and UpdateTable share (a TableDescription
// is written by api/descriptions.h).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "api/action.h"
#include "api/table_lookup.h"
#include "engine/table.h"
#include "requests/update_table.h"

namespace minnow::api {

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
// As sent, without checks: a projection that check_projection accepted, or one compared with an
// index's (the restores' overrides).
engine::Projection projection_of(const requests::RequestedProjection& projection);
engine::Projection read_projection(const JsonValue& projection);

// An SSESpecification as the engine keeps it: the encryption it asks for (KMS when no SSEType
// is given), or none when it is not Enabled.
std::optional<engine::SseSpecification> sse_of(const JsonValue& sse);

// A GSI's KeySchema (CreateTable and UpdateTable's Create), after the Shape: every attribute
// defined, then the key's form: one or two elements as a table key (HASH then RANGE, distinct
// names, dynalite's messages), or a multi-attribute key of up to 4 HASH then up to 4 RANGE
// attributes (DynamoDB Local's messages).
void check_global_index_key_schema(const std::vector<engine::KeySchemaElement>& key_schema,
                                   const std::vector<std::string>& definitions);
void check_global_index_key_schema(const JsonValue& key_schema, const std::vector<std::string>& definitions);

}  // namespace minnow::api
