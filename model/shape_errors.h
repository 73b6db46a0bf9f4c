// The messages of the request-shape checks (api/shape.h), as DynamoDB's front end (Coral) words
// them: SerializationException for a member of the wrong JSON type, ValidationException for a
// missing member and for the aggregated constraint failures ("2 validation errors detected:
// Value null at 'tableName' failed to satisfy constraint: Member must not be null; ...").
// Captured from DynamoDB through dynalite's validations.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/errors.h"

namespace minnow::model {

// ---- JSON types (SerializationException) ----------------------------------------------------
inline constexpr FixedError kStructureNotExpected{ErrorCode::SerializationException,
                                                  "Start of structure or map found where not expected"};
inline constexpr FixedError kUnexpectedToken{ErrorCode::SerializationException,
                                             "Unexpected token received from parser"};
inline constexpr FixedError kUnexpectedFieldType{ErrorCode::SerializationException, "Unexpected field type"};
inline constexpr FixedError kUnexpectedValueType{ErrorCode::SerializationException, "Unexpected value type in payload"};
inline constexpr FixedError kBlobNotString{ErrorCode::SerializationException,
                                           "only base-64-encoded strings are convertible to bytes"};
// A list or map member of a parameterized type given the wrong JSON kind (Coral's Java error).
inline constexpr FixedError kParameterizedTypeCast{
    ErrorCode::SerializationException,
    "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class "
    "(sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of "
    "loader 'bootstrap')"};
// A JSON array where `java_type` is expected: "Unrecognized collection type class java.lang.Boolean".
Error unrecognized_collection(std::string_view java_type);
// A bare SerializationException (no message): malformed JSON, or a body that is not an object.
inline constexpr FixedError kBareSerialization{ErrorCode::SerializationException, ""};

// ---- Presence (ValidationException) ---------------------------------------------------------
Error parameter_required(std::string_view member);  // "The parameter 'X' is required but was not present ..."

// ---- Constraints: one text per failing constraint, aggregated by validation_errors() --------
inline constexpr const char* kMustNotBeNull = "Member must not be null";
std::string must_be_at_least(std::string_view bound);         // "Member must have value greater than or equal to 1"
std::string must_be_at_most(std::string_view bound);          // "Member must have value less than or equal to 25"
std::string length_must_be_at_least(std::string_view bound);  // "Member must have length greater than or equal to 3"
std::string length_must_be_at_most(std::string_view bound);   // "Member must have length less than or equal to 255"
std::string must_match_pattern(std::string_view pattern);     // "Member must satisfy regular expression pattern: ..."
std::string must_be_in_enum(std::string_view values);         // values as "A, B"
// "Map keys must satisfy constraint: [...]" or "Map value must satisfy constraint: [...]".
std::string map_entries_must_satisfy(bool keys, std::string_view constraints);
// The two forms of a constraint failure. AWS is moving DynamoDB's checks, region by region
// (2026), from the older form, which echoes the value (as Java prints it) at a camelCase path:
//   "Value 'x' at 'path' failed to satisfy constraint: <constraint>"  (`value` "null" or quoted)
// to the newer one, which names the member path as the API spells it and echoes nothing:
//   "Value at 'Member.Path' failed to satisfy constraint: <constraint>"
// Which checks use which form is said where each operation declares them (api/shape.h).
std::string constraint_failure(std::string_view value, std::string_view path, std::string_view constraint);
std::string constraint_failure_at(std::string_view path, std::string_view constraint);
// "1 validation error detected: ..." or "N validation errors detected: a; b".
Error validation_errors(const std::vector<std::string>& failures);

// ---- A strict deserializer's texts (api/strict_members.h: SearchVectors, 2026) -----------------
// Rust's serde words them, with the position just past what it read (1-based line, byte column).
struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 0;
};
// SerializationException "invalid type: null, expected a string at line 1 column 17":
// `unexpected` as serde names a JSON value ("null", "integer `5`", "sequence", ...).
Error strict_invalid_type(std::string_view unexpected, std::string_view expected, TextPosition at);
// SerializationException "invalid value: integer `3000000000`, expected i32 at line 1 column 30".
Error strict_invalid_value(std::string_view unexpected, std::string_view expected, TextPosition at);
// ValidationException "missing field `TableName` at line 1 column 45".
Error strict_missing_field(std::string_view field, TextPosition at);

}  // namespace minnow::model
