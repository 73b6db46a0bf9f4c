#include "partiql/values.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "model/errors.h"
#include "model/partiql_errors.h"

namespace minnow::partiql {

namespace {

using model::AttributeValue;
using model::ValueType;

// The Ion type of a literal between backticks, as DynamoDB names it in its message.
std::string ion_type(std::string_view text) {
  std::size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "NULL";
  text = text.substr(b);
  char c = text.front();
  if (c == '"' || c == '\'') return "STRING";
  if (c == '[') return "LIST";
  if (c == '(') return "SEXP";
  if (c == '{') return text.size() > 1 && text[1] == '{' ? "BLOB" : "STRUCT";
  if (text.starts_with("true") || text.starts_with("false")) return "BOOL";
  if (text.starts_with("null")) return "NULL";
  if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
    if (text.find_first_of("eE") != std::string_view::npos) return "FLOAT";
    if (text.find('.') != std::string_view::npos) return "DECIMAL";
    if (text.find('T') != std::string_view::npos) return "TIMESTAMP";
    return "INT";
  }
  return "SYMBOL";
}

bool is_integer_text(std::string_view t) {
  if (!t.empty() && t.front() == '-') t.remove_prefix(1);
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_negative_zero(std::string_view t) {
  if (t.empty() || t.front() != '-') return false;
  for (char c : t.substr(1)) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') return false;
  }
  return true;
}

// Where a value sits, with list and bag elements as DynamoDB's number errors name them
// ("root.a[1]"); the other messages name them with a dot ("root.a.1", as captured).
std::string dotted(const std::string& under) {
  std::string out;
  for (char c : under) {
    if (c == '[') out += '.';
    else if (c != ']') out += c;
  }
  return out;
}

AttributeValue number(const Expr& e, const std::string& under) {
  // -0 is an integer zero, which DynamoDB accepts; -0.0 is a negative decimal zero, which it does not.
  if (is_negative_zero(e.text) && !is_integer_text(e.text)) {
    fail_at(model::pql_negative_zero(dotted(under)), e.position);
  }
  try {
    return AttributeValue(model::Number::parse(e.text));
  } catch (const model::Error& error) {  // out of range: DynamoDB names the place
    throw model::Error(error.code(), error.message() + " under " + under);
  }
}

AttributeValue bag(const Expr& e, const Parameters& params, const std::string& under) {
  if (e.args.empty()) throw model::Error(model::kPqlEmptyBag);  // DynamoDB gives no position here
  std::vector<AttributeValue> members;
  members.reserve(e.args.size());
  for (std::size_t i = 0; i < e.args.size(); ++i) {
    AttributeValue v = to_attribute_value(e.args[i], params, under + "[" + std::to_string(i) + "]");
    if (v.type() != ValueType::S && v.type() != ValueType::N && v.type() != ValueType::B) {
      fail_at(model::Error(model::kPqlBagElementType), e.args[i].position);
    }
    members.push_back(std::move(v));
  }
  const ValueType type = members.front().type();
  for (const AttributeValue& m : members) {
    if (m.type() != type) throw model::Error(model::kPqlBagElementType);
  }
  for (std::size_t i = 0; i < members.size(); ++i) {
    for (std::size_t j = i + 1; j < members.size(); ++j) {
      if (!(members[i] == members[j])) continue;
      // "Input collection [x, x] contains duplicates.", the members as written.
      std::string listed;
      for (const Expr& m : e.args) listed += (listed.empty() ? "" : ", ") + m.text;
      throw model::string_set_duplicates("[" + listed + "]");
    }
  }
  if (type == ValueType::N) {
    model::NumberSet s;
    for (AttributeValue& m : members) s.values.push_back(std::move(m.as<model::Number>()));
    return AttributeValue(std::move(s));
  }
  if (type == ValueType::S) {
    model::StringSet s;
    for (AttributeValue& m : members) s.values.push_back(std::move(m.as<std::string>()));
    return AttributeValue(std::move(s));
  }
  model::BinarySet s;
  for (AttributeValue& m : members) s.values.push_back(std::move(m.as<model::Binary>().bytes));
  return AttributeValue(std::move(s));
}

model::AttributeMap members(const Expr& e, const Parameters& params, const std::string& under,
                            const std::string& member_under) {
  model::AttributeMap out;
  for (std::size_t i = 0; i + 1 < e.args.size(); i += 2) {
    const Expr& key = e.args[i];
    if (key.kind != ExprKind::String || key.parens) {
      fail_at(model::pql_tuple_key_type(node_type_name(key), dotted(under)), key.position);
    }
    if (out.count(key.text)) fail_at(model::pql_duplicate_tuple_key(key.text, dotted(under)), key.position);
    std::string where = member_under.empty() ? under + "." + key.text : member_under;
    out.emplace(key.text, to_attribute_value(e.args[i + 1], params, where));
  }
  return out;
}

}  // namespace

bool is_value(const Expr& e) {
  switch (e.kind) {
    case ExprKind::String:
    case ExprKind::Number:
    case ExprKind::Boolean:
    case ExprKind::Null:
    case ExprKind::Parameter:
      return true;
    case ExprKind::Struct:
    case ExprKind::List:
    case ExprKind::Bag:
      return std::all_of(e.args.begin(), e.args.end(), [](const Expr& a) { return is_value(a); });
    default:
      return false;
  }
}

namespace {
std::string lower_text(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

std::string node_type_name(const Expr& e) {
  switch (e.kind) {
    case ExprKind::String:
      return "STRING";
    case ExprKind::Number:
      return is_integer_text(e.text) ? "INT" : e.text.find_first_of("eE") != std::string::npos ? "FLOAT" : "DECIMAL";
    case ExprKind::Boolean:
      return "BOOL";
    case ExprKind::Null:
      return "NULL";
    case ExprKind::Missing:
      return "LiteralMissing";
    case ExprKind::Ion:
      return ion_type(e.text);
    case ExprKind::Parameter:
      return "Parameter";
    case ExprKind::Struct:
      return "Struct";
    case ExprKind::List:
      return "ListExprNode";
    case ExprKind::Bag:
      return "Bag";
    case ExprKind::Path:
      return e.steps.empty() ? "VariableReference" : "Path";
    case ExprKind::Call:  // the function's name, as DynamoDB names the node
      return lower_text(e.text);
    default:
      return "NAry";
  }
}

AttributeValue to_attribute_value(const Expr& e, const Parameters& params, const std::string& under) {
  switch (e.kind) {
    case ExprKind::String:
      return AttributeValue(e.text);
    case ExprKind::Number:
      return number(e, under);
    case ExprKind::Boolean:
      return AttributeValue(e.text == "true");
    case ExprKind::Null:
      return AttributeValue(model::Null{});
    case ExprKind::Parameter:
      return params.at(e.index);
    case ExprKind::Struct:
      return AttributeValue(members(e, params, under, ""));
    case ExprKind::List: {
      model::AttributeList list;
      list.reserve(e.args.size());
      for (std::size_t i = 0; i < e.args.size(); ++i) {
        list.push_back(to_attribute_value(e.args[i], params, under + "[" + std::to_string(i) + "]"));
      }
      return AttributeValue(std::move(list));
    }
    case ExprKind::Bag:
      return bag(e, params, under);
    case ExprKind::Ion:
      fail_at(model::pql_ion_literal(ion_type(e.text), dotted(under)), e.position);
    default:
      fail_at(model::pql_unsupported_data_type(node_type_name(e), dotted(under)), e.position);
  }
}

model::Item to_item(const Expr& e, const Parameters& params) {
  if (e.kind != ExprKind::Struct) fail_at(model::Error(model::kPqlInsertItemFormat), e.position);
  // Each attribute's value is named "root" in messages, and what is below it "root.x".
  return members(e, params, "root", "root");
}

}  // namespace minnow::partiql
