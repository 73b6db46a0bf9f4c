#include "transfer/ion_text.h"

#include <cstdio>

#include "model/base64.h"

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
