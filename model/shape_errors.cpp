#include "model/shape_errors.h"

namespace minnow::model {

namespace {
std::string at_position(TextPosition at) {
  return " at line " + std::to_string(at.line) + " column " + std::to_string(at.column);
}
}  // namespace

Error strict_invalid_type(std::string_view unexpected, std::string_view expected, TextPosition at) {
  return serialization(concat({"invalid type: ", unexpected, ", expected ", expected}) + at_position(at));
}
Error strict_invalid_value(std::string_view unexpected, std::string_view expected, TextPosition at) {
  return serialization(concat({"invalid value: ", unexpected, ", expected ", expected}) + at_position(at));
}
Error strict_missing_field(std::string_view field, TextPosition at) {
  return validation(concat({"missing field `", field, "`"}) + at_position(at));
}

Error unrecognized_collection(std::string_view java_type) {
  return serialization(concat({"Unrecognized collection type ", java_type}));
}

Error parameter_required(std::string_view member) {
  return validation("The parameter '" + std::string(member) + "' is required but was not present in the request");
}
std::string must_be_at_least(std::string_view bound) {
  return concat({"Member must have value greater than or equal to ", bound});
}
std::string must_be_at_most(std::string_view bound) {
  return concat({"Member must have value less than or equal to ", bound});
}
std::string length_must_be_at_least(std::string_view bound) {
  return concat({"Member must have length greater than or equal to ", bound});
}
std::string length_must_be_at_most(std::string_view bound) {
  return concat({"Member must have length less than or equal to ", bound});
}
std::string must_match_pattern(std::string_view pattern) {
  return concat({"Member must satisfy regular expression pattern: ", pattern});
}
std::string must_be_in_enum(std::string_view values) {
  return "Member must satisfy enum value set: [" + std::string(values) + "]";
}
std::string map_entries_must_satisfy(bool keys, std::string_view constraints) {
  return std::string(keys ? "Map keys" : "Map value") + " must satisfy constraint: [" + std::string(constraints) + "]";
}
std::string constraint_failure(std::string_view value, std::string_view path, std::string_view constraint) {
  return "Value " + std::string(value) + " at '" + std::string(path) +
         "' failed to satisfy constraint: " + std::string(constraint);
}
std::string constraint_failure_at(std::string_view path, std::string_view constraint) {
  return "Value at '" + std::string(path) + "' failed to satisfy constraint: " + std::string(constraint);
}
Error validation_errors(const std::vector<std::string>& failures) {
  std::string message =
      std::to_string(failures.size()) + " validation error" + (failures.size() > 1 ? "s" : "") + " detected: ";
  for (std::size_t i = 0; i < failures.size(); ++i) message += (i ? "; " : "") + failures[i];
  return validation(message);
}

}  // namespace minnow::model
