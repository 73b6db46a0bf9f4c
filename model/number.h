// Exact decimal numbers as DynamoDB stores them.
//
// Up to 38 significant digits, magnitude from 1E-130 to below 1E+126, and zero. No binary
// floating point anywhere: values are a sign, a string of significant decimal digits and an
// exponent. Values are immutable and cheap to copy for short numbers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace minnow::model {

class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB number text ("12", "-1.50", "1e2", "  .5"? no: see number.cpp) and throws
  // model::Error with DynamoDB's message: not numeric, overflow, underflow, more than 38
  // significant digits.
  static Number parse(std::string_view text);

  // Canonical text, as DynamoDB returns it: "1.50" -> "1.5", "1e2" -> "100", "-0" -> "0",
  // no exponent notation, no trailing zeros after the point, no leading zeros.
  std::string to_string() const;

  // -1, 0 or 1, exactly.
  int compare(const Number& other) const;
  bool operator==(const Number& other) const { return compare(other) == 0; }
  bool operator<(const Number& other) const { return compare(other) < 0; }

  // Exact arithmetic for UpdateExpression SET a = b + c and ADD. Throws model::Error when the
  // result is out of DynamoDB's range or needs more than 38 significant digits.
  Number add(const Number& other) const;
  Number subtract(const Number& other) const;

  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }

  // Bytes the number counts for in DynamoDB's item size accounting.
  std::size_t size_bytes() const;

  // An encoding whose bytewise (memcmp) order is the numeric order; used for sort keys.
  std::string sortable_bytes() const;

 private:
  // value = (negative_ ? -1 : 1) * 0.d1d2d3... * 10^exponent_, digits_ without leading or
  // trailing zeros; zero has empty digits_.
  bool negative_ = false;
  int32_t exponent_ = 0;
  std::string digits_;
};

}  // namespace minnow::model
