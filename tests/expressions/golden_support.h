// Test helpers: placeholder maps in a compact notation, so that a golden row fits on one line
// and tests/expressions/check_golden.py can send the same row to DynamoDB Local.
//   names:  "#a=x #b=y"
//   values: ":v=S:text :n=N:1.5 :s=SS:a|b :ns=NS:1|2 :l=L: :m=M: :t=BOOL:true :z=NULL: :b=B:raw"
//   (L: and M: are empty; L:S:a|N:1 is a list of those elements)
#pragma once

#include <sstream>
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

}  // namespace golden
