// model::Number against DynamoDB's rules: dynalite's checkNum() and big.js for parsing and
// printing, DynamoDB Local for arithmetic, dynalite's valSize() for sizes.
#include "model/number.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>

#include "model/errors.h"

namespace number_test {

namespace model = minnow::model;
using model::Number;

namespace {

std::string error_text(const model::Error& e) { return "error: " + e.message(); }
std::string not_numeric() { return error_text(model::Error(model::kNumberNotNumeric)); }
std::string not_numeric(const std::string& text) { return error_text(model::number_not_numeric(text)); }
std::string overflow() { return error_text(model::Error(model::kNumberOverflow)); }
std::string underflow() { return error_text(model::Error(model::kNumberUnderflow)); }
std::string too_many_digits() { return error_text(model::Error(model::kNumberTooManyDigits)); }
std::string arithmetic_overflow() { return error_text(model::Error(model::kNumberOverflow)); }
std::string arithmetic_precision() { return error_text(model::Error(model::kNumberArithmeticPrecision)); }

std::string zeros(std::size_t n) { return std::string(n, '0'); }
std::string nines(std::size_t n) { return std::string(n, '9'); }

// Canonical text of `text`, or "error: <message>".
std::string parsed(const std::string& text) {
  try {
    return Number::parse(text).to_string();
  } catch (const model::Error& e) {
    return error_text(e);
  }
}

std::string arithmetic(const std::string& a, char op, const std::string& b) {
  const Number x = Number::parse(a), y = Number::parse(b);
  try {
    return (op == '+' ? x.add(y) : x.subtract(y)).to_string();
  } catch (const model::Error& e) {
    return error_text(e);
  }
}

int sign_of(int c) { return (c > 0) - (c < 0); }

// ---- Reference implementations, written the slow and obvious way --------------------------

// /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i as a state machine: big.js's grammar with the
// leading "+" Java's BigDecimal (DynamoDB's) accepts too.
bool bigjs_numeric(const std::string& text) {
  enum State { kStart, kMinus, kWhole, kPoint, kFraction, kBarePoint, kE, kESign, kExponent, kNo };
  State state = kStart;
  for (const char c : text) {
    const bool digit = c >= '0' && c <= '9', e = c == 'e' || c == 'E';
    switch (state) {
      case kStart:
        state = c == '-' || c == '+' ? kMinus : digit ? kWhole : c == '.' ? kBarePoint : kNo;
        break;
      case kMinus:
        state = digit ? kWhole : c == '.' ? kBarePoint : kNo;
        break;
      case kWhole:
        state = digit ? kWhole : c == '.' ? kPoint : e ? kE : kNo;
        break;
      case kPoint:
        state = digit ? kFraction : e ? kE : kNo;
        break;
      case kFraction:
        state = digit ? kFraction : e ? kE : kNo;
        break;
      case kBarePoint:
        state = digit ? kFraction : kNo;
        break;
      case kE:
        state = c == '+' || c == '-' ? kESign : digit ? kExponent : kNo;
        break;
      case kESign:
        state = digit ? kExponent : kNo;
        break;
      case kExponent:
        state = digit ? kExponent : kNo;
        break;
      case kNo:
        return false;
    }
  }
  return state == kWhole || state == kPoint || state == kFraction || state == kExponent;
}

// dynalite's checkNum(): big.js's parse, its range checks, then big.js's toFixed().
std::string bigjs_outcome(std::string n) {
  if (n.empty()) return not_numeric();
  if (!bigjs_numeric(n)) return not_numeric(n);
  const bool negative = n[0] == '-';
  if (negative || n[0] == '+') n.erase(0, 1);
  const std::size_t dot = n.find('.');
  if (dot != std::string::npos) n.erase(dot, 1);
  long long e;
  const std::size_t i = n.find_first_of("eE");
  if (i != std::string::npos) {
    e = static_cast<long long>(dot != std::string::npos ? dot : i) + std::stoll(n.substr(i + 1));
    n.resize(i);
  } else {
    e = static_cast<long long>(dot != std::string::npos ? dot : n.size());
  }
  const std::size_t lead = n.find_first_not_of('0');
  if (lead == std::string::npos) return "0";
  const std::size_t last = n.find_last_not_of('0');
  e = e - static_cast<long long>(lead) - 1;
  std::string c = n.substr(lead, last - lead + 1);
  if (e > 125) return overflow();
  if (e < -130) return underflow();
  if (c.size() > 38) return too_many_digits();
  if (e < 0) {
    c = "0." + zeros(static_cast<std::size_t>(-e - 1)) + c;
  } else if (static_cast<std::size_t>(e) + 1 > c.size()) {
    c += zeros(static_cast<std::size_t>(e) + 1 - c.size());
  } else if (static_cast<std::size_t>(e) + 1 < c.size()) {
    c.insert(static_cast<std::size_t>(e) + 1, ".");
  }
  return negative ? "-" + c : c;
}

// A canonical number as a fixed-point magnitude: 127 integer digits (room for a carry past
// 1E+126) and 170 fraction digits (past the last digit of a 38-digit 1E-130), plus a sign.
constexpr std::size_t kIntWidth = 127;
constexpr std::size_t kFracWidth = 170;
struct Fixed {
  bool negative = false;
  std::string digits;  // kIntWidth + kFracWidth digits
};

Fixed to_fixed(const std::string& canonical) {
  Fixed f;
  std::string s = canonical;
  if (s[0] == '-') {
    f.negative = true;
    s.erase(0, 1);
  }
  const std::size_t dot = s.find('.');
  const std::string whole = s.substr(0, dot);
  const std::string frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  f.digits = zeros(kIntWidth - whole.size()) + whole + frac + zeros(kFracWidth - frac.size());
  return f;
}

std::string from_fixed(const Fixed& f) {
  std::string whole = f.digits.substr(0, kIntWidth), frac = f.digits.substr(kIntWidth);
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
  frac.erase(frac.find_last_not_of('0') + 1);
  const std::string s = frac.empty() ? whole : whole + "." + frac;
  return s == "0" ? s : (f.negative ? "-" : "") + s;
}

int compare_fixed(const Fixed& a, const Fixed& b) {
  const bool a_zero = a.digits.find_first_not_of('0') == std::string::npos;
  const bool b_zero = b.digits.find_first_not_of('0') == std::string::npos;
  const int sa = a_zero ? 0 : a.negative ? -1 : 1, sb = b_zero ? 0 : b.negative ? -1 : 1;
  if (sa != sb) return sa < sb ? -1 : 1;
  return sa * sign_of(a.digits.compare(b.digits));
}

// a + b (or a - b), digit by digit on the fixed-point strings.
Fixed add_fixed(Fixed a, Fixed b, bool subtract) {
  if (subtract) b.negative = !b.negative;
  Fixed r;
  r.digits = zeros(a.digits.size());
  if (a.negative == b.negative) {
    r.negative = a.negative;
    int carry = 0;
    for (std::size_t k = a.digits.size(); k-- > 0;) {
      const int d = (a.digits[k] - '0') + (b.digits[k] - '0') + carry;
      r.digits[k] = static_cast<char>('0' + d % 10);
      carry = d / 10;
    }
  } else {
    if (a.digits < b.digits) std::swap(a, b);
    r.negative = a.negative;
    int borrow = 0;
    for (std::size_t k = a.digits.size(); k-- > 0;) {
      int d = (a.digits[k] - '0') - (b.digits[k] - '0') - borrow;
      borrow = d < 0;
      r.digits[k] = static_cast<char>('0' + (d + 10) % 10);
    }
  }
  return r;
}

// ---- Random numbers ---------------------------------------------------------------------

// Valid number text with varied signs, exponents and digit counts; zeros, nines and shared
// prefixes are likely so that carries, borrows and near-ties are exercised.
class NumberGen {
 public:
  explicit NumberGen(uint32_t seed) : rng_(seed) {}

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  std::string digits(int count) {
    std::string d;
    const int style = uniform(0, 3);
    for (int i = 0; i < count; ++i) {
      const char c = style == 0 ? '9' : style == 1 ? '0' : static_cast<char>('0' + uniform(0, 9));
      d += uniform(0, 4) == 0 ? static_cast<char>('0' + uniform(0, 9)) : c;
    }
    d.front() = static_cast<char>('1' + uniform(0, 8));
    d.back() = static_cast<char>('1' + uniform(0, 8));
    return d;
  }

  // sign, d.ddd and exponent, in scientific notation.
  std::string text(bool negative, const std::string& d, int exponent) {
    std::string s = negative ? "-" : "";
    s += d.substr(0, 1);
    if (d.size() > 1) s += "." + d.substr(1);
    return s + "e" + std::to_string(exponent);
  }

  std::string any() {
    if (uniform(0, 19) == 0) return "0";
    return text(uniform(0, 1) == 1, digits(uniform(1, 38)), uniform(-130, 125));
  }

  // A number near `base`: same or close exponent, maybe the same leading digits.
  std::string near(const std::string& base) {
    const Number b = Number::parse(base);
    if (b.is_zero() || uniform(0, 9) == 0) return any();
    std::string canonical = b.to_string();
    const bool negative = uniform(0, 3) == 0 ? !b.is_negative() : b.is_negative();
    // Recover d.ddd and the exponent from the canonical text.
    std::string s = canonical[0] == '-' ? canonical.substr(1) : canonical;
    const std::size_t dot = s.find('.');
    const int whole = static_cast<int>(dot == std::string::npos ? s.size() : dot);
    s.erase(std::remove(s.begin(), s.end(), '.'), s.end());
    const std::size_t lead = s.find_first_not_of('0');
    const int exponent = whole - static_cast<int>(lead) - 1;
    std::string d = s.substr(lead);
    d.erase(d.find_last_not_of('0') + 1);
    switch (uniform(0, 3)) {
      case 0:  // change one digit
        d[uniform(0, static_cast<int>(d.size()) - 1)] = static_cast<char>('0' + uniform(0, 9));
        break;
      case 1:  // shorter
        d.resize(uniform(1, static_cast<int>(d.size())));
        break;
      case 2:  // longer
        d += digits(uniform(1, 38 - std::min(37, static_cast<int>(d.size()))));
        if (d.size() > 38) d.resize(38);
        break;
      default:
        break;
    }
    if (d.find_first_not_of('0') == std::string::npos) d = "1";
    d.erase(0, d.find_first_not_of('0'));
    d.erase(d.find_last_not_of('0') + 1);
    const int shifted = std::clamp(exponent + uniform(-2, 2) * uniform(0, 1), -130, 125);
    return text(negative, d, shifted);
  }

 private:
  std::mt19937 rng_;
};

}  // namespace

TEST_CASE("Number::parse accepts big.js's grammar and prints the canonical form", "[number]") {
  auto [text, expected] = GENERATE(table<std::string, std::string>({
      {"0", "0"},
      {"-0", "0"},
      {"0.0", "0"},
      {"000", "0"},
      {".0", "0"},
      {"0.", "0"},
      {"-.0e-0", "0"},
      {"0e0", "0"},
      {"0.000e999", "0"},
      {"-0.000e999", "0"},
      {"0e-999", "0"},
      {"0e99999999999999999999999999999", "0"},
      {"1", "1"},
      {"-1", "-1"},
      {"7", "7"},
      {"007", "7"},
      {"1.50", "1.5"},
      {"-1.50", "-1.5"},
      {"00001.2000", "1.2"},
      {"100", "100"},
      {"1000.000", "1000"},
      {"123.456", "123.456"},
      {"-123.456", "-123.456"},
      {"0.001", "0.001"},
      {".5", "0.5"},
      {"5.", "5"},
      {"-5.", "-5"},
      {"1e2", "100"},
      {"1E2", "100"},
      {"1e+2", "100"},
      {"1E+2", "100"},
      {"1e-2", "0.01"},
      {"1e0", "1"},
      {"1e-0", "1"},
      {"1e+0", "1"},
      {"1e00000000000000000000000002", "100"},
      {"5.e1", "50"},
      {".5e1", "5"},
      {"-.5e-3", "-0.0005"},
      {"0.1e1", "1"},
      {"10e-1", "1"},
      {"12.34e1", "123.4"},
      {"12.34e-1", "1.234"},
      {"1234e-2", "12.34"},
      {"1234e-4", "0.1234"},
      {"1234e-5", "0.01234"},
      {"1.234e3", "1234"},
      {"1.234e2", "123.4"},
      {"0.0000001e131", "1" + zeros(124)},
      {"1e125", "1" + zeros(125)},
      {"-1e125", "-1" + zeros(125)},
      {"9.9999e125", "99999" + zeros(121)},
      {"9.9e125", "99" + zeros(124)},
      {"0.1e126", "1" + zeros(125)},
      {nines(38) + "e88", nines(38) + zeros(88)},
      {"1e-130", "0." + zeros(129) + "1"},
      {"-1e-130", "-0." + zeros(129) + "1"},
      {"10e-131", "0." + zeros(129) + "1"},
      {"1.2345e-130", "0." + zeros(129) + "12345"},
      {"1." + nines(37) + "e-130", "0." + zeros(129) + "1" + nines(37)},
      {"1e126", overflow()},
      {"-1e126", overflow()},
      {"10e125", overflow()},
      {"0.1e127", overflow()},
      {"1" + zeros(126), overflow()},
      {"1e-131", underflow()},
      {"-1e-131", underflow()},
      {"0.1e-130", underflow()},
      {"0." + zeros(130) + "1", underflow()},
      {"1e999999999999", overflow()},
      {"-1e999999999999", overflow()},
      {"1e-999999999999", underflow()},
      {"1e99999999999999999999999999999999999999", overflow()},
      {"-1e-99999999999999999999999999999999999999", underflow()},
      {"1e9223372036854775807", overflow()},
      {"1e9223372036854775808", overflow()},
      {"1e-9223372036854775808", underflow()},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"-1234567890123456789012345678901234567.8", "-1234567890123456789012345678901234567.8"},
      {"123456789012345678901234567890123456789", too_many_digits()},
      {"1" + zeros(36) + "1", "1" + zeros(36) + "1"},
      {"1" + zeros(37) + "1", too_many_digits()},
      {"1." + zeros(37) + "1", too_many_digits()},
      {"12345678901234567890123456789012345678000", "12345678901234567890123456789012345678000"},
      {"0.00012345678901234567890123456789012345678", "0.00012345678901234567890123456789012345678"},
      {"000000012345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"1234567890123456789012345678901234567890e200", overflow()},
      {"1234567890123456789012345678901234567890e-200", underflow()},
      {"", not_numeric()},
      {"+1", "1"},
      {"+3", "3"},
      {"+0", "0"},
      {"+.5", "0.5"},
      {"+5.", "5"},
      {"+1.50e+2", "150"},
      {"+1e126", overflow()},
      {"++1", not_numeric("++1")},
      {"+-1", not_numeric("+-1")},
      {"+", not_numeric("+")},
      {"+e1", not_numeric("+e1")},
      {" 1", not_numeric(" 1")},
      {"1 ", not_numeric("1 ")},
      {"1\n", not_numeric("1\n")},
      {"\t1", not_numeric("\t1")},
      {"-", not_numeric("-")},
      {".", not_numeric(".")},
      {"-.", not_numeric("-.")},
      {"--1", not_numeric("--1")},
      {"-+1", not_numeric("-+1")},
      {"1-", not_numeric("1-")},
      {"1.2.3", not_numeric("1.2.3")},
      {"1..2", not_numeric("1..2")},
      {"e5", not_numeric("e5")},
      {".e5", not_numeric(".e5")},
      {"-e5", not_numeric("-e5")},
      {"1e", not_numeric("1e")},
      {"1e+", not_numeric("1e+")},
      {"1e-", not_numeric("1e-")},
      {"1e++2", not_numeric("1e++2")},
      {"1e2.5", not_numeric("1e2.5")},
      {"1e2e3", not_numeric("1e2e3")},
      {"1 e2", not_numeric("1 e2")},
      {"1e 2", not_numeric("1e 2")},
      {"0x10", not_numeric("0x10")},
      {"1,000", not_numeric("1,000")},
      {"1_000", not_numeric("1_000")},
      {"Infinity", not_numeric("Infinity")},
      {"-Infinity", not_numeric("-Infinity")},
      {"NaN", not_numeric("NaN")},
      {"abc", not_numeric("abc")},
      {"\xd9\xa1", not_numeric("\xd9\xa1")},
      {std::string("1\0", 2), not_numeric(std::string("1\0", 2))},
  }));
  INFO("text: " << text);
  CHECK(parsed(text) == expected);
}

TEST_CASE("Number::parse agrees with big.js on random text", "[number]") {
  NumberGen gen(20240611);
  const std::string alphabet = "0000000111223456789..eE+- x";
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 2 == 0) {  // any characters
      const int len = gen.uniform(0, 12);
      for (int k = 0; k < len; ++k) {
        text += alphabet[gen.uniform(0, static_cast<int>(alphabet.size()) - 1)];
      }
    } else {  // shaped like a number, crossing the range and precision limits
      if (gen.uniform(0, 1)) text += '-';
      text += std::string(gen.uniform(0, 3), '0');
      if (gen.uniform(0, 4)) text += gen.digits(gen.uniform(1, 42));
      if (gen.uniform(0, 1)) {
        text += "." + std::string(gen.uniform(0, 60), '0') + gen.digits(gen.uniform(1, 42));
      }
      if (gen.uniform(0, 2) == 0) text += std::string(gen.uniform(0, 4), '0');
      if (gen.uniform(0, 1)) {
        text += gen.uniform(0, 1) ? "e" : "E";
        if (gen.uniform(0, 1)) text += gen.uniform(0, 1) ? "-" : "+";
        text += std::to_string(gen.uniform(0, 200));
      }
    }
    INFO("text: " << text);
    // Exponents here are short, so std::stoll in the reference cannot overflow.
    REQUIRE(parsed(text) == bigjs_outcome(text));
  }
}

TEST_CASE("Number: zero and round trips", "[number]") {
  const Number zero;
  CHECK(zero.is_zero());
  CHECK_FALSE(zero.is_negative());
  CHECK(zero.to_string() == "0");
  CHECK(zero == Number::parse("-0"));
  CHECK_FALSE(Number::parse("-0").is_negative());
  CHECK(Number::parse("-0.000e5").sortable_bytes() == zero.sortable_bytes());
  CHECK(Number::parse("-1").is_negative());

  NumberGen gen(7);
  for (int i = 0; i < 2000; ++i) {
    const Number n = Number::parse(gen.any());
    INFO("number: " << n.to_string());
    const Number again = Number::parse(n.to_string());
    REQUIRE(again == n);
    REQUIRE(again.to_string() == n.to_string());
    REQUIRE(again.sortable_bytes() == n.sortable_bytes());
  }
}

TEST_CASE("Number::compare is exact numeric order", "[number]") {
  auto [a, b, expected] = GENERATE(table<std::string, std::string, int>({
      {"1", "2", -1},
      {"2", "1", 1},
      {"1", "1.0", 0},
      {"100", "1e2", 0},
      {"12", "1.2e1", 0},
      {"0", "-0", 0},
      {"-1", "1", -1},
      {"-2", "-1", -1},
      {"-1", "-2", 1},
      {"0", "1e-130", -1},
      {"-1e-130", "0", -1},
      {"-1e125", "1e-130", -1},
      {"99", "100", -1},
      {"-99", "-100", 1},
      {"1e125", "9.9e124", 1},
      {"1.2", "1.23", -1},
      {"-1.2", "-1.23", 1},
      {"1.23", "1.3", -1},
      {"0.1", "0.10000000000000000000000000000000000001", -1},
      {"9" + nines(37), "1e38", -1},
      {"0.5", "0.49999999999999999999999999999999999999", 1},
      {"1e-130", "1.1e-130", -1},
      {"1e-129", "9.9e-130", 1},
  }));
  INFO(a << " vs " << b);
  const Number x = Number::parse(a), y = Number::parse(b);
  CHECK(x.compare(y) == expected);
  CHECK(y.compare(x) == -expected);
  CHECK((x == y) == (expected == 0));
  CHECK((x < y) == (expected < 0));
}

TEST_CASE("Number::add and Number::subtract are exact and range checked", "[number]") {
  auto [a, op, b, expected] = GENERATE(table<std::string, char, std::string, std::string>({
      {"1", '+', "1", "2"},
      {"0.1", '+', "0.2", "0.3"},
      {"5", '-', "12.5", "-7.5"},
      {"1.5", '-', "1.5", "0"},
      {"-1.5", '+', "1.5", "0"},
      {"-5", '-', "-5", "0"},
      {"1e-130", '-', "1e-130", "0"},
      {"-0", '-', "0", "0"},
      {"0", '+', "0", "0"},
      {"0", '-', "5", "-5"},
      {"0", '-', "-5", "5"},
      {"0", '+', "-5", "-5"},
      {"5", '-', "0", "5"},
      {"-5", '+', "0", "-5"},
      {"5", '-', "-5", "10"},
      {"-5", '-', "5", "-10"},
      {"9.5", '+', "0.5", "10"},
      {"-9.5", '-', "0.5", "-10"},
      {"1000", '-', "1", "999"},
      {"1", '-', "1000", "-999"},
      {"0.001", '-', "1", "-0.999"},
      {"100", '-', "0.5", "99.5"},
      {"-100", '+', "0.5", "-99.5"},
      {"1.25", '+', "-1.5", "-0.25"},
      {"123.456", '+', "876.544", "1000"},
      {nines(38), '+', "1", "1" + zeros(38)},
      {"12345678901234567890123456789012345678", '+', "1", "12345678901234567890123456789012345679"},
      {"1e38", '-', "1", nines(38)},
      {"1e38", '-', "0.1", arithmetic_precision()},
      {"0." + nines(38), '+', "0." + zeros(37) + "1", "1"},
      {"1", '-', "0." + zeros(37) + "1", "0." + nines(38)},
      {"1e30", '+', "1e-30", arithmetic_precision()},
      {"1e125", '+', "1e-125", arithmetic_precision()},
      {"9e125", '+', "1e-5", arithmetic_precision()},
      {"1e-130", '+', "1e-130", "0." + zeros(129) + "2"},
      {"1e125", '+', "1e125", "2" + zeros(125)},
      {"9e125", '+', "9e125", arithmetic_overflow()},
      {"-9e125", '-', "9e125", arithmetic_overflow()},
      {"9e125", '-', "-9e125", arithmetic_overflow()},
      {"9." + nines(37) + "e125", '+', "1e88", arithmetic_overflow()},
      {"9." + nines(37) + "e125", '+', "1.1e88", arithmetic_precision()},
      {"9." + nines(37) + "e125", '+', "1e87", arithmetic_precision()},
      {"1.234e-130", '-', "1.233e-130", underflow()},
      {"-1e-130", '+', "1.1e-130", underflow()},
      {"1.1e-130", '-', "1e-130", underflow()},
      {"2e-130", '-', "1e-130", "0." + zeros(129) + "1"},
  }));
  INFO(a << " " << op << " " << b);
  CHECK(arithmetic(a, op, b) == expected);
}

TEST_CASE("Number arithmetic agrees with exact fixed-point arithmetic", "[number]") {
  NumberGen gen(99);
  for (int i = 0; i < 20000; ++i) {
    const std::string a = gen.any();
    const std::string b = gen.uniform(0, 3) == 0 ? gen.any() : gen.near(a);
    const bool subtract = gen.uniform(0, 1) == 1;
    const Number x = Number::parse(a), y = Number::parse(b);
    INFO(x.to_string() << (subtract ? " - " : " + ") << y.to_string());
    const std::string exact = from_fixed(add_fixed(to_fixed(x.to_string()), to_fixed(y.to_string()), subtract));
    const std::string expected = bigjs_outcome(exact);
    std::string got;
    try {
      got = (subtract ? x.subtract(y) : x.add(y)).to_string();
    } catch (const model::Error& e) {
      got = error_text(e);
    }
    if (expected.rfind("error: ", 0) == 0) {
      REQUIRE(got.rfind("error: ", 0) == 0);  // which error: the table above pins the order
    } else {
      REQUIRE(got == expected);
    }
  }
}

TEST_CASE("Number::size_bytes follows dynalite's valSize", "[number]") {
  // 1 + ceil(digits / 2) + (digits odd or exponent odd ? 0 : 1) + (negative ? 1 : 0)
  auto [text, expected] = GENERATE(table<std::string, std::size_t>({
      {"0", 1},
      {"-0", 1},
      {"1", 2},
      {"-1", 3},
      {"10", 2},
      {"12", 2},
      {"1.2", 3},
      {"-1.2", 4},
      {"123", 3},
      {"1234", 3},
      {"123.4", 4},
      {"12.34", 3},
      {"-123.4", 5},
      {"0.01", 2},
      {"0.11", 2},
      {"0.011", 3},
      {"0.1234", 3},
      {"1e125", 2},
      {"1e-130", 2},
      {"1.1e-130", 3},
      {"1.1e125", 2},
      {"12345678901234567890123456789012345678", 20},
      {"1.2345678901234567890123456789012345678", 21},
      {"-1.2345678901234567890123456789012345678", 22},
      {"1234567890123456789012345678901234567", 20},
  }));
  INFO("number: " << text);
  CHECK(Number::parse(text).size_bytes() == expected);
}

TEST_CASE("Number::sortable_bytes orders like Number::compare", "[number]") {
  NumberGen gen(12345);
  for (int i = 0; i < 50000; ++i) {
    const std::string a = gen.any();
    const std::string b = gen.uniform(0, 2) == 0 ? gen.any() : gen.near(a);
    const Number x = Number::parse(a), y = Number::parse(b);
    INFO(x.to_string() << " vs " << y.to_string());
    const int expected = compare_fixed(to_fixed(x.to_string()), to_fixed(y.to_string()));
    REQUIRE(x.compare(y) == expected);
    REQUIRE(y.compare(x) == -expected);
    const std::string ex = x.sortable_bytes(), ey = y.sortable_bytes();
    REQUIRE(sign_of(ex.compare(ey)) == expected);  // std::string::compare is memcmp order
    // Prefix-free: unequal numbers never have one encoding starting the other.
    if (expected != 0) {
      REQUIRE(ex.compare(0, ey.size(), ey) != 0);
      REQUIRE(ey.compare(0, ex.size(), ex) != 0);
    }
  }
}

TEST_CASE("Number::sortable_bytes on a fixed ladder", "[number]") {
  const std::vector<std::string> ascending = {
      "-9.9e125", "-1e125", "-100", "-12.35", "-12.3", "-12.25", "-12", "-1.2",  "-1e-130", "0",
      "1e-130",   "1.2",    "12",   "12.25",  "12.3",  "12.35",  "100", "1e125", "9.9e125",
  };
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    INFO(ascending[i] << " < " << ascending[i + 1]);
    const Number lower = Number::parse(ascending[i]), upper = Number::parse(ascending[i + 1]);
    CHECK(lower.sortable_bytes() < upper.sortable_bytes());
  }
}


TEST_CASE("numbers Java's BigDecimal reads: exponent and scale within 32 bits") {
  using minnow::model::fits_java_bigdecimal;
  for (const char* text : {"1", "1.5", "1e2147483647", "1e-2147483647", "1.5e2147483647", "-3.25E+10", ".5", "5."})
    CHECK(fits_java_bigdecimal(text));
  for (const char* text : {"1e2147483648", "1e99999999999", "1.5e-2147483647", "1e-2147483648", "-2E+9999999999"})
    CHECK_FALSE(fits_java_bigdecimal(text));
}

}  // namespace number_test
