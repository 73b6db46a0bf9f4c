// DynamoDB's messages for vector indexes: their definitions (CreateTable, UpdateTable), items
// written to a table with one, and SearchVectors.
//
// AWS documents which requests are refused, and with which exception (the vector attribute must
// be a list of numbers with the index's dimension count, each fitting in float32; search schema
// attributes must have their defined types; indexes on one vector attribute share its Dimensions;
// one vector index created or deleted per UpdateTable; SearchVectors names the HASH attribute,
// compares with = only, on top-level search schema attributes; an index that does not exist or
// is not ACTIVE is a ResourceNotFoundException), but not the texts: no reference emulator has
// vector indexes. These texts follow the wording of DynamoDB's messages for the same rule on
// secondary indexes and KeyConditionExpression ("One or more parameter values were invalid: ...",
// "Invalid operator used in KeyConditionExpression: OR"), so a client that matches on the
// prefix treats them alike.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "model/errors.h"

namespace minnow::model {

// ---- Definitions: CreateTable's VectorIndexes, UpdateTable's VectorIndexUpdates --------------
// (ValidationException.) Duplicate names, undefined search schema attributes, projections and
// the projected-attribute limit use the secondary indexes' texts (model/errors.h).
// "... Vector index X has more than one HASH element in its SearchSchema"
Error vector_search_schema_two_hashes(const std::string& index);
// "... Vector index X has attribute A more than once in its SearchSchema"
Error vector_search_schema_duplicate(const std::string& index, const std::string& attribute);
// The vector attribute is a key (table, LSI, GSI) or a search schema attribute of any vector index:
// "... Vector attribute A of vector index X cannot be a key attribute or a search schema attribute".
Error vector_attribute_is_key(const std::string& attribute, const std::string& index);
// "... Vector indexes on attribute A must have the same Dimensions: X has 4, Y has 8"
Error vector_dimensions_differ(const std::string& attribute, const std::string& index, std::size_t dimensions,
                               const std::string& other, std::size_t other_dimensions);
inline constexpr FixedError kTooManyVectorIndexes{
    ErrorCode::ValidationException,
    MINNOW_INVALID_PARAMETERS "VectorIndex count exceeds the per-table limit of 20"};  // model::kMaxVectorIndexes
inline constexpr FixedError kVectorIndexUpdateActionRequired{
    ErrorCode::ValidationException, "One of VectorIndexUpdate.Create, VectorIndexUpdate.Delete must not be null"};
inline constexpr FixedError kVectorIndexUpdateTwoActions{
    ErrorCode::ValidationException, "Only one of VectorIndexUpdate.Create, VectorIndexUpdate.Delete can be specified"};

// ---- Items written (ValidationException) ----------------------------------------------------
// The vector attribute is not a list: "... Type mismatch for Vector attribute A Expected: L Actual: S IndexName: X".
Error vector_type_mismatch(const std::string& attribute, ValueType actual, const std::string& index);
// An element that is not a number: "... Vector attribute A element 3 Expected: N Actual: S IndexName: X" (from 1).
Error vector_element_not_number(const std::string& attribute, std::size_t position, ValueType actual,
                                const std::string& index);
// "... Vector attribute A has 3 dimensions, the index has 4 IndexName: X".
Error vector_dimension_mismatch(const std::string& attribute, std::size_t actual, std::size_t expected,
                                const std::string& index);
// "... Vector attribute A element 3 does not fit in a 32-bit floating point number IndexName: X".
Error vector_element_out_of_range(const std::string& attribute, std::size_t position, const std::string& index);

// ---- SearchVectors ----------------------------------------------------------------------------
// ResourceNotFoundException (also UpdateTable's Delete of an index that does not exist):
Error vector_index_not_found(const std::string& index);   // "Requested resource not found: Vector index: X not found"
Error vector_index_not_active(const std::string& index);  // "... Vector index: X is not ACTIVE"
// ValidationException, DynamoDB's texts (2026; no envelope).
// TopK outside 1..100: "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive"
Error top_k_out_of_range(const std::string& value);
// An element of SearchVector that is not a number, or not within float32.
inline constexpr FixedError kSearchVectorInvalidValues{
    ErrorCode::ValidationException,
    "Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number "
    "attribute"};
// "Input search vector dimension 2 does not match vector index dimension 3"
Error search_vector_dimension_mismatch(std::size_t actual, std::size_t expected);
inline constexpr FixedError kSearchConditionRequired{
    ErrorCode::ValidationException, "SearchConditionExpression must be provided when SearchSchema has a HASH key"};
// A comparator other than =, on a HASH or an INLINE_FILTER attribute alike.
inline constexpr FixedError kSearchConditionInvalidComparator{
    ErrorCode::ValidationException,
    "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression"};
// SearchConditionExpression's form (as KeyConditionExpression's texts): OR, NOT, IN, BETWEEN, a
// comparator other than =, a function.
Error search_condition_invalid_operator(
    const std::string& op);  // "Invalid operator used in SearchConditionExpression: OR"
inline constexpr FixedError kSearchConditionNestedAttributes{
    ErrorCode::ValidationException, "SearchConditionExpressions cannot have conditions on nested attributes"};
inline constexpr FixedError kSearchConditionMultipleNames{
    ErrorCode::ValidationException,
    "Invalid condition in SearchConditionExpression: Multiple attribute names used in one condition"};
inline constexpr FixedError kSearchConditionNoAttribute{
    ErrorCode::ValidationException, "Invalid condition in SearchConditionExpression: No attribute specified"};
inline constexpr FixedError kSearchConditionOnePerAttribute{
    ErrorCode::ValidationException, "SearchConditionExpressions must only contain one condition per attribute"};
// Against the index's SearchSchema (a value of another type than the attribute's definition is
// Query's kKeyConditionTypeMismatch; an empty S or B HASH value Query's key_empty_value):
// "SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid attribute: A"
Error search_condition_not_in_schema(const std::string& attribute);
// "... SearchConditionExpression must have an equality condition on the HASH attribute A of vector index X"
Error search_condition_missed_hash(const std::string& attribute, const std::string& index);
// ProjectionExpression: "... Vector index X does not project [a, b]" (as a GSI's, DynamoDB Local's text).
Error vector_index_does_not_project(const std::string& index, const std::vector<std::string>& attributes);

}  // namespace minnow::model
