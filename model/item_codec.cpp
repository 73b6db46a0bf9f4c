#include "model/item_codec.h"

#include <algorithm>

namespace minnow::model {

void append_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

void append_bytes(std::string& out, std::string_view bytes) {
  append_varint(out, bytes.size());
  out.append(bytes);
}

namespace {

void put_varint(std::string& out, uint64_t v) { append_varint(out, v); }
void put_bytes(std::string& out, std::string_view bytes) { append_bytes(out, bytes); }
void put_tag(std::string& out, EncodedTag tag) { out += static_cast<char>(tag); }

void encode_map(std::string& out, const AttributeMap& map);

void encode_value(std::string& out, const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::S:
      put_tag(out, EncodedTag::S);
      put_bytes(out, v.as<std::string>());
      return;
    case ValueType::N:
      put_tag(out, EncodedTag::N);
      put_bytes(out, v.as<Number>().to_string());
      return;
    case ValueType::B:
      put_tag(out, EncodedTag::B);
      put_bytes(out, v.as<Binary>().bytes);
      return;
    case ValueType::SS:
      put_tag(out, EncodedTag::SS);
      put_varint(out, v.as<StringSet>().values.size());
      for (const auto& s : v.as<StringSet>().values) put_bytes(out, s);
      return;
    case ValueType::NS:
      put_tag(out, EncodedTag::NS);
      put_varint(out, v.as<NumberSet>().values.size());
      for (const auto& n : v.as<NumberSet>().values) put_bytes(out, n.to_string());
      return;
    case ValueType::BS:
      put_tag(out, EncodedTag::BS);
      put_varint(out, v.as<BinarySet>().values.size());
      for (const auto& b : v.as<BinarySet>().values) put_bytes(out, b);
      return;
    case ValueType::M:
      put_tag(out, EncodedTag::M);
      encode_map(out, v.as<AttributeMap>());
      return;
    case ValueType::L:
      put_tag(out, EncodedTag::L);
      put_varint(out, v.as<AttributeList>().size());
      for (const auto& x : v.as<AttributeList>()) encode_value(out, x);
      return;
    case ValueType::NUL:
      put_tag(out, EncodedTag::Null);
      return;
    case ValueType::BOOL:
      put_tag(out, v.as<bool>() ? EncodedTag::True : EncodedTag::False);
      return;
  }
}

void encode_map(std::string& out, const AttributeMap& map) {
  put_varint(out, map.size());
  for (const auto& [name, value] : map) {
    put_bytes(out, name);
    encode_value(out, value);
  }
}

AttributeMap decode_map(EncodedReader& r);

AttributeValue decode_value(EncodedReader& r) {
  switch (r.tag()) {
    case EncodedTag::S:
      return AttributeValue(std::string(r.bytes()));
    case EncodedTag::N:
      return AttributeValue(Number::parse(r.bytes()));
    case EncodedTag::B:
      return AttributeValue(Binary{std::string(r.bytes())});
    case EncodedTag::SS: {
      StringSet set;
      set.values.resize(r.varint());
      for (auto& s : set.values) s = r.bytes();
      return AttributeValue(std::move(set));
    }
    case EncodedTag::NS: {
      NumberSet set;
      std::size_t n = r.varint();
      set.values.reserve(n);
      for (std::size_t i = 0; i < n; ++i) set.values.push_back(Number::parse(r.bytes()));
      return AttributeValue(std::move(set));
    }
    case EncodedTag::BS: {
      BinarySet set;
      set.values.resize(r.varint());
      for (auto& s : set.values) s = r.bytes();
      return AttributeValue(std::move(set));
    }
    case EncodedTag::M:
      return AttributeValue(decode_map(r));
    case EncodedTag::L: {
      AttributeList list;
      std::size_t n = r.varint();
      list.reserve(n);
      for (std::size_t i = 0; i < n; ++i) list.push_back(decode_value(r));
      return AttributeValue(std::move(list));
    }
    case EncodedTag::Null:
      return AttributeValue(Null{});
    case EncodedTag::False:
      return AttributeValue(false);
    case EncodedTag::True:
      return AttributeValue(true);
  }
  return AttributeValue();
}

void skip_value(EncodedReader& r) {
  switch (r.tag()) {
    case EncodedTag::S:
    case EncodedTag::N:
    case EncodedTag::B:
      r.bytes();
      return;
    case EncodedTag::SS:
    case EncodedTag::NS:
    case EncodedTag::BS:
      for (uint64_t n = r.varint(); n > 0; --n) r.bytes();
      return;
    case EncodedTag::M:
      for (uint64_t n = r.varint(); n > 0; --n) {
        r.bytes();
        skip_value(r);
      }
      return;
    case EncodedTag::L:
      for (uint64_t n = r.varint(); n > 0; --n) skip_value(r);
      return;
    case EncodedTag::Null:
    case EncodedTag::False:
    case EncodedTag::True:
      return;
  }
}

AttributeMap decode_map(EncodedReader& r) {
  AttributeMap map;
  std::size_t n = r.varint();
  for (std::size_t i = 0; i < n; ++i) {
    std::string name(r.bytes());
    map.emplace_hint(map.end(), std::move(name), decode_value(r));  // encoded in name order
  }
  return map;
}

}  // namespace

void append_value(std::string& out, const AttributeValue& value) { encode_value(out, value); }

namespace {
template <class Names>
AttributeMap decode_named(std::string_view encoded, const Names& names) {
  AttributeMap found;
  EncodedReader r(encoded);
  r.varint();  // size
  for (uint64_t n = r.varint(); n > 0 && found.size() < names.size(); --n) {
    const std::string_view name = r.bytes();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      skip_value(r);
      continue;
    }
    found.emplace(std::string(name), decode_value(r));
  }
  return found;
}
}  // namespace

AttributeMap decode_attributes(std::string_view encoded, std::initializer_list<std::string_view> names) {
  return decode_named(encoded, names);
}

AttributeMap decode_attributes(std::string_view encoded, const std::vector<std::string_view>& names) {
  return decode_named(encoded, names);
}

uint64_t EncodedReader::varint() {
  uint64_t v = 0;
  int shift = 0;
  while (true) {
    uint8_t b = static_cast<uint8_t>(*p_++);
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return v;
    shift += 7;
  }
}

std::string_view EncodedReader::bytes() {
  std::size_t n = varint();
  std::string_view s(p_, n);
  p_ += n;
  return s;
}

namespace {
// Encoded into a per-thread buffer, then copied into storage of exactly that size: a table keeps
// every encoded item for its lifetime, and a string grown while encoding keeps up to twice the
// capacity it needs (a ~200-byte benchmark item encodes to 229 bytes and used to occupy a
// 464-byte heap block: 1,000,000 such items took 611,128 kB resident, 401,744 kB then).
// The buffer keeps its capacity up to 1 MB, above the largest item (400 KB of data): a buffer
// grown anew for each large item copied a 64 KB item about three times (7 % of a 64 KB
// PutItem's CPU, perf under bench/lua/large_put.lua).
std::string& scratch_buffer() {
  thread_local std::string buffer;
  if (buffer.capacity() > (std::size_t{1} << 20)) std::string().swap(buffer);
  return buffer;
}
}  // namespace

std::string_view encode_item_scratch(const Item& item) {
  std::string& buffer = scratch_buffer();
  buffer.clear();
  const std::size_t size = item_size(item);
  buffer.reserve(size + size / 4 + 64);  // about the encoded size: the data and a little framing
  put_varint(buffer, size);
  encode_map(buffer, item);
  return buffer;
}

std::string encode_item(const Item& item) { return std::string(encode_item_scratch(item)); }

Item decode_item(std::string_view encoded) {
  EncodedReader r(encoded);
  r.varint();  // size
  return decode_map(r);
}

std::size_t encoded_item_size(std::string_view encoded) {
  EncodedReader r(encoded);
  return r.varint();
}

}  // namespace minnow::model
