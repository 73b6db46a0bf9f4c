#include "model/number.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "model/errors.h"

namespace minnow::model {
namespace {

constexpr int kMaxExponent = 125;
constexpr int kMinExponent = -130;
constexpr std::size_t kMaxDigits = 38;

// Exponent digits beyond this only push a value further out of range. Saturating here keeps
// "1e999999999999999999999" from overflowing int64 while leaving ample room for adding the
// text's own length.
constexpr int64_t kExponentClamp = int64_t{1} << 50;

// Digit positions that a sum or difference of two valid numbers can touch: from one above the
// largest exponent (a carry) down to the last digit of the smallest 38-digit number.
constexpr int kLowestPower = kMinExponent - static_cast<int>(kMaxDigits) + 1;
constexpr int kMaxWidth = (kMaxExponent + 1) - kLowestPower + 1;

// Bytes of sortable_bytes(). Negative < zero < positive; after the sign byte a positive
// number has its exponent (+130, so one byte) then its digits in base 100 (each pair + 1)
// then a 0 terminator, and a negative number has the complement of its magnitude's bytes.
constexpr unsigned char kSortNegative = 0x01;
constexpr unsigned char kSortZero = 0x02;
constexpr unsigned char kSortPositive = 0x03;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Adds (sign 1) or subtracts (sign -1) `digits` * 10^(exponent - i) into the little-endian
// column buffer whose column 0 is the power `lo`, without carrying.
void accumulate(int8_t* columns, int lo, const std::string& digits, int exponent, int sign) {
  for (std::size_t i = 0; i < digits.size(); ++i) {
    columns[exponent - static_cast<int>(i) - lo] += static_cast<int8_t>(sign * (digits[i] - '0'));
  }
}

}  // namespace

Number Number::parse(std::string_view text) {
  const std::size_t n = text.size();
  if (n == 0) throw Error(kNumberNotNumeric);
  auto not_numeric = [&] { return number_not_numeric(std::string(text)); };

  // /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i, by hand.
  std::size_t p = 0;
  const bool negative = text[0] == '-';
  if (negative || text[0] == '+') ++p;
  const std::size_t int_begin = p;
  while (p < n && is_digit(text[p])) ++p;
  const std::size_t int_end = p;
  std::size_t frac_begin = p, frac_end = p;
  if (p < n && text[p] == '.') {
    frac_begin = ++p;
    while (p < n && is_digit(text[p])) ++p;
    frac_end = p;
  }
  if (int_end == int_begin && frac_end == frac_begin) throw not_numeric();
  int64_t exponent = 0;
  if (p < n && (text[p] == 'e' || text[p] == 'E')) {
    ++p;
    bool exponent_negative = false;
    if (p < n && (text[p] == '+' || text[p] == '-')) exponent_negative = text[p++] == '-';
    const std::size_t exponent_begin = p;
    for (; p < n && is_digit(text[p]); ++p) {
      if (exponent < kExponentClamp) exponent = exponent * 10 + (text[p] - '0');
    }
    if (p == exponent_begin) throw not_numeric();
    if (exponent_negative) exponent = -exponent;
  }
  if (p != n) throw not_numeric();

  // The mantissa's digits, integer part then fraction, as one sequence without the point.
  const std::size_t int_len = int_end - int_begin;
  const std::size_t len = int_len + (frac_end - frac_begin);
  auto digit_at = [&](std::size_t k) { return k < int_len ? text[int_begin + k] : text[frac_begin + (k - int_len)]; };
  std::size_t first = 0;
  while (first < len && digit_at(first) == '0') ++first;
  if (first == len) return Number();
  std::size_t last = len - 1;
  while (digit_at(last) == '0') --last;

  // dynalite's checkNum order: overflow, underflow, then precision.
  const int64_t e = static_cast<int64_t>(int_len) - static_cast<int64_t>(first) - 1 + exponent;
  if (e > kMaxExponent) throw Error(kNumberOverflow);
  if (e < kMinExponent) throw Error(kNumberUnderflow);
  const std::size_t count = last - first + 1;
  if (count > kMaxDigits) throw Error(kNumberTooManyDigits);

  std::string digits;
  digits.reserve(count);
  if (first < int_len) {
    digits.append(text.substr(int_begin + first, std::min(last + 1, int_len) - first));
  }
  if (last >= int_len) {
    const std::size_t from = std::max(first, int_len);
    digits.append(text.substr(frac_begin + (from - int_len), last + 1 - from));
  }
  return Number(negative, static_cast<int32_t>(e), std::move(digits));
}

double Number::to_double() const {
  if (digits_.empty()) return 0;
  // Clinger's fast path: an integer mantissa below 2^53 times an exactly representable power of
  // ten is one correctly rounded multiplication or division. Otherwise strtod.
  const int power = exponent_ - static_cast<int>(digits_.size()) + 1;
  if (digits_.size() <= 15 && power >= -22 && power <= 22) {
    static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                         1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    int64_t mantissa = 0;
    for (char c : digits_) mantissa = mantissa * 10 + (c - '0');
    double v = static_cast<double>(mantissa);
    v = power >= 0 ? v * kPowers[power] : v / kPowers[-power];
    return negative_ ? -v : v;
  }
  std::string text = (negative_ ? "-" : "") + digits_ + "e" + std::to_string(power);
  return std::strtod(text.c_str(), nullptr);
}

std::string Number::to_string() const {
  if (is_zero()) return "0";
  const std::size_t sign = negative_ ? 1 : 0;
  const std::size_t n = digits_.size();
  std::string out;
  if (exponent_ < 0) {  // 0.000ddd
    const std::size_t zeros = static_cast<std::size_t>(-exponent_ - 1);
    out.assign(sign + 2 + zeros + n, '0');
    out[sign + 1] = '.';
    std::memcpy(out.data() + sign + 2 + zeros, digits_.data(), n);
  } else if (static_cast<std::size_t>(exponent_) + 1 >= n) {  // ddd000
    out.assign(sign + static_cast<std::size_t>(exponent_) + 1, '0');
    std::memcpy(out.data() + sign, digits_.data(), n);
  } else {  // dd.ddd
    const std::size_t whole = static_cast<std::size_t>(exponent_) + 1;
    out.assign(sign + n + 1, '.');
    std::memcpy(out.data() + sign, digits_.data(), whole);
    std::memcpy(out.data() + sign + whole + 1, digits_.data() + whole, n - whole);
  }
  if (negative_) out[0] = '-';
  return out;
}

int Number::compare_magnitude(const Number& other) const {
  if (exponent_ != other.exponent_) return exponent_ < other.exponent_ ? -1 : 1;
  // Same exponent and no trailing zeros: the digit strings compare like the fractions.
  const int c = digits_.compare(other.digits_);
  return (c > 0) - (c < 0);
}

int Number::compare(const Number& other) const {
  const int sign = is_zero() ? 0 : negative_ ? -1 : 1;
  const int other_sign = other.is_zero() ? 0 : other.negative_ ? -1 : 1;
  if (sign != other_sign) return sign < other_sign ? -1 : 1;
  return sign * compare_magnitude(other);
}

Number Number::add(const Number& other) const { return add_signed(other, other.negative_); }

Number Number::subtract(const Number& other) const { return add_signed(other, !other.negative_); }

Number Number::add_signed(const Number& other, bool other_negative) const {
  if (other.is_zero()) return *this;
  if (is_zero()) return Number(other_negative, other.exponent_, other.digits_);

  // Schoolbook arithmetic in columns, one per power of ten; valid operands keep every column
  // within kLowestPower .. kMaxExponent + 1.
  const int lo =
      std::min(exponent_ - static_cast<int>(digits_.size()), other.exponent_ - static_cast<int>(other.digits_.size())) +
      1;
  const int hi = std::max(exponent_, other.exponent_) + 1;
  const int width = hi - lo + 1;
  int8_t columns[kMaxWidth];
  std::fill_n(columns, width, int8_t{0});

  bool result_negative;
  if (negative_ == other_negative) {
    accumulate(columns, lo, digits_, exponent_, 1);
    accumulate(columns, lo, other.digits_, other.exponent_, 1);
    result_negative = negative_;
  } else {
    const int magnitude = compare_magnitude(other);
    if (magnitude == 0) return Number();
    const Number& larger = magnitude > 0 ? *this : other;
    const Number& smaller = magnitude > 0 ? other : *this;
    accumulate(columns, lo, larger.digits_, larger.exponent_, 1);
    accumulate(columns, lo, smaller.digits_, smaller.exponent_, -1);
    result_negative = magnitude > 0 ? negative_ : other_negative;
  }
  for (int k = 0; k + 1 < width; ++k) {  // carries and borrows; the top column absorbs them
    if (columns[k] >= 10) {
      columns[k] -= 10;
      ++columns[k + 1];
    } else if (columns[k] < 0) {
      columns[k] += 10;
      --columns[k + 1];
    }
  }

  int top = width - 1;
  while (columns[top] == 0) --top;  // nonzero: equal magnitudes returned above
  int bottom = 0;
  while (columns[bottom] == 0) ++bottom;

  // DynamoDB Local's order for arithmetic results: precision, then range.
  const std::size_t count = static_cast<std::size_t>(top - bottom + 1);
  const int e = lo + top;
  if (count > kMaxDigits) throw Error(kNumberArithmeticPrecision);
  if (e > kMaxExponent) throw Error(kNumberOverflow);
  if (e < kMinExponent) throw Error(kNumberUnderflow);

  std::string digits(count, '0');
  for (std::size_t i = 0; i < count; ++i) {
    digits[i] = static_cast<char>('0' + columns[top - static_cast<int>(i)]);
  }
  return Number(result_negative, e, std::move(digits));
}

std::size_t Number::size_bytes() const {
  if (is_zero()) return 1;
  const std::size_t n = digits_.size();
  const bool extra = n % 2 == 0 && exponent_ % 2 == 0;
  return 1 + (n + 1) / 2 + (extra ? 1 : 0) + (negative_ ? 1 : 0);
}

std::string Number::sortable_bytes() const {
  if (is_zero()) return std::string(1, static_cast<char>(kSortZero));
  const std::size_t n = digits_.size();
  const std::size_t pairs = (n + 1) / 2;
  std::string out(2 + pairs + 1, '\0');  // sign, exponent, pairs, terminator 0
  out[0] = static_cast<char>(negative_ ? kSortNegative : kSortPositive);
  out[1] = static_cast<char>(exponent_ - kMinExponent);
  for (std::size_t i = 0; i < pairs; ++i) {
    const int high = digits_[2 * i] - '0';
    const int low = 2 * i + 1 < n ? digits_[2 * i + 1] - '0' : 0;
    out[2 + i] = static_cast<char>(high * 10 + low + 1);
  }
  if (negative_) {
    for (std::size_t k = 1; k < out.size(); ++k) {
      out[k] = static_cast<char>(0xFF - static_cast<unsigned char>(out[k]));
    }
  }
  return out;
}

Number Number::from_sortable_bytes(std::string_view bytes) {
  const auto byte = [&](std::size_t i) {
    const unsigned char b = static_cast<unsigned char>(bytes[i]);
    return bytes[0] == static_cast<char>(kSortNegative) ? static_cast<unsigned char>(0xFF - b) : b;
  };
  if (bytes.empty() || bytes[0] == static_cast<char>(kSortZero)) return Number();
  std::string digits;
  for (std::size_t i = 2; i < bytes.size() && byte(i) != 0; ++i) {
    const int pair = byte(i) - 1;
    digits += static_cast<char>('0' + pair / 10);
    digits += static_cast<char>('0' + pair % 10);
  }
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  return Number(bytes[0] == static_cast<char>(kSortNegative), static_cast<int32_t>(byte(1)) + kMinExponent,
                std::move(digits));
}

std::string Number::dynamodb_bytes() const {
  if (is_zero()) return std::string(1, static_cast<char>(0x80));
  // As dynalite's numToBuffer: digits in pairs from the decimal point, so an odd power of ten
  // starts with a 0 digit.
  const int exponent = exponent_ + 1;
  const bool leading_zero = exponent % 2 != 0;
  const std::string digits = (leading_zero ? "0" : "") + digits_;
  const int scale = (exponent + (leading_zero ? 1 : 0)) / 2 - 64;
  std::string out(1, static_cast<char>(negative_ ? ~scale : scale));
  for (std::size_t i = 0; i < digits.size(); i += 2) {
    const int pair = (digits[i] - '0') * 10 + (i + 1 < digits.size() ? digits[i + 1] - '0' : 0);
    out += static_cast<char>(negative_ ? 101 - pair : pair + 1);
  }
  if (negative_ && out.size() - 1 < 20) out += static_cast<char>(102);
  return out;
}

bool fits_java_bigdecimal(std::string_view text) {
  int64_t fraction_digits = 0, exponent = 0;
  std::size_t i = 0;
  while (i < text.size() && text[i] != '.' && text[i] != 'e' && text[i] != 'E') ++i;
  if (i < text.size() && text[i] == '.')
    for (++i; i < text.size() && is_digit(text[i]); ++i) ++fraction_digits;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    constexpr int64_t kPastInt32 = int64_t{1} << 32;
    for (; i < text.size() && is_digit(text[i]); ++i) exponent = std::min(exponent * 10 + (text[i] - '0'), kPastInt32);
    if (negative) exponent = -exponent;
  }
  const int64_t scale = fraction_digits - exponent;
  constexpr int64_t kMin = std::numeric_limits<int32_t>::min(), kMax = std::numeric_limits<int32_t>::max();
  return exponent >= kMin && exponent <= kMax && scale >= kMin && scale <= kMax;
}

}  // namespace minnow::model
