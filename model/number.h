// Exact decimal numbers as DynamoDB stores them.
//
// Up to 38 significant digits, magnitude from 1E-130 to below 1E+126, and zero. No binary
// floating point anywhere: values are a sign, a string of significant decimal digits and an
// exponent. Values are immutable and cheap to copy for short numbers (the digits fit the
// string's small buffer up to 15 digits).
//
// Every Number is valid: the only ways to make one are the zero default, parse() and the
// arithmetic, and each of them checks DynamoDB's limits. Immutable, so safe to share across
// threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace minnow::model {

class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB number text and throws model::Error with DynamoDB's message. The grammar is
  // Java's BigDecimal's, which DynamoDB uses: /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i, so
  // "+3", "1e2", ".5", "5." and "-0" are numbers, and "++1", "+-1", " 1", "1 ", "0x1", "NaN" are
  // not (dynalite's big.js refuses a leading "+"; DynamoDB and DynamoDB Local accept it). Checks, in this order: empty
  // text, not numeric, overflow (exponent > 125), underflow (exponent < -130), more than 38 significant digits. Any
  // form of zero ("-0", "0.000e999") is zero.
  static Number parse(std::string_view text);

  // Canonical text, as DynamoDB returns it: "1.50" -> "1.5", "1e2" -> "100", "-0" -> "0",
  // no exponent notation, no trailing zeros after the point, no leading zeros.
  std::string to_string() const;

  // -1, 0 or 1, exactly.
  int compare(const Number& other) const;
  bool operator==(const Number& other) const { return compare(other) == 0; }
  bool operator<(const Number& other) const { return compare(other) < 0; }

  // Exact arithmetic for UpdateExpression SET a = b + c and ADD. Throws model::Error when the
  // result needs more than 38 significant digits (number_arithmetic_precision), then when it is
  // out of DynamoDB's range (number_arithmetic_overflow, number_underflow): DynamoDB Local checks
  // in that order, with those texts. A
  // zero result is zero, never negative zero.
  Number add(const Number& other) const;
  Number subtract(const Number& other) const;

  // The nearest double (correctly rounded, as strtod), e.g. for a vector element.
  double to_double() const;

  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }

  // Bytes the number counts for in DynamoDB's item size accounting, as dynalite measures it:
  // 1 for zero, else 1 + ceil(digits / 2), + 1 when both the digit count and the exponent are
  // even, + 1 when negative.
  std::size_t size_bytes() const;

  // An encoding whose bytewise (memcmp) order is the numeric order; used for sort keys. It is
  // prefix-free (no encoding is a prefix of another), so encodings can be concatenated into
  // composite keys and still compare field by field. Equal numbers have equal encodings.
  std::string sortable_bytes() const;
  // The number sortable_bytes() encodes (its inverse); the bytes must be such an encoding.
  static Number from_sortable_bytes(std::string_view bytes);

  // DynamoDB's binary form of a number, the bytes its partition hash digests (model/key.h): an
  // exponent byte, then base-100 digit pairs (+1; negative numbers 101 - pair, the exponent
  // byte complemented and, below 20 pairs, a 102 terminator), as dynalite reproduces it.
  std::string dynamodb_bytes() const;

 private:
  Number(bool negative, int32_t exponent, std::string digits)
      : negative_(negative), exponent_(exponent), digits_(std::move(digits)) {}

  // -1, 0 or 1 comparing |*this| with |other|.
  int compare_magnitude(const Number& other) const;
  // *this + (other_negative ? -1 : 1) * |other|: add() and subtract() in one.
  Number add_signed(const Number& other, bool other_negative) const;

  // value = (negative_ ? -1 : 1) * d1.d2d3... * 10^exponent_ (big.js's `e`: the power of ten
  // of the first significant digit). digits_ holds ASCII '0'..'9' without leading or trailing
  // zeros, at most 38 of them; -130 <= exponent_ <= 125. Zero has empty digits_, exponent_ 0
  // and negative_ false, so that equal numbers have equal members.
  bool negative_ = false;
  int32_t exponent_ = 0;
  std::string digits_;
};

// Whether Java's BigDecimal reads this number text (of Number::parse's grammar): its exponent,
// and its scale (fraction digits less the exponent), fit a 32-bit integer. DynamoDB's PartiQL
// reads literals and parameters that way; an item's N value does not go through it.
bool fits_java_bigdecimal(std::string_view text);

}  // namespace minnow::model
