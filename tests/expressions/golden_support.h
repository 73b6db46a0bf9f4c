// Test helpers: placeholder maps in a compact notation, so that a golden row fits on one line
// and tests/expressions/check_golden.py can send the same row to DynamoDB Local.
//   names:  "#a=x #b=y"
//   values: ":v=S:text :n=N:1.5 :s=SS:a|b :ns=NS:1|2 :l=L: :m=M: :t=BOOL:true :z=NULL: :b=B:raw"
//   (L: and M: are empty; L:S:a|N:1 is a list of those elements)
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

#include "expressions/resolve.h"
#include "model/attribute_value.h"

namespace golden {

using namespace minnow;

inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

inline model::AttributeValue value(const std::string& spec) {
  auto colon = spec.find(':');
  std::string type = spec.substr(0, colon);
  std::string body = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (type == "S") return model::AttributeValue(body);
  if (type == "N") return model::AttributeValue(model::Number::parse(body));
  if (type == "B") return model::AttributeValue(model::Binary{body});
  if (type == "BOOL") return model::AttributeValue(body == "true");
  if (type == "NULL") return model::AttributeValue(model::Null{});
  if (type == "SS") return model::AttributeValue(model::StringSet{split(body, '|')});
  if (type == "BS") return model::AttributeValue(model::BinarySet{split(body, '|')});
  if (type == "NS") {
    model::NumberSet s;
    for (auto& x : split(body, '|')) s.values.push_back(model::Number::parse(x));
    return model::AttributeValue(std::move(s));
  }
  if (type == "L") {
    model::AttributeList l;
    if (!body.empty())
      for (auto& x : split(body, '|')) l.push_back(value(x));
    return model::AttributeValue(std::move(l));
  }
  return model::AttributeValue(model::AttributeMap{});
}

// "{}" is an empty map.
inline expressions::ValueMap values(const std::string& spec) {
  expressions::ValueMap out;
  if (spec == "{}") return out;
  std::istringstream in(spec);
  std::string tok;
  while (in >> tok) {
    auto eq = tok.find('=');
    out.emplace(tok.substr(0, eq), value(tok.substr(eq + 1)));
  }
  return out;
}

inline expressions::NameMap names(const std::string& spec) {
  expressions::NameMap out;
  if (spec == "{}") return out;
  std::istringstream in(spec);
  std::string tok;
  while (in >> tok) {
    auto eq = tok.find('=');
    out.emplace(tok.substr(0, eq), tok.substr(eq + 1));
  }
  return out;
}

// A minimal reader of DynamoDB JSON ({"a":{"S":"x"},"l":{"L":[{"N":"1"}]}}) for test tables.
// B and BS values are taken as raw text, not base64. No escapes beyond \" and \\.
class Json {
 public:
  explicit Json(std::string_view s) : s_(s) {}
  model::Item item() {
    model::Item out;
    ws();
    expect('{');
    ws();
    if (peek() == '}') return ++i_, out;
    do {
      ws();
      std::string k = str();
      ws();
      expect(':');
      out.emplace(k, value());
      ws();
    } while (accept(','));
    expect('}');
    return out;
  }

 private:
  char peek() { return i_ < s_.size() ? s_[i_] : '\0'; }
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n')) ++i_;
  }
  bool accept(char c) {
    ws();
    if (peek() != c) return false;
    ++i_;
    return true;
  }
  void expect(char c) {
    if (!accept(c)) throw std::runtime_error("bad test JSON at " + std::to_string(i_) + ": " + std::string(s_));
  }
  std::string str() {
    ws();
    expect('"');
    std::string out;
    while (peek() != '"') {
      if (peek() == '\\') ++i_;
      out += s_[i_++];
    }
    ++i_;
    return out;
  }
  std::vector<std::string> strs() {
    std::vector<std::string> out;
    expect('[');
    if (accept(']')) return out;
    do out.push_back(str());
    while (accept(','));
    expect(']');
    return out;
  }
  model::AttributeValue value() {
    expect('{');
    std::string t = str();
    expect(':');
    ws();
    model::AttributeValue v;
    if (t == "S")
      v = model::AttributeValue(str());
    else if (t == "N")
      v = model::AttributeValue(model::Number::parse(str()));
    else if (t == "B")
      v = model::AttributeValue(model::Binary{str()});
    else if (t == "SS")
      v = model::AttributeValue(model::StringSet{strs()});
    else if (t == "BS")
      v = model::AttributeValue(model::BinarySet{strs()});
    else if (t == "NS") {
      model::NumberSet ns;
      for (auto& x : strs()) ns.values.push_back(model::Number::parse(x));
      v = model::AttributeValue(std::move(ns));
    } else if (t == "BOOL" || t == "NULL") {
      bool b = s_.substr(i_, 4) == "true";
      i_ += b ? 4 : 5;
      v = t == "BOOL" ? model::AttributeValue(b) : model::AttributeValue(model::Null{});
    } else if (t == "L") {
      model::AttributeList l;
      expect('[');
      if (!accept(']')) {
        do l.push_back(value());
        while (accept(','));
        expect(']');
      }
      v = model::AttributeValue(std::move(l));
    } else {
      v = model::AttributeValue(item());
    }
    expect('}');
    return v;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

inline model::Item item(std::string_view json) { return Json(json).item(); }

// Prints an item back as DynamoDB JSON (keys sorted, sets in stored order), for comparisons.
inline std::string to_json(const model::AttributeValue& v);
inline std::string to_json(const model::Item& item) {
  std::string out = "{";
  bool first = true;
  for (auto& [k, v] : item) {
    if (!first) out += ",";
    first = false;
    out += "\"" + k + "\":" + to_json(v);
  }
  return out + "}";
}
inline std::string quoted_list(const std::vector<std::string>& xs) {
  std::string out = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? ",\"" : "\"") + xs[i] + "\"";
  return out + "]";
}
inline std::string to_json(const model::AttributeValue& v) {
  using model::ValueType;
  switch (v.type()) {
    case ValueType::S:
      return "{\"S\":\"" + v.as<std::string>() + "\"}";
    case ValueType::N:
      return "{\"N\":\"" + v.as<model::Number>().to_string() + "\"}";
    case ValueType::B:
      return "{\"B\":\"" + v.as<model::Binary>().bytes + "\"}";
    case ValueType::SS:
      return "{\"SS\":" + quoted_list(v.as<model::StringSet>().values) + "}";
    case ValueType::BS:
      return "{\"BS\":" + quoted_list(v.as<model::BinarySet>().values) + "}";
    case ValueType::NS: {
      std::vector<std::string> xs;
      for (auto& n : v.as<model::NumberSet>().values) xs.push_back(n.to_string());
      return "{\"NS\":" + quoted_list(xs) + "}";
    }
    case ValueType::BOOL:
      return v.as<bool>() ? "{\"BOOL\":true}" : "{\"BOOL\":false}";
    case ValueType::NUL:
      return "{\"NULL\":true}";
    case ValueType::L: {
      std::string out = "{\"L\":[";
      const auto& l = v.as<model::AttributeList>();
      for (std::size_t i = 0; i < l.size(); ++i) out += (i ? "," : "") + to_json(l[i]);
      return out + "]}";
    }
    case ValueType::M:
      return "{\"M\":" + to_json(v.as<model::AttributeMap>()) + "}";
  }
  return "";
}

// Values given as DynamoDB JSON: {":v":{"S":"x"}}.
inline expressions::ValueMap json_values(std::string_view json) {
  expressions::ValueMap out;
  if (json.empty()) return out;
  for (auto& [k, v] : item(json)) out.emplace(k, v);
  return out;
}

}  // namespace golden
