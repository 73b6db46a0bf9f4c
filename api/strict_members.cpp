#include "api/strict_members.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/memorystream.h>
#include <rapidjson/encodedstream.h>
#include <rapidjson/reader.h>

#include "model/shape_errors.h"

namespace minnow::api {

namespace {

using Stream = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;
using Type = StrictMember::Type;

const char* expected_text(Type type) {
  switch (type) {
    case Type::String:
      return "a string";
    case Type::Sequence:
      return "a sequence";
    case Type::Map:
      return "a map";
    case Type::I32:
      return "i32";
  }
  return "";
}

// Rust's Debug form of a string, as serde quotes it: "string \"a\\\"b\"".
std::string debug_quoted(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char hex[16];
          auto end = std::to_chars(hex, hex + sizeof hex, static_cast<int>(c), 16).ptr;
          out += "\\u{" + std::string(hex, end) + "}";
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

// serde_json reads a number as an integer when it has no fraction or exponent and fits 64 bits
// (i64 when negative, u64 otherwise), as a float otherwise.
struct JsonNumber {
  std::optional<int64_t> signed_value;
  std::optional<uint64_t> unsigned_value;
  std::string text;  // serde's words: "integer `5`", "floating point `1.5`"
};

JsonNumber read_number(std::string_view raw) {
  JsonNumber n;
  const bool integral = raw.find_first_of(".eE") == std::string_view::npos;
  if (integral) {
    if (raw.front() == '-') {
      int64_t v = 0;
      if (std::from_chars(raw.data(), raw.data() + raw.size(), v).ec == std::errc()) n.signed_value = v;
    } else {
      uint64_t v = 0;
      if (std::from_chars(raw.data(), raw.data() + raw.size(), v).ec == std::errc()) n.unsigned_value = v;
    }
  }
  if (n.signed_value) {
    n.text = "integer `" + std::to_string(*n.signed_value) + "`";
  } else if (n.unsigned_value) {
    n.text = "integer `" + std::to_string(*n.unsigned_value) + "`";
  } else {
    // Rust prints an f64 in the shortest fixed notation that reads back, with a ".0" when whole.
    const double d = std::strtod(std::string(raw).c_str(), nullptr);
    char buffer[400];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::fixed).ptr;
    std::string shown(buffer, end);
    if (std::isfinite(d) && shown.find('.') == std::string::npos) shown += ".0";
    n.text = "floating point `" + shown + "`";
  }
  return n;
}

class StrictHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, StrictHandler> {
 public:
  StrictHandler(const Stream& stream, std::string_view body, std::initializer_list<StrictMember> members)
      : stream_(stream), body_(body), members_(members), seen_(members.size(), false) {}

  const std::optional<model::Error>& error() const { return error_; }

  bool Null() { return value(Kind::Null, "null", stream_.Tell()); }
  bool Bool(bool b) { return value(Kind::Other, b ? "boolean `true`" : "boolean `false`", stream_.Tell()); }
  bool RawNumber(const char* s, rapidjson::SizeType length, bool) {
    if (depth_ != 1) return true;
    const JsonNumber n = read_number({s, length});
    const StrictMember* m = current();
    if (!m || m->type != Type::I32) return value(Kind::Other, n.text, stream_.Tell());
    seen_[m - members_.begin()] = true;
    const bool fits = n.signed_value ? *n.signed_value >= INT32_MIN
                                     : n.unsigned_value && *n.unsigned_value <= uint64_t{INT32_MAX};
    if (fits) return true;
    if (n.signed_value || n.unsigned_value)
      return fail(model::strict_invalid_value(n.text, "i32", position(stream_.Tell())));
    return fail(model::strict_invalid_type(n.text, "i32", position(stream_.Tell())));
  }
  bool String(const char* s, rapidjson::SizeType length, bool) {
    return value(Kind::String, "string " + debug_quoted({s, length}), stream_.Tell());
  }
  bool Key(const char* s, rapidjson::SizeType length, bool) {
    if (depth_ == 1) key_.assign(s, length);
    return true;
  }
  // A sequence or a map is named before it is read: the position is before its bracket. (The
  // iterative reader tells a bracket before taking it, a scalar once it has read it.)
  bool StartObject() { return open(Kind::Map, "map"); }
  bool StartArray() { return open(Kind::Sequence, "sequence"); }
  bool EndArray(rapidjson::SizeType) { return --depth_, true; }
  bool EndObject(rapidjson::SizeType) {
    if (--depth_ != 0) return true;
    for (std::size_t i = 0; i < members_.size(); ++i) {
      const StrictMember& m = members_.begin()[i];
      // serde has read the closing brace.
      if (m.required && !seen_[i]) return fail(model::strict_missing_field(m.name, position(stream_.Tell() + 1)));
    }
    return true;
  }

 private:
  enum class Kind { Null, String, Sequence, Map, Other };

  const StrictMember* current() const {
    for (const StrictMember& m : members_)
      if (m.name == key_) return &m;
    return nullptr;
  }

  bool open(Kind kind, const char* unexpected) {
    const bool ok = value(kind, unexpected, stream_.Tell());
    ++depth_;
    return ok;
  }

  // A top-level member's value of this kind, named `unexpected` should it be the wrong one.
  bool value(Kind kind, const std::string& unexpected, std::size_t end) {
    if (depth_ != 1) return true;
    const StrictMember* m = current();
    if (!m) return true;
    seen_[m - members_.begin()] = true;
    const bool matches = (kind == Kind::String && m->type == Type::String) ||
                         (kind == Kind::Sequence && m->type == Type::Sequence) ||
                         (kind == Kind::Map && m->type == Type::Map) || (kind == Kind::Null && !m->required);
    if (matches) return true;
    return fail(model::strict_invalid_type(unexpected, expected_text(m->type), position(end)));
  }

  bool fail(model::Error error) {
    error_ = std::move(error);
    return false;
  }

  // serde's position: the line, and the bytes read on it.
  model::TextPosition position(std::size_t offset) const {
    model::TextPosition at;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset && i < body_.size(); ++i) {
      if (body_[i] == '\n') {
        ++at.line;
        line_start = i + 1;
      }
    }
    at.column = offset - line_start;
    return at;
  }

  const Stream& stream_;
  std::string_view body_;
  std::initializer_list<StrictMember> members_;
  std::vector<bool> seen_;
  std::string key_;
  int depth_ = 0;
  std::optional<model::Error> error_;
};

}  // namespace

void read_strict_members(std::string_view body, std::initializer_list<StrictMember> members) {
  rapidjson::MemoryStream bytes(body.data(), body.size());
  Stream stream(bytes);
  StrictHandler handler(stream, body, members);
  rapidjson::Reader reader;
  reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag>(stream, handler);
  if (handler.error()) throw *handler.error();
}

}  // namespace minnow::api
