// Vector indexes in table definitions: CreateTable's VectorIndexes, UpdateTable's
// VectorIndexUpdates (a TableDescription's VectorIndexes: api/descriptions.h).
//
// AWS documents the members (IndexName, VectorAttribute, Dimensions, DistanceFunction,
// Projection, an optional SearchSchema of one HASH and INLINE_FILTER attributes), that a name is
// unique within the table, that indexes on one vector attribute share its Dimensions, that the
// vector attribute and each INLINE_FILTER attribute count as one projected non-key attribute
// towards the table's limit (HASH elements do not), and that UpdateTable creates or deletes one
// vector index per request. Nothing else about a vector index can change. The rest follows the
// rules of GSIs: IndexName's form, Projection's checks, search schema attributes (typed, as
// writes are checked against their types) need AttributeDefinitions and count as used ones,
// statuses (CREATING with backfill then ACTIVE, DELETING) as a GSI's under
// -delayTransientStatuses, immediate otherwise. Limits AWS does not give are model/limits.h's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/action.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "requests/update_table.h"

// The Shape of a VectorIndex (CreateTable's VectorIndexes) and of a CreateVectorIndexAction
// (UpdateTable): the same members. Dimensions' upper bound is model::kMaxVectorDimensions.
#define MINNOW_SHAPE_VECTOR_INDEX_MEMBERS                                                                    \
  R"("IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",)"                          \
  R"( "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},)"                                        \
  R"("VectorAttribute": {"type": "FieldStruct<VectorAttributeDefinition>", "notNull": true, "children": {)"  \
  R"("AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1,)"                   \
  R"( "lengthLessThanOrEqual": 255}}},)"                                                                     \
  R"("SearchSchema": {"type": "List", "children": {"type": "ValueStruct<SearchSchemaElement>", )"            \
  R"("children": {"AttributeName": {"type": "String", "notNull": true, "lengthGreaterThanOrEqual": 1,)"      \
  R"( "lengthLessThanOrEqual": 255},)"                                                                       \
  R"("SearchSchemaElementType": {"type": "String", "notNull": true, "enum": ["HASH", "INLINE_FILTER"]}}}},)" \
  R"("Projection": {"type": "FieldStruct<Projection>", "notNull": true, "children": {)"                      \
  R"("ProjectionType": {"type": "String", "enum": ["ALL", "INCLUDE", "KEYS_ONLY"]},)"                        \
  R"("NonKeyAttributes": {"type": "List", "lengthGreaterThanOrEqual": 1, "children": "String"}}},)"          \
  R"("Dimensions": {"type": "Integer", "notNull": true, "greaterThanOrEqual": 1, "lessThanOrEqual": 4096},)" \
  R"("DistanceFunction": {"type": "String", "notNull": true, "enum": ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]})"

// CreateTable's VectorIndexes.
#define MINNOW_SHAPE_VECTOR_INDEXES                                                        \
  R"("VectorIndexes": {"type": "List", "children": {"type": "ValueStruct<VectorIndex>", )" \
  R"("children": {)" MINNOW_SHAPE_VECTOR_INDEX_MEMBERS R"(}}})"

// UpdateTable's VectorIndexUpdates: at most one (AWS: one vector index per UpdateTable).
#define MINNOW_SHAPE_VECTOR_INDEX_UPDATES                                                                         \
  R"("VectorIndexUpdates": {"type": "List", "lengthLessThanOrEqual": 1, "children": {)"                           \
  R"("type": "ValueStruct<VectorIndexUpdate>", "children": {)"                                                    \
  R"("Create": {"type": "FieldStruct<CreateVectorIndexAction>", "children": {)" MINNOW_SHAPE_VECTOR_INDEX_MEMBERS \
  R"(}},)"                                                                                                        \
  R"("Delete": {"type": "FieldStruct<DeleteVectorIndexAction>", "children": {)"                                   \
  R"("IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+",)"                               \
  R"( "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255}}}}}})"

namespace minnow::api {

// A VectorIndex or CreateVectorIndexAction the Shape has checked, read as sent; then its
// Projection checked as a GSI's (check_projection) and put in. Status ACTIVE.
requests::VectorIndexUpdate::Create requested_vector_index(const JsonValue& index);
engine::VectorIndexDefinition checked_vector_index(const requests::VectorIndexUpdate::Create& requested);
engine::VectorIndexDefinition read_vector_index(const JsonValue& index);  // both at once

// Whether the table has an index of that name: LSI, GSI or vector index, also one being deleted.
bool has_index_named(const engine::TableDefinition& table, const std::string& name);

// The search schema attributes of the table's vector indexes: they need attribute definitions
// and keep theirs, as index keys do.
std::vector<std::string> search_schema_attributes(const engine::TableDefinition& table);

// The checks a new vector index gets against the table it joins (its name is the caller's, with
// CreateTable's or UpdateTable's text), in this order: its search schema (one HASH at most, no
// attribute twice, each defined in the table's AttributeDefinitions), its vector attribute (not
// a key or search schema attribute of any index), the Dimensions of other indexes on that
// attribute, the table's projected-attribute limit, the vector index count.
void check_new_vector_index(const engine::VectorIndexDefinition& index, const engine::TableDefinition& table);

// UpdateTable's VectorIndexUpdates (null: none), checked on the request alone (each names one
// action) and read.
std::vector<requests::VectorIndexUpdate> decode_vector_index_updates(const JsonValue* updates);

// UpdateTable's VectorIndexUpdates against the table (after its attribute definitions are merged
// into `next`): creates or deletes the index in `next` and shows it CREATING or DELETING in
// `shown`. `delay`: -delayTransientStatuses. Returns whether there was one.
bool plan_vector_index_updates(const std::vector<requests::VectorIndexUpdate>& updates, int64_t now_ms, bool delay,
                               engine::TableDefinition& next, engine::TableDefinition& shown);

}  // namespace minnow::api
