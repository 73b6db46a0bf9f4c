#include "api/codec.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <unordered_set>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "api/shape.h"
#include "model/base64.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/limits.h"
#include "model/shape_errors.h"

namespace minnow::api {

using model::AttributeValue;
using model::ValueType;

namespace {

// DynamoDB examines a value's members in this order, whatever order the JSON has.
constexpr std::pair<const char*, ValueType> kTypeOrder[] = {
    {"S", ValueType::S},      {"B", ValueType::B},   {"N", ValueType::N},   {"BOOL", ValueType::BOOL},
    {"NULL", ValueType::NUL}, {"BS", ValueType::BS}, {"NS", ValueType::NS}, {"SS", ValueType::SS},
    {"L", ValueType::L},      {"M", ValueType::M},
};

std::string bytes_of(const JsonValue& v) {
  // Shape validation already checked the base64 form.
  auto decoded = model::base64_decode(view(v));
  if (!decoded) throw model::Error(model::kBase64Invalid);
  return std::move(*decoded);
}

std::string members_text(const JsonValue& array) {
  std::string s = "[";
  for (rapidjson::SizeType i = 0; i < array.Size(); ++i) {
    if (i) s += ", ";
    s.append(array[i].GetString(), array[i].GetStringLength());
  }
  return s + "]";
}

template <class T>
bool has_duplicate(const std::vector<T>& values) {
  if (values.size() < 2) return false;
  if (values.size() < 16) {
    for (std::size_t i = 0; i < values.size(); ++i)
      for (std::size_t j = i + 1; j < values.size(); ++j)
        if (values[i] == values[j]) return true;
    return false;
  }
  std::vector<const T*> sorted;
  for (const auto& v : values) sorted.push_back(&v);
  std::sort(sorted.begin(), sorted.end(), [](const T* a, const T* b) { return *a < *b; });
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (!(*sorted[i - 1] < *sorted[i])) return true;
  return false;
}

AttributeValue decode(const JsonValue& json, int depth);

model::AttributeMap decode_map(const JsonValue& json, int depth) {
  model::AttributeMap map;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    if (it->name.GetStringLength() == 0) throw model::Error(model::kEmptyAttributeName);
    if (it->name.GetStringLength() > model::kMaxAttributeNameBytes) throw model::Error(model::kAttributeNameTooLarge);
    map.insert_or_assign(std::string(it->name.GetString(), it->name.GetStringLength()), decode(it->value, depth));
  }
  return map;
}

// The value of type `type` that JSON value `v` holds (a value object's member of that name).
AttributeValue decode_as(ValueType type, const JsonValue* v, int depth) {
  switch (type) {
    case ValueType::S:
      return AttributeValue(std::string(v->GetString(), v->GetStringLength()));
    case ValueType::B:
      return AttributeValue(model::Binary{bytes_of(*v)});
    case ValueType::N:
      return AttributeValue(model::Number::parse(view(*v)));
    case ValueType::BOOL:
      return AttributeValue(coral_bool(*v));
    case ValueType::NUL:
      if (!coral_bool(*v)) throw model::Error(model::kNullMustBeTrue);
      return AttributeValue(model::Null{});
    case ValueType::BS: {
      if (v->Empty()) throw model::Error(model::kEmptyBinarySet);
      model::BinarySet set;
      for (const auto& m : v->GetArray()) set.values.push_back(bytes_of(m));
      if (has_duplicate(set.values)) throw model::binary_set_duplicates(members_text(*v));
      return AttributeValue(std::move(set));
    }
    case ValueType::NS: {
      if (v->Empty()) throw model::Error(model::kEmptyNumberSet);
      model::NumberSet set;
      for (const auto& m : v->GetArray()) set.values.push_back(model::Number::parse(view(m)));
      if (has_duplicate(set.values)) throw model::Error(model::kNumberSetDuplicates);
      return AttributeValue(std::move(set));
    }
    case ValueType::SS: {
      if (v->Empty()) throw model::Error(model::kEmptyStringSet);
      model::StringSet set;
      for (const auto& m : v->GetArray()) set.values.emplace_back(m.GetString(), m.GetStringLength());
      if (has_duplicate(set.values)) throw model::string_set_duplicates(members_text(*v));
      return AttributeValue(std::move(set));
    }
    case ValueType::L: {
      model::AttributeList list;
      list.reserve(v->Size());
      for (const auto& m : v->GetArray()) list.push_back(decode(m, depth + 1));
      return AttributeValue(std::move(list));
    }
    case ValueType::M:
      return AttributeValue(decode_map(*v, depth + 1));
  }
  throw model::Error(model::kAttributeValueEmpty);  // not reached: every type is a case
}

std::optional<ValueType> type_named(std::string_view name) {
  for (const auto& [type_name, type] : kTypeOrder)
    if (name == type_name) return type;
  return std::nullopt;
}

// The one type a value names, found as DynamoDB finds it (its checks in its order), and `as`
// (type, the type's member) of it: decode and StoredFormWriter share it.
template <class As>
auto of_value_type(const JsonValue& json, int depth, As&& as) -> decltype(as(ValueType::S, json)) {
  if (depth + 1 >= static_cast<int>(model::kMaxAttributeNesting) && json.IsObject() &&
      (member(json, "L") || member(json, "M")))
    throw model::Error(model::kNestingTooDeep);
  if (!json.IsObject()) throw model::Error(model::kUnexpectedValueType);
  // A value names one type: found by its one member's name instead of ten lookups (a third of
  // reading an item's JSON went to them).
  if (json.MemberCount() == 1 && !json.MemberBegin()->value.IsNull())
    if (std::optional<ValueType> type = type_named(view(json.MemberBegin()->name)))
      return as(*type, json.MemberBegin()->value);
  std::optional<decltype(as(ValueType::S, json))> result;
  int types = 0;
  for (const auto& [name, type] : kTypeOrder) {
    const JsonValue* v = member(json, name);
    if (!v) continue;
    ++types;
    result = as(type, *v);
  }
  if (types == 0) throw model::Error(model::kAttributeValueEmpty);
  if (types > 1) throw model::Error(model::kAttributeValueMultipleTypes);
  return std::move(*result);
}

AttributeValue decode(const JsonValue& json, int depth) {
  return of_value_type(json, depth, [depth](ValueType type, const JsonValue& v) { return decode_as(type, &v, depth); });
}

// The stored form (model/item_codec.h) written straight from the JSON, with decode's checks in
// decode's order. Values are written to `arena_` in the JSON's order, as decode meets them; a map
// then copies its members' bytes out in name order (the last of a repeated name kept, as decode's
// insert_or_assign keeps it), a list its elements' bytes, each behind its own. A PutItem of a
// ~200-byte item decoded into a std::map, sized and then encoded spent 8.5 % of the server's
// samples there, a seventh of its user-space CPU (perf under bench/lua/put.lua).
class StoredFormWriter {
 public:
  std::string item(const JsonValue& json) {
    arena_.clear();
    members_.clear();  // what a refused item left
    elements_.clear();
    const Span body = map(json, 0, false);
    std::string stored;
    stored.reserve(10 + body.end - body.begin);
    model::append_varint(stored, body.size);
    stored.append(arena_, body.begin, body.end - body.begin);
    if (arena_.capacity() > (std::size_t{1} << 20)) std::string().swap(arena_);
    return stored;
  }

 private:
  // Encoded bytes in arena_ and the DynamoDB size of what they hold.
  struct Span {
    std::size_t begin = 0, end = 0, size = 0;
  };
  struct Member {
    std::string_view name;
    Span value;
  };

  Span value(const JsonValue& json, int depth) {
    return of_value_type(json, depth, [this, depth](ValueType type, const JsonValue& v) { return as(type, v, depth); });
  }

  Span as(ValueType type, const JsonValue& v, int depth) {
    const std::size_t begin = arena_.size();
    switch (type) {
      case ValueType::S:
        arena_ += static_cast<char>(model::EncodedTag::S);
        model::append_bytes(arena_, view(v));
        return {begin, arena_.size(), v.GetStringLength()};
      case ValueType::M:
        return map(v, depth + 1, true);
      case ValueType::L:
        return list(v, depth + 1);
      default: {
        const AttributeValue value = decode_as(type, &v, depth);
        model::append_value(arena_, value);
        return {begin, arena_.size(), value.size_bytes()};
      }
    }
  }

  // An M value's bytes (`tagged`), or an item's without the tag. Its members are kept on
  // members_ above those of the maps it is in, and taken off at the end.
  Span map(const JsonValue& json, int depth, bool tagged) {
    const std::size_t base = members_.size();
    for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
      if (it->name.GetStringLength() == 0) throw model::Error(model::kEmptyAttributeName);
      if (it->name.GetStringLength() > model::kMaxAttributeNameBytes) throw model::Error(model::kAttributeNameTooLarge);
      const Span v = value(it->value, depth);
      members_.push_back({view(it->name), v});
    }
    const auto first = members_.begin() + static_cast<std::ptrdiff_t>(base);
    sort_by_name(first, members_.end());
    std::size_t kept = 0, bytes = 0;
    for (auto m = first; m != members_.end(); ++m) {
      if (m + 1 != members_.end() && m[1].name == m->name) {
        m->name = {};  // a later one of the same name replaces it
        continue;
      }
      ++kept;
      bytes += 10 + m->name.size() + m->value.end - m->value.begin;
    }
    arena_.reserve(arena_.size() + bytes + 11);  // the copies below read from arena_ itself
    Span out{arena_.size(), 0, 0};
    if (tagged) arena_ += static_cast<char>(model::EncodedTag::M);
    model::append_varint(arena_, kept);
    for (auto m = first; m != members_.end(); ++m) {
      if (m->name.data() == nullptr) continue;
      model::append_bytes(arena_, m->name);
      arena_.append(arena_.data() + m->value.begin, m->value.end - m->value.begin);
      out.size += m->name.size() + m->value.size;
    }
    members_.resize(base);
    out.end = arena_.size();
    if (tagged) out.size += 3 + kept;
    return out;
  }

  // Stable (of a repeated name, the JSON's last stays last); an item's few members are put in
  // order in place, without stable_sort's buffer.
  static void sort_by_name(std::vector<Member>::iterator first, std::vector<Member>::iterator last) {
    auto by_name = [](const Member& a, const Member& b) { return a.name < b.name; };
    if (last - first > 32) return std::stable_sort(first, last, by_name);
    for (auto i = first + (first != last); i < last; ++i) {
      Member m = *i;
      auto j = i;
      for (; j != first && by_name(m, j[-1]); --j) *j = j[-1];
      *j = m;
    }
  }

  Span list(const JsonValue& json, int depth) {
    const std::size_t base = elements_.size();
    std::size_t bytes = 0;
    for (const auto& m : json.GetArray()) {
      const Span e = value(m, depth);
      elements_.push_back(e);
      bytes += e.end - e.begin;
    }
    arena_.reserve(arena_.size() + bytes + 11);
    Span out{arena_.size(), 0, 3};
    arena_ += static_cast<char>(model::EncodedTag::L);
    model::append_varint(arena_, elements_.size() - base);
    for (std::size_t i = base; i < elements_.size(); ++i) {
      arena_.append(arena_.data() + elements_[i].begin, elements_[i].end - elements_[i].begin);
      out.size += 1 + elements_[i].size;
    }
    elements_.resize(base);
    out.end = arena_.size();
    return out;
  }

  std::vector<Member> members_;  // the members of the maps being written, innermost last
  std::vector<Span> elements_;   // the same for lists
  std::string arena_;
};

void write_bytes(JsonWriter& w, const std::string& bytes) {
  std::string text = model::base64_encode(bytes);
  w.String(text.data(), text.size());
}

}  // namespace

AttributeValue decode_value(const JsonValue& json) { return decode(json, 0); }

model::AttributeMap decode_attribute_map(const JsonValue& json) { return decode_map(json, 0); }

std::string encode_attribute_map(const JsonValue& json) {
  thread_local StoredFormWriter writer;
  return writer.item(json);
}

void write_value(JsonWriter& w, const AttributeValue& value) {
  w.StartObject();
  w.Key(model::value_type_name(value.type()));
  switch (value.type()) {
    case ValueType::S: {
      const auto& s = value.as<std::string>();
      w.String(s.data(), s.size());
      break;
    }
    case ValueType::N: {
      std::string s = value.as<model::Number>().to_string();
      w.String(s.data(), s.size());
      break;
    }
    case ValueType::B:
      write_bytes(w, value.as<model::Binary>().bytes);
      break;
    case ValueType::SS:
      w.StartArray();
      for (const auto& s : value.as<model::StringSet>().values) w.String(s.data(), s.size());
      w.EndArray();
      break;
    case ValueType::NS:
      w.StartArray();
      for (const auto& n : value.as<model::NumberSet>().values) {
        std::string s = n.to_string();
        w.String(s.data(), s.size());
      }
      w.EndArray();
      break;
    case ValueType::BS:
      w.StartArray();
      for (const auto& b : value.as<model::BinarySet>().values) write_bytes(w, b);
      w.EndArray();
      break;
    case ValueType::M:
      write_attribute_map(w, value.as<model::AttributeMap>());
      break;
    case ValueType::L:
      w.StartArray();
      for (const auto& v : value.as<model::AttributeList>()) write_value(w, v);
      w.EndArray();
      break;
    case ValueType::NUL:
      w.Bool(true);
      break;
    case ValueType::BOOL:
      w.Bool(value.as<bool>());
      break;
  }
  w.EndObject();
}

void write_attribute_map(JsonWriter& w, const model::AttributeMap& map) {
  w.StartObject();
  for (const auto& [name, value] : map) {
    w.Key(name.data(), name.size());
    write_value(w, value);
  }
  w.EndObject();
}

namespace {

// A stored item in plain JSON, as the DocumentClient unmarshalls it (1.5 written as its exact
// text; sets as arrays, binary as base64, since plain JSON has neither).
void write_plain_map(JsonWriter& w, model::EncodedReader& r);

void write_plain_value(JsonWriter& w, model::EncodedReader& r) {
  using model::EncodedTag;
  auto scalar = [&w](EncodedTag tag, std::string_view s) {
    if (tag == EncodedTag::B || tag == EncodedTag::BS) {
      std::string text = model::base64_encode(s);
      w.String(text.data(), text.size());
    } else if (tag == EncodedTag::N || tag == EncodedTag::NS) {
      w.RawValue(s.data(), s.size(), rapidjson::kNumberType);
    } else {
      w.String(s.data(), s.size());
    }
  };
  EncodedTag tag = r.tag();
  switch (tag) {
    case EncodedTag::S:
    case EncodedTag::N:
    case EncodedTag::B:
      scalar(tag, r.bytes());
      break;
    case EncodedTag::SS:
    case EncodedTag::NS:
    case EncodedTag::BS:
      w.StartArray();
      for (uint64_t n = r.varint(); n > 0; --n) scalar(tag, r.bytes());
      w.EndArray();
      break;
    case EncodedTag::M:
      write_plain_map(w, r);
      break;
    case EncodedTag::L:
      w.StartArray();
      for (uint64_t n = r.varint(); n > 0; --n) write_plain_value(w, r);
      w.EndArray();
      break;
    case EncodedTag::Null:
      w.Null();
      break;
    case EncodedTag::False:
    case EncodedTag::True:
      w.Bool(tag == EncodedTag::True);
      break;
  }
}

void write_plain_map(JsonWriter& w, model::EncodedReader& r) {
  w.StartObject();
  for (uint64_t n = r.varint(); n > 0; --n) {
    auto name = r.bytes();
    w.Key(name.data(), name.size());
    write_plain_value(w, r);
  }
  w.EndObject();
}

// A stored item in DynamoDB JSON ({"N":"1.5"}), written straight into the response: the bytes
// RapidJSON's writer would make (its escapes: a quote, a backslash, b f n r t, and "u00" with two
// upper-case hex digits for the other control characters; every other byte as it is), without its
// per-byte calls. The pages of a Scan or a Query are mostly this. It writes through a bare cursor
// into room reserved beforehand: kJsonBytesPerEncodedByte for each byte of the stored form is
// always enough (the most any byte becomes is a list's NULL or false, 1 byte stored, 15 written:
// `,{"BOOL":false}`; a string's byte 6 at most; a set's or a map's or a list's own bytes fewer).
constexpr std::size_t kJsonBytesPerEncodedByte = 16;

// RapidJSON's escape of each byte: 0 none, 'u' \u00XX, else the letter after the backslash.
constexpr std::array<char, 256> kJsonEscapes = [] {
  std::array<char, 256> e{};
  for (int c = 0; c < 0x20; ++c) e[c] = 'u';
  e['\b'] = 'b';
  e['\t'] = 't';
  e['\n'] = 'n';
  e['\f'] = 'f';
  e['\r'] = 'r';
  e['"'] = '"';
  e['\\'] = '\\';
  return e;
}();

// Copies the bytes from `in` to `out` up to the first that needs an escape (or `end`), and
// returns where both stopped. With SSE2 (every x86-64), 16 bytes at a time, each block stored as
// it is scanned: one pass where a scan and then a memcpy were two (a 400 KB string's byte-at-a-
// time scan was most of a 400 KB GetItem's CPU; the second pass 7 % of it). A block is stored
// whole only when 16 bytes of the string remain, which become at least 16 bytes of the answer:
// the store never passes the end of what the item writes.
std::pair<const unsigned char*, char*> copy_to_escape(const unsigned char* in, const unsigned char* const end,
                                                      char* out) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), last_control = _mm_set1_epi8(0x1F);
  for (; end - in >= 16; in += 16, out += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
    const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, last_control), last_control);  // v <= 0x1F
    const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), control);
    if (const int mask = _mm_movemask_epi8(hit)) {
      const int clean = __builtin_ctz(static_cast<unsigned>(mask));
      return {in + clean, out + clean};
    }
  }
#endif
  while (in != end && !kJsonEscapes[*in]) *out++ = static_cast<char>(*in++);
  return {in, out};
}

class DynamoJsonCursor {
 public:
  explicit DynamoJsonCursor(char* at) : p_(at) {}
  char* end() const { return p_; }

  void map(model::EncodedReader& r) {
    put('{');
    for (uint64_t n = r.varint(), i = 0; i < n; ++i) {
      if (i) put(',');
      string(r.bytes());
      put(':');
      value(r);
    }
    put('}');
  }

 private:
  template <std::size_t N>
  void put(const char (&text)[N]) {
    std::memcpy(p_, text, N - 1);
    p_ += N - 1;
  }
  void put(char c) { *p_++ = c; }

  void value(model::EncodedReader& r) {
    using model::EncodedTag;
    EncodedTag tag = r.tag();
    switch (tag) {
      case EncodedTag::S:
        put(R"({"S":)");
        string(r.bytes());
        break;
      case EncodedTag::N:
        put(R"({"N":)");
        string(r.bytes());
        break;
      case EncodedTag::B:
        put(R"({"B":)");
        binary(r.bytes());
        break;
      case EncodedTag::SS:
      case EncodedTag::NS:
      case EncodedTag::BS:
        if (tag == EncodedTag::SS) {
          put(R"({"SS":[)");
        } else if (tag == EncodedTag::NS) {
          put(R"({"NS":[)");
        } else {
          put(R"({"BS":[)");
        }
        for (uint64_t n = r.varint(), i = 0; i < n; ++i) {
          if (i) put(',');
          if (tag == EncodedTag::BS) {
            binary(r.bytes());
          } else {
            string(r.bytes());
          }
        }
        put(']');
        break;
      case EncodedTag::M:
        put(R"({"M":)");
        map(r);
        break;
      case EncodedTag::L:
        put(R"({"L":[)");
        for (uint64_t n = r.varint(), i = 0; i < n; ++i) {
          if (i) put(',');
          value(r);
        }
        put(']');
        break;
      case EncodedTag::Null:
        put(R"({"NULL":true)");
        break;
      case EncodedTag::False:
        put(R"({"BOOL":false)");
        break;
      case EncodedTag::True:
        put(R"({"BOOL":true)");
        break;
    }
    put('}');
  }

  void binary(std::string_view bytes) {
    const std::string text = model::base64_encode(bytes);
    put('"');
    std::memcpy(p_, text.data(), text.size());
    p_ += text.size();
    put('"');
  }

  // A JSON string: the runs that need no escape copied whole.
  void string(std::string_view s) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    put('"');
    const auto* in = reinterpret_cast<const unsigned char*>(s.data());
    const auto* const end = in + s.size();
    while (in != end) {
      std::tie(in, p_) = copy_to_escape(in, end, p_);
      if (in == end) break;
      const unsigned char c = *in++;
      put('\\');
      const char e = kJsonEscapes[c];
      if (e == 'u') {
        put("u00");
        put(kHex[c >> 4]);
        put(kHex[c & 0xF]);
      } else {
        put(e);
      }
    }
    put('"');
  }

  char* p_;
};

// Plain JSON events -> an Item, as the DocumentClient marshalls: string S, number N (exact),
// boolean BOOL, null NULL, array L, object M.
class PlainItemReader : public JsonEvents {
 public:
  bool not_object = false;
  model::Item item;

  void null() override { value(AttributeValue(model::Null{})); }
  void boolean(bool b) override { value(AttributeValue(b)); }
  void number(std::string_view text) override { value(AttributeValue(model::Number::parse(text))); }
  void string(std::string_view text) override { value(AttributeValue(std::string(text))); }
  void key(std::string_view name) override {
    if (name.empty()) throw model::Error(model::kEmptyAttributeName);
    if (name.size() > model::kMaxAttributeNameBytes) throw model::Error(model::kAttributeNameTooLarge);
    stack_.back().key = name;
  }
  void start_object() override { open(true); }
  void end_object() override { close(); }
  void start_array() override { open(false); }
  void end_array() override { close(); }

 private:
  struct Frame {
    bool is_map;
    model::AttributeMap map;
    model::AttributeList list;
    std::string key;
  };

  void open(bool is_map) {
    if (stack_.empty() && !is_map) not_object = true;
    // A container at attribute level kMaxAttributeNesting (the item's own object is level 0).
    if (stack_.size() >= model::kMaxAttributeNesting) throw model::Error(model::kNestingTooDeep);
    stack_.push_back(Frame{is_map, {}, {}, {}});
  }
  void close() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    if (stack_.empty()) {
      item = std::move(frame.map);
      return;
    }
    value(frame.is_map ? AttributeValue(std::move(frame.map)) : AttributeValue(std::move(frame.list)));
  }
  void value(AttributeValue v) {
    if (stack_.empty()) {  // a scalar document
      not_object = true;
      return;
    }
    Frame& frame = stack_.back();
    if (frame.is_map) {
      frame.map.insert_or_assign(std::move(frame.key), std::move(v));
    } else {
      frame.list.push_back(std::move(v));
    }
  }

  std::vector<Frame> stack_;
};

}  // namespace

void write_encoded_item(JsonWriter& w, std::string_view encoded) {
  model::EncodedReader r(encoded);
  r.varint();  // size
  w.raw_value(rapidjson::kObjectType, [&](rapidjson::StringBuffer& out) {
    const std::size_t room = kJsonBytesPerEncodedByte * encoded.size() + 16;
    char* const begin = out.Push(room);
    DynamoJsonCursor cursor(begin);
    cursor.map(r);
    const auto used = static_cast<std::size_t>(cursor.end() - begin);
    if (used > room) std::abort();  // never: kJsonBytesPerEncodedByte bounds it
    out.Pop(room - used);
  });
}

void write_plain_item(JsonWriter& w, std::string_view encoded) {
  model::EncodedReader r(encoded);
  r.varint();  // size
  write_plain_map(w, r);
}

PlainItemStatus decode_plain_item(std::string_view text, model::Item& item) {
  PlainItemReader reader;
  if (!parse_json_events(text, reader)) return PlainItemStatus::NotJson;
  if (reader.not_object) return PlainItemStatus::NotObject;
  item = std::move(reader.item);
  return PlainItemStatus::Item;
}

}  // namespace minnow::api
