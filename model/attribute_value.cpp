#include "model/attribute_value.h"

#include <algorithm>

namespace minnow::model {

const char* value_type_name(ValueType type) {
  switch (type) {
    case ValueType::S:
      return "S";
    case ValueType::N:
      return "N";
    case ValueType::B:
      return "B";
    case ValueType::SS:
      return "SS";
    case ValueType::NS:
      return "NS";
    case ValueType::BS:
      return "BS";
    case ValueType::M:
      return "M";
    case ValueType::L:
      return "L";
    case ValueType::NUL:
      return "NULL";
    case ValueType::BOOL:
      return "BOOL";
  }
  return "?";
}

namespace {
template <class T>
void sort_members(std::vector<T>& values) {
  auto less = [](const T& a, const T& b) { return member_less(a, b); };
  if (!std::is_sorted(values.begin(), values.end(), less)) std::sort(values.begin(), values.end(), less);
}
}  // namespace

void put_in_order(StringSet& set) { sort_members(set.values); }
void put_in_order(NumberSet& set) { sort_members(set.values); }
void put_in_order(BinarySet& set) { sort_members(set.values); }

namespace {

// Sets are small in practice; an O(n*m) membership test avoids sorting copies.
template <class T>
bool same_members(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  for (const auto& x : a) {
    if (std::find(b.begin(), b.end(), x) == b.end()) return false;
  }
  return true;
}

}  // namespace

bool AttributeValue::operator==(const AttributeValue& other) const {
  if (v_.index() != other.v_.index()) return false;
  switch (type()) {
    case ValueType::S:
      return as<std::string>() == other.as<std::string>();
    case ValueType::N:
      return as<Number>() == other.as<Number>();
    case ValueType::B:
      return as<Binary>() == other.as<Binary>();
    case ValueType::SS:
      return same_members(as<StringSet>().values, other.as<StringSet>().values);
    case ValueType::NS:
      return same_members(as<NumberSet>().values, other.as<NumberSet>().values);
    case ValueType::BS:
      return same_members(as<BinarySet>().values, other.as<BinarySet>().values);
    case ValueType::M:
      return as<AttributeMap>() == other.as<AttributeMap>();
    case ValueType::L:
      return as<AttributeList>() == other.as<AttributeList>();
    case ValueType::NUL:
      return true;
    case ValueType::BOOL:
      return as<bool>() == other.as<bool>();
  }
  return false;
}

// DynamoDB's accounting, as measured by dynalite against DynamoDB: lists and maps cost 3
// bytes plus one byte per element, on top of their elements (and, for maps, the names).
std::size_t AttributeValue::size_bytes() const {
  switch (type()) {
    case ValueType::S:
      return as<std::string>().size();
    case ValueType::N:
      return as<Number>().size_bytes();
    case ValueType::B:
      return as<Binary>().bytes.size();
    case ValueType::SS: {
      std::size_t n = 0;
      for (const auto& s : as<StringSet>().values) n += s.size();
      return n;
    }
    case ValueType::NS: {
      std::size_t n = 0;
      for (const auto& x : as<NumberSet>().values) n += x.size_bytes();
      return n;
    }
    case ValueType::BS: {
      std::size_t n = 0;
      for (const auto& s : as<BinarySet>().values) n += s.size();
      return n;
    }
    case ValueType::M: {
      const auto& m = as<AttributeMap>();
      return 3 + m.size() + item_size(m);
    }
    case ValueType::L: {
      std::size_t n = 3;
      for (const auto& v : as<AttributeList>()) n += 1 + v.size_bytes();
      return n;
    }
    case ValueType::NUL:
    case ValueType::BOOL:
      return 1;
  }
  return 0;
}

const AttributeValue* find_attribute(const AttributeMap& map, std::string_view name) {
  auto it = map.find(name);
  return it == map.end() ? nullptr : &it->second;
}

const std::string& bytes_of(const AttributeValue& value) {
  return value.type() == ValueType::S ? value.as<std::string>() : value.as<Binary>().bytes;
}

std::size_t item_size(const Item& item) {
  std::size_t n = 0;
  for (const auto& [name, value] : item) n += name.size() + value.size_bytes();
  return n;
}

std::size_t nesting_levels(const AttributeValue& value) {
  std::size_t deepest = 0;
  if (value.type() == ValueType::L) {
    for (const auto& v : value.as<AttributeList>()) deepest = std::max(deepest, nesting_levels(v));
  } else if (value.type() == ValueType::M) {
    for (const auto& [name, v] : value.as<AttributeMap>()) deepest = std::max(deepest, nesting_levels(v));
  }
  return 1 + deepest;
}

}  // namespace minnow::model
