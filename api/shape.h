// Declarative request checks, the way DynamoDB's front end (Coral) performs them.
//
// A Shape is written as JSON in the vocabulary of dynalite's validations/*.js (whose rules and
// messages were captured from real DynamoDB), so each action's shape is a faithful transcript:
//   {"TableName": {"type": "String", "required": true, "tableName": true}, ...}
// check() runs DynamoDB's three stages in order:
//   1. JSON types of every declared member, in declaration order -> SerializationException;
//   2. "required" members and "tableName" (a control-plane operation's table name, reported
//      alone) -> ValidationException (the first one);
//   3. constraints (notNull, enum, lengths, ranges, regex, keys, values, tableNameRules: the
//      table-name checks of "tableName" among the others), at most ten, reported
//      together as "N validation errors detected: ...". DynamoDB is moving them to a newer
//      form (model/shape_errors.h): a rule's "form": {"<constraint>": "path"} says which use it
//      (they are checked first, in a stage of their own); the others echo the value as Java
//      prints it, or as JSON where "form" says "json".
// Members the shape does not declare are ignored, as DynamoDB ignores them.
// Constant after construction; thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "api/json.h"

namespace minnow::api {

class Shape {
 public:
  // `spec` is a JSON object of member name -> rule; throws std::logic_error if malformed
  // (a programming error, caught by the api tests).
  explicit Shape(std::string_view spec);
  ~Shape();
  Shape(Shape&&) noexcept;

  void check(const JsonValue& request) const;

  struct Rule;

 private:
  std::vector<std::pair<std::string, std::unique_ptr<Rule>>> members_;
};

// Reading members the Shape has type-checked, with Coral's conversions.
// A Boolean may also be the string true/false, yes/no or 1/0, in any case.
bool coral_bool(const JsonValue& v);
// A Date (epoch seconds, possibly with a fraction) as epoch milliseconds.
int64_t coral_date_ms(const JsonValue& v);
// A Long or Integer: Coral drops the fraction (floor) and clamps to 64 bits.
int64_t coral_long(const JsonValue& v);
// That Long as DynamoDB prints it in messages.
std::string coral_long_text(const JsonValue& v);
// A String member, or "" when absent.
std::string string_member(const JsonValue& object, const char* name);

}  // namespace minnow::api
