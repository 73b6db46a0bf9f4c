// DynamoDB's ten attribute value types, and items.
//
// An AttributeValue holds exactly one of S, N, B, SS, NS, BS, M, L, NULL, BOOL. Construction
// from the wire is api/codec's job (it validates); here values are assumed valid: sets are
// non-empty and duplicate-free, numbers are in range. Sets hold their members in DynamoDB's
// order, whatever order they were given in: SS and BS ascending bytewise (the empty string
// first), NS ascending by value; the constructors put them there.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "model/number.h"

namespace minnow::model {

class AttributeValue;

// The order of the enumerators is the order of the variant alternatives below.
enum class ValueType : uint8_t { S, N, B, SS, NS, BS, M, L, NUL, BOOL };

// "S", "N", ..., "NULL", "BOOL": the JSON key and the type name in messages.
const char* value_type_name(ValueType type);

struct Binary {
  std::string bytes;  // raw bytes, not base64
  bool operator==(const Binary&) const = default;
};
struct StringSet {
  std::vector<std::string> values;
};
struct NumberSet {
  std::vector<Number> values;
};
struct BinarySet {
  std::vector<std::string> values;  // raw bytes
};
struct Null {
  bool operator==(const Null&) const = default;
};

// DynamoDB's order of set members (std::string's < compares bytes as unsigned char).
inline bool member_less(const std::string& a, const std::string& b) { return a < b; }
inline bool member_less(const Number& a, const Number& b) { return a.compare(b) < 0; }
void put_in_order(StringSet& set);
void put_in_order(NumberSet& set);
void put_in_order(BinarySet& set);

// Attribute names are unique; std::less<> allows lookups by string_view.
using AttributeMap = std::map<std::string, AttributeValue, std::less<>>;
using AttributeList = std::vector<AttributeValue>;
// An item is the top-level attribute map.
using Item = AttributeMap;

class AttributeValue {
 public:
  using Variant = std::variant<std::string, Number, Binary, StringSet, NumberSet, BinarySet, AttributeMap,
                               AttributeList, Null, bool>;

  AttributeValue() : v_(Null{}) {}
  AttributeValue(std::string s) : v_(std::move(s)) {}
  AttributeValue(Number n) : v_(std::move(n)) {}
  AttributeValue(Binary b) : v_(std::move(b)) {}
  AttributeValue(StringSet s) : v_((put_in_order(s), std::move(s))) {}
  AttributeValue(NumberSet s) : v_((put_in_order(s), std::move(s))) {}
  AttributeValue(BinarySet s) : v_((put_in_order(s), std::move(s))) {}
  AttributeValue(AttributeMap m) : v_(std::move(m)) {}
  AttributeValue(AttributeList l) : v_(std::move(l)) {}
  AttributeValue(Null n) : v_(n) {}
  explicit AttributeValue(bool b) : v_(b) {}

  ValueType type() const { return static_cast<ValueType>(v_.index()); }
  const Variant& variant() const { return v_; }
  Variant& variant() { return v_; }

  template <class T>
  bool is() const {
    return std::holds_alternative<T>(v_);
  }
  template <class T>
  const T& as() const {
    return std::get<T>(v_);
  }
  template <class T>
  T& as() {
    return std::get<T>(v_);
  }

  // DynamoDB equality: same type and same value; sets compare as sets, numbers numerically.
  bool operator==(const AttributeValue& other) const;

  // Bytes this value counts for in DynamoDB's item size accounting (without its name).
  std::size_t size_bytes() const;

 private:
  Variant v_;
};

// The attribute named `name`, or null.
const AttributeValue* find_attribute(const AttributeMap& map, std::string_view name);

// The bytes of an S or a B value, by which both compare and sort.
const std::string& bytes_of(const AttributeValue& value);

// DynamoDB's item size: the sum over attributes of name length plus value size.
std::size_t item_size(const Item& item);

// Levels of lists and maps in a value, itself included (a scalar or a set is 1). DynamoDB
// allows model::kMaxAttributeNesting; api/codec refuses deeper input, and an update must not
// build a deeper item either (each walk over a stored item recurses that deep).
std::size_t nesting_levels(const AttributeValue& value);

}  // namespace minnow::model
