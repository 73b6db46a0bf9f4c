#include "transfer/ion_text.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "model/base64.h"
#include "model/errors.h"
#include "model/number.h"

namespace minnow::transfer {

namespace {

bool identifier(std::string_view name) {
  if (name.empty() || name == "null" || name == "true" || name == "false" || name == "nan") return false;
  if (name.front() >= '0' && name.front() <= '9') return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'))
      return false;
  return !name.starts_with("$ion");
}

// Ion's escapes for the characters a quoted text cannot hold as they are; UTF-8 passes through.
void append_quoted(std::string& out, std::string_view text, char quote) {
  out += quote;
  for (unsigned char c : text) {
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02x", c);
      out += escape;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += quote;
}

void append_name(std::string& out, std::string_view name) {
  if (identifier(name))
    out += name;
  else
    append_quoted(out, name, '\'');
}

// A DynamoDB number's canonical text as an Ion decimal: "103" -> "103.", "1E+40" -> "1d+40".
void append_decimal(std::string& out, const std::string& text) {
  const std::size_t e = text.find_first_of("eE");
  if (e != std::string::npos) {
    out.append(text, 0, e);
    out += 'd';
    out.append(text, e + 1);
  } else {
    out += text;
    if (text.find('.') == std::string::npos) out += '.';
  }
}

void append_blob(std::string& out, const std::string& bytes) {
  out += "{{";
  out += model::base64_encode(bytes);
  out += "}}";
}

}  // namespace

void append_ion_struct(std::string& out, const model::AttributeMap& map) {
  out += '{';
  bool first = true;
  for (const auto& [name, value] : map) {
    if (!first) out += ',';
    first = false;
    append_name(out, name);
    out += ':';
    append_ion_value(out, value);
  }
  out += '}';
}

void append_ion_value(std::string& out, const model::AttributeValue& value) {
  using model::ValueType;
  switch (value.type()) {
    case ValueType::S:
      append_quoted(out, value.as<std::string>(), '"');
      break;
    case ValueType::N:
      append_decimal(out, value.as<model::Number>().to_string());
      break;
    case ValueType::B:
      append_blob(out, value.as<model::Binary>().bytes);
      break;
    case ValueType::BOOL:
      out += value.as<bool>() ? "true" : "false";
      break;
    case ValueType::NUL:
      out += "null";
      break;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS: {
      out += value.type() == ValueType::SS   ? "$dynamodb_SS::["
             : value.type() == ValueType::NS ? "$dynamodb_NS::["
                                             : "$dynamodb_BS::[";
      std::size_t i = 0;
      auto separator = [&] {
        if (i++) out += ',';
      };
      if (value.type() == ValueType::SS)
        for (const auto& s : value.as<model::StringSet>().values) separator(), append_quoted(out, s, '"');
      else if (value.type() == ValueType::NS)
        for (const auto& n : value.as<model::NumberSet>().values) separator(), append_decimal(out, n.to_string());
      else
        for (const auto& b : value.as<model::BinarySet>().values) separator(), append_blob(out, b);
      out += ']';
      break;
    }
    case ValueType::L: {
      out += '[';
      bool first = true;
      for (const auto& element : value.as<model::AttributeList>()) {
        if (!first) out += ',';
        first = false;
        append_ion_value(out, element);
      }
      out += ']';
      break;
    }
    case ValueType::M:
      append_ion_struct(out, value.as<model::AttributeMap>());
      break;
  }
}

}  // namespace minnow::transfer

namespace minnow::transfer {

namespace {

constexpr int kMaxDepth = 40;  // beyond DynamoDB's 32 levels, with the {Item:...} wrapper

struct IonError {
  std::string message;
};

class IonReader {
 public:
  explicit IonReader(std::string_view text) : text_(text) {}

  bool at_end() {
    skip_space();
    return pos_ >= text_.size();
  }
  std::size_t line() const { return line_; }
  // Reads one value; throws IonError.
  model::AttributeValue value(int depth = 0) {
    if (depth > kMaxDepth) fail("nested too deeply");
    skip_space();
    std::string annotation;
    for (;;) {  // annotations: symbol::
      const std::size_t save = pos_, save_line = line_;
      std::optional<std::string> symbol = try_symbol();
      skip_space();
      if (symbol && text_.substr(pos_, 2) == "::") {
        pos_ += 2;
        annotation = *symbol;
        skip_space();
        continue;
      }
      pos_ = save;
      line_ = save_line;
      break;
    }
    model::AttributeValue v = bare_value(depth);
    if (annotation.starts_with("$dynamodb_")) return as_set(annotation, std::move(v));
    return v;
  }
  // After a failed value: the start of the next line.
  void skip_line() {
    while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
  }
  bool version_marker() {
    skip_space();
    if (text_.substr(pos_, kIonVersionMarker.size()) != kIonVersionMarker) return false;
    const std::size_t end = pos_ + kIonVersionMarker.size();
    if (end < text_.size() && identifier_char(text_[end])) return false;
    pos_ = end;
    return true;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw IonError{"Ion text, line " + std::to_string(line_) + ": " + what};
  }
  static bool identifier_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
  }
  static bool identifier_char(char c) { return identifier_start(c) || (c >= '0' && c <= '9'); }

  void skip_space() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (text_.substr(pos_, 2) == "/*") {
        const std::size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) fail("unterminated comment");
        for (std::size_t i = pos_; i < end; ++i) line_ += text_[i] == '\n';
        pos_ = end + 2;
      } else {
        break;
      }
    }
  }

  // An identifier or a 'quoted symbol' at pos_, consumed; nullopt (nothing consumed) otherwise.
  std::optional<std::string> try_symbol() {
    if (pos_ >= text_.size()) return std::nullopt;
    if (text_[pos_] == '\'' && text_.substr(pos_, 3) != "'''") return quoted('\'');
    if (!identifier_start(text_[pos_])) return std::nullopt;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && identifier_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  void append_utf8(std::string& out, uint32_t code) {
    if (code >= 0xD800 && code <= 0xDFFF) fail("a surrogate code point in an escape");
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code <= 0x10FFFF) {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      fail("a code point beyond U+10FFFF");
    }
  }

  uint32_t hex_digits(int count) {
    uint32_t code = 0;
    for (int i = 0; i < count; ++i, ++pos_) {
      if (pos_ >= text_.size()) fail("a truncated escape");
      const char c = text_[pos_];
      const int digit = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
      if (digit < 0) fail("a malformed escape");
      code = code * 16 + static_cast<uint32_t>(digit);
    }
    return code;
  }

  // The text between `quote`s (pos_ at the opening one), escapes decoded; with `long_string`
  // the quotes are '''.
  std::string quoted(char quote, bool long_string = false) {
    pos_ += long_string ? 3 : 1;
    std::string out;
    for (;;) {
      if (pos_ >= text_.size()) fail("an unterminated string");
      const char c = text_[pos_];
      if (long_string ? text_.substr(pos_, 3) == "'''" : c == quote) {
        pos_ += long_string ? 3 : 1;
        return out;
      }
      if (c == '\n') {
        if (!long_string) fail("a line break in a string");
        ++line_;
      }
      ++pos_;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("an unterminated string");
      const char e = text_[pos_++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case '0':
          out += '\0';
          break;
        case 'a':
          out += '\a';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'v':
          out += '\v';
          break;
        case '\\':
        case '"':
        case '\'':
        case '/':
        case '?':
          out += e;
          break;
        case 'x':
          append_utf8(out, hex_digits(2));
          break;
        case 'u':
          append_utf8(out, hex_digits(4));
          break;
        case 'U':
          append_utf8(out, hex_digits(8));
          break;
        case '\n':
          ++line_;
          break;  // a line continuation
        default:
          fail(std::string("an unknown escape \\") + e);
      }
    }
  }

  std::string long_strings() {
    std::string out;
    for (;;) {
      out += quoted('\'', true);
      const std::size_t save = pos_, save_line = line_;
      skip_space();
      if (text_.substr(pos_, 3) != "'''") {
        pos_ = save;
        line_ = save_line;
        return out;
      }
    }
  }

  model::AttributeValue number() {
    const std::size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - from;
    };
    if (digits() == 0) fail("a malformed number");
    std::string mantissa(text_.substr(start, pos_ - start));
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      const std::size_t from = pos_;
      if (digits()) mantissa += "." + std::string(text_.substr(from, pos_ - from));
    }
    std::string exponent;
    if (pos_ < text_.size() && (text_[pos_] == 'd' || text_[pos_] == 'D')) {
      ++pos_;
      const std::size_t from = pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (digits() == 0) fail("a malformed decimal exponent");
      exponent = "E" + std::string(text_.substr(from, pos_ - from));
    }
    if (pos_ < text_.size() && (identifier_char(text_[pos_]) || text_[pos_] == '.' || text_[pos_] == '-' ||
                                text_[pos_] == ':' || text_[pos_] == '+'))
      fail("a float, timestamp or other number DynamoDB's Ion does not hold");
    try {
      return model::AttributeValue(model::Number::parse(mantissa + exponent));
    } catch (const model::Error& e) {
      fail(e.message());
    }
  }

  model::AttributeValue blob() {
    pos_ += 2;
    std::string base64;
    while (pos_ < text_.size() && text_.substr(pos_, 2) != "}}") {
      const char c = text_[pos_++];
      if (c == '"' || c == '\'') fail("a clob, which DynamoDB's Ion does not hold");
      if (c == '\n') ++line_;
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') base64 += c;
    }
    if (pos_ >= text_.size()) fail("an unterminated blob");
    pos_ += 2;
    std::optional<std::string> bytes = model::base64_decode(base64);
    if (!bytes) fail("a blob that is not base64");
    return model::AttributeValue(model::Binary{std::move(*bytes)});
  }

  // After '[' or '{': true (and the closer consumed) at the closer; consumes a ',' between items.
  bool close_or_comma(char closer, bool first) {
    skip_space();
    if (pos_ >= text_.size()) fail(std::string("an unterminated ") + (closer == ']' ? "list" : "struct"));
    if (text_[pos_] == closer) {
      ++pos_;
      return true;
    }
    if (!first) {
      if (text_[pos_] != ',') fail(std::string("expected ',' or '") + closer + "'");
      ++pos_;
      skip_space();
      if (pos_ >= text_.size()) fail(std::string("an unterminated ") + (closer == ']' ? "list" : "struct"));
      if (text_[pos_] == closer) {
        ++pos_;
        return true;
      }
    }
    return false;
  }

  model::AttributeValue bare_value(int depth) {
    if (pos_ >= text_.size()) fail("a value is missing");
    const char c = text_[pos_];
    if (c == '{' && text_.substr(pos_, 2) == "{{") return blob();
    if (c == '{') {
      ++pos_;
      model::AttributeMap map;
      for (bool first = true; !close_or_comma('}', first); first = false) {
        std::string name;
        if (text_[pos_] == '"') {
          name = quoted('"');
        } else if (text_.substr(pos_, 3) == "'''") {
          name = long_strings();
        } else if (std::optional<std::string> symbol = try_symbol()) {
          name = std::move(*symbol);
        } else {
          fail("a field name is missing");
        }
        skip_space();
        if (pos_ >= text_.size() || text_[pos_] != ':') fail("expected ':' after field " + name);
        ++pos_;
        map.insert_or_assign(std::move(name), value(depth + 1));
      }
      return model::AttributeValue(std::move(map));
    }
    if (c == '[') {
      ++pos_;
      model::AttributeList list;
      for (bool first = true; !close_or_comma(']', first); first = false) list.push_back(value(depth + 1));
      return model::AttributeValue(std::move(list));
    }
    if (c == '(') fail("an s-expression, which DynamoDB's Ion does not hold");
    if (c == '"') return model::AttributeValue(quoted('"'));
    if (text_.substr(pos_, 3) == "'''") return model::AttributeValue(long_strings());
    if (c == '-' || (c >= '0' && c <= '9')) {
      if (text_.substr(pos_, 2) == "0x" || text_.substr(pos_, 2) == "0b" || text_.substr(pos_, 3) == "-0x")
        fail("a hexadecimal or binary integer");
      return number();
    }
    if (c == '\'') return model::AttributeValue(quoted('\''));
    std::optional<std::string> symbol = try_symbol();
    if (!symbol) fail(std::string("unexpected '") + c + "'");
    if (*symbol == "true") return model::AttributeValue(true);
    if (*symbol == "false") return model::AttributeValue(false);
    if (*symbol == "null") {
      if (pos_ < text_.size() && text_[pos_] == '.') {  // a typed null: null.string, ...
        ++pos_;
        if (!try_symbol()) fail("a malformed typed null");
      }
      return model::AttributeValue(model::Null{});
    }
    if (*symbol == "nan") fail("nan, which DynamoDB's Ion does not hold");
    return model::AttributeValue(std::move(*symbol));  // a symbol value reads as its text
  }

  model::AttributeValue as_set(const std::string& annotation, model::AttributeValue v) {
    if (!v.is<model::AttributeList>()) fail(annotation + " annotates a value that is not a list");
    const model::AttributeList& list = v.as<model::AttributeList>();
    if (list.empty()) fail("an empty set");
    auto all = [&](model::ValueType type) {
      for (const auto& e : list)
        if (e.type() != type) fail(annotation + " holds a value of another type");
    };
    auto unique = [&](auto values) {
      std::sort(values.begin(), values.end());
      if (std::adjacent_find(values.begin(), values.end()) != values.end()) fail("a set with duplicate values");
    };
    if (annotation == "$dynamodb_SS") {
      all(model::ValueType::S);
      model::StringSet set;
      for (const auto& e : list) set.values.push_back(e.as<std::string>());
      unique(set.values);
      return model::AttributeValue(std::move(set));
    }
    if (annotation == "$dynamodb_NS") {
      all(model::ValueType::N);
      model::NumberSet set;
      for (const auto& e : list) set.values.push_back(e.as<model::Number>());
      unique(set.values);
      return model::AttributeValue(std::move(set));
    }
    if (annotation == "$dynamodb_BS") {
      all(model::ValueType::B);
      model::BinarySet set;
      for (const auto& e : list) set.values.push_back(e.as<model::Binary>().bytes);
      unique(set.values);
      return model::AttributeValue(std::move(set));
    }
    fail("an unknown annotation " + annotation);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

}  // namespace

std::vector<IonValue> read_ion_values(std::string_view text) {
  std::vector<IonValue> values;
  IonReader reader(text);
  for (;;) {
    IonValue entry;
    try {  // white space and comments may be malformed too (an unterminated /*)
      if (reader.at_end()) break;
      if (reader.version_marker()) continue;
      entry.line = reader.line();
      entry.value = reader.value();
    } catch (const IonError& e) {
      if (!entry.line) entry.line = reader.line();
      entry.error = e.message;
      reader.skip_line();  // always progress: the rest of this line, or to the end
    }
    values.push_back(std::move(entry));
  }
  return values;
}

}  // namespace minnow::transfer
