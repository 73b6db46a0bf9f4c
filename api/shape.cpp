#include "api/shape.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "model/base64.h"
#include "model/errors.h"
#include "model/shape_errors.h"

namespace minnow::api {

namespace {
constexpr std::string_view kNamePattern = "[a-zA-Z0-9_.-]+";
constexpr std::size_t kMaxReportedErrors = 10;
}  // namespace

// The JSON type checks, decided once when the spec is parsed rather than per request.
enum class Kind : uint8_t {
  Boolean,
  StrictBoolean,  // an AttributeValue's BOOL or NULL: JSON true or false only
  Integral,
  String,
  Blob,
  List,
  ParameterizedList,
  Map,
  ParameterizedMap,
  ValueStruct,
  FieldStruct
};
enum class Check : uint8_t {
  NotNull,
  GreaterThanOrEqual,
  LessThanOrEqual,
  Regex,
  LengthGreaterThanOrEqual,
  LengthLessThanOrEqual,
  Enum,
  Keys,
  Values,
  TableName
};

// How a failed constraint is reported (model/shape_errors.h): the older form echoing the value
// as Java prints it (the default), the older form echoing it as JSON (BatchGetItem's table
// names, still), or the newer form naming the member path, checked in a stage of its own before
// the older checks (a request failing one is reported with those alone).
enum class Form : uint8_t { kJava, kJson, kPath };

struct Constraint {
  Check check;
  const JsonValue* arg;
  Form form = Form::kJava;
};

struct Shape::Rule {
  Kind kind = Kind::String;
  std::string type;     // String, Boolean, Long, List, Map, ValueStruct, FieldStruct, AttrStruct, ...
  std::string subtype;  // the <...> part, e.g. "AttributeValue"
  bool required = false;
  bool table_name = false;
  // A top-level member's "notNullUnless": its notNull holds only when the request lacks this
  // member (CreateTable's KeySchema, which a GlobalTableSourceArn gives instead).
  std::string not_null_unless;
  // Constraints in the order the spec lists them: DynamoDB reports them in that order.
  std::vector<Constraint> constraints;
  std::unique_ptr<Rule> element;                                       // List and Map elements
  std::vector<std::pair<std::string, std::unique_ptr<Rule>>> members;  // struct members
  bool of_attribute_values = false;    // L and M inside an AttributeValue: elements are AttributeValues
  bool attribute_value = false;        // the AttributeValue structure itself
  std::unique_ptr<JsonDocument> spec;  // owns the constraint values (top-level rules only)
};

namespace {

using Rule = Shape::Rule;

std::unique_ptr<Rule> parse_rule(const JsonValue& spec);

std::vector<std::pair<std::string, std::unique_ptr<Rule>>> parse_members(const JsonValue& spec) {
  if (!spec.IsObject()) throw std::logic_error("shape: struct members must be an object");
  std::vector<std::pair<std::string, std::unique_ptr<Rule>>> members;
  for (auto it = spec.MemberBegin(); it != spec.MemberEnd(); ++it) {
    members.emplace_back(it->name.GetString(), parse_rule(it->value));
  }
  return members;
}

// The AttributeValue structure, as Coral deserializes it.
std::unique_ptr<Rule> attribute_value_rule(const std::string& struct_kind);

Kind kind_named(const std::string& t) {
  if (t == "Boolean") return Kind::Boolean;
  if (t == "StrictBoolean") return Kind::StrictBoolean;
  // A timestamp ("Date") is epoch seconds, a JSON number, in the JSON protocol.
  if (t == "Short" || t == "Integer" || t == "Long" || t == "Double" || t == "Date") return Kind::Integral;
  if (t == "String") return Kind::String;
  if (t == "Blob") return Kind::Blob;
  if (t == "List") return Kind::List;
  if (t == "ParameterizedList") return Kind::ParameterizedList;
  if (t == "Map") return Kind::Map;
  if (t == "ParameterizedMap") return Kind::ParameterizedMap;
  if (t == "ValueStruct") return Kind::ValueStruct;
  if (t == "FieldStruct") return Kind::FieldStruct;
  throw std::logic_error("shape: unknown type " + t);
}

Check check_named(const std::string& c) {
  if (c == "notNull") return Check::NotNull;
  if (c == "greaterThanOrEqual") return Check::GreaterThanOrEqual;
  if (c == "lessThanOrEqual") return Check::LessThanOrEqual;
  if (c == "regex") return Check::Regex;
  if (c == "lengthGreaterThanOrEqual") return Check::LengthGreaterThanOrEqual;
  if (c == "lengthLessThanOrEqual") return Check::LengthLessThanOrEqual;
  if (c == "enum") return Check::Enum;
  if (c == "keys") return Check::Keys;
  if (c == "values") return Check::Values;
  if (c == "tableNameRules") return Check::TableName;
  throw std::logic_error("shape: unknown constraint " + c);
}

std::unique_ptr<Rule> parse_rule(const JsonValue& spec) {
  auto rule = std::make_unique<Rule>();
  const JsonValue* children = nullptr;
  const JsonValue* forms = nullptr;
  if (spec.IsString()) {
    rule->type = spec.GetString();
  } else {
    if (!spec.IsObject() || !spec.HasMember("type")) throw std::logic_error("shape: rule without type");
    rule->type = spec["type"].GetString();
    for (auto it = spec.MemberBegin(); it != spec.MemberEnd(); ++it) {
      std::string key = it->name.GetString();
      if (key == "type") continue;
      if (key == "required")
        rule->required = it->value.GetBool();
      else if (key == "tableName")
        rule->table_name = it->value.GetBool();
      else if (key == "notNullUnless")
        rule->not_null_unless = it->value.GetString();
      else if (key == "children")
        children = &it->value;
      else if (key == "form")
        forms = &it->value;
      else if (key == "regex" && std::string_view(it->value.GetString()) != kNamePattern)
        throw std::logic_error("shape: unsupported regex");
      else
        rule->constraints.push_back({check_named(key), &it->value});
    }
  }
  // "form": {"<constraint>": "path" | "json"}: the constraints not reported in the default form.
  if (forms) {
    for (auto it = forms->MemberBegin(); it != forms->MemberEnd(); ++it) {
      const Check check = check_named(it->name.GetString());
      const std::string_view form = it->value.GetString();
      auto constraint = std::find_if(rule->constraints.begin(), rule->constraints.end(),
                                     [check](const Constraint& c) { return c.check == check; });
      if (constraint == rule->constraints.end() || (form != "path" && form != "json"))
        throw std::logic_error("shape: form for a constraint the rule does not have");
      constraint->form = form == "path" ? Form::kPath : Form::kJson;
    }
  }
  auto lt = rule->type.find('<');
  if (lt != std::string::npos) {
    rule->subtype = rule->type.substr(lt + 1, rule->type.size() - lt - 2);
    rule->type = rule->type.substr(0, lt);
  }
  if (rule->type == "AttrStruct") return attribute_value_rule(rule->subtype);
  rule->kind = kind_named(rule->type);
  if (children) {
    const std::string& t = rule->type;
    if (t == "List" || t == "Map" || t == "ParameterizedList" || t == "ParameterizedMap")
      rule->element = parse_rule(*children);
    else
      rule->members = parse_members(*children);
  }
  return rule;
}

std::unique_ptr<Rule> attribute_value_rule(const std::string& struct_kind) {
  static const char* kSpec = R"({
    "S": "String", "B": "Blob", "N": "String", "BOOL": "StrictBoolean", "NULL": "StrictBoolean",
    "BS": {"type": "List", "children": "Blob"},
    "NS": {"type": "List", "children": "String"},
    "SS": {"type": "List", "children": "String"},
    "L": {"type": "List", "children": "AttrStruct<ValueStruct>"},
    "M": {"type": "Map<AttributeValue>", "children": "AttrStruct<ValueStruct>"}})";
  static const JsonDocument* spec = [] {
    auto* d = new JsonDocument;
    d->Parse(kSpec);
    return d;
  }();
  auto rule = std::make_unique<Rule>();
  rule->type = struct_kind;
  rule->kind = kind_named(struct_kind);
  rule->subtype = "AttributeValue";
  rule->attribute_value = true;
  // Built lazily: the L and M members refer back to this same structure.
  for (auto it = spec->MemberBegin(); it != spec->MemberEnd(); ++it) {
    std::string name = it->name.GetString();
    if (name == "L" || name == "M") {
      auto r = std::make_unique<Rule>();
      r->type = name == "L" ? "List" : "Map";
      r->kind = name == "L" ? Kind::List : Kind::Map;
      r->subtype = name == "L" ? "" : "AttributeValue";
      r->of_attribute_values = true;  // not a copy: the structure is recursive, see element_of()
      rule->members.emplace_back(name, std::move(r));
    } else {
      rule->members.emplace_back(name, parse_rule(it->value));
    }
  }
  return rule;
}

const Rule& attribute_value_struct() {
  static const std::unique_ptr<Rule> rule = attribute_value_rule("ValueStruct");
  return *rule;
}

const Rule* element_of(const Rule& rule) {
  if (rule.element) return rule.element.get();
  return rule.of_attribute_values ? &attribute_value_struct() : nullptr;
}

// ---- Stage 1: JSON types ------------------------------------------------------------------

bool is_integral(const JsonValue& v) {
  if (v.IsInt64() || v.IsUint64()) return true;
  double d = v.GetDouble();
  return std::floor(d) == d;
}

std::string scalar_kind(const JsonValue& v) {
  if (v.IsBool()) return v.GetBool() ? "TRUE_VALUE" : "FALSE_VALUE";
  if (v.IsNumber()) return is_integral(v) ? "NUMBER_VALUE" : "DECIMAL_VALUE";
  return "STRING_VALUE";
}

[[noreturn]] void type_error(const model::FixedError& error) { throw model::Error(error); }
[[noreturn]] void cannot_convert(const JsonValue& v, const std::string& type) {
  throw model::cannot_convert(scalar_kind(v), type);
}
[[noreturn]] void collection_error(const std::string& java_type) { throw model::unrecognized_collection(java_type); }

void check_type(const JsonValue& v, const Rule& rule);

// An AttributeValue no check of this stage refuses, seen without walking its rule: one member
// naming a type, of that type's JSON kind, and so on down (nearly every value of a request).
// Anything else takes the walk, which says what is wrong; B and BS always do (their base64).
bool plainly_valid_value(const JsonValue& v) {
  if (!v.IsObject() || v.MemberCount() != 1) return false;
  const std::string_view type = view(v.MemberBegin()->name);
  const JsonValue& x = v.MemberBegin()->value;
  if (type == "S" || type == "N") return x.IsString();
  if (type == "BOOL" || type == "NULL") return x.IsBool();
  if (type == "SS" || type == "NS" || type == "L") {
    if (!x.IsArray()) return false;
    for (const auto& e : x.GetArray())
      if (type == "L" ? !plainly_valid_value(e) : !e.IsString()) return false;
    return true;
  }
  if (type == "M") {
    if (!x.IsObject()) return false;
    for (auto it = x.MemberBegin(); it != x.MemberEnd(); ++it)
      if (!plainly_valid_value(it->value)) return false;
    return true;
  }
  return false;
}

// Members are checked in declaration order (the first error is DynamoDB's), but found by
// walking the request's few members rather than searching for every declared one.
void check_members(const JsonValue& object, const std::vector<std::pair<std::string, std::unique_ptr<Rule>>>& members) {
  constexpr std::size_t kInline = 8;
  std::pair<std::size_t, const JsonValue*> found_inline[kInline];
  std::vector<std::pair<std::size_t, const JsonValue*>> found_heap;
  std::size_t count = 0;
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    if (it->value.IsNull()) continue;
    std::string_view name = view(it->name);
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (members[i].first.size() != name.size() || members[i].first != name) continue;
      if (count < kInline)
        found_inline[count] = {i, &it->value};
      else
        found_heap.emplace_back(i, &it->value);
      ++count;
      break;
    }
  }
  if (count > kInline) {
    found_heap.insert(found_heap.begin(), found_inline, found_inline + kInline);
    std::sort(found_heap.begin(), found_heap.end());
    for (const auto& [i, v] : found_heap) check_type(*v, *members[i].second);
    return;
  }
  std::sort(found_inline, found_inline + count);
  for (std::size_t k = 0; k < count; ++k) check_type(*found_inline[k].second, *members[found_inline[k].first].second);
}

void check_type(const JsonValue& v, const Rule& rule) {
  const model::FixedError& kStructHere = model::kStructureNotExpected;
  const model::FixedError& kParameterized = model::kParameterizedTypeCast;
  switch (rule.kind) {
    case Kind::Boolean:
    case Kind::StrictBoolean:
      if (v.IsNumber()) cannot_convert(v, "Boolean");
      // DynamoDB reads "yes" or "1" as a Boolean member of a request, never as an attribute's BOOL.
      if (v.IsString() && rule.kind == Kind::StrictBoolean) type_error(model::kUnexpectedToken);
      if (v.IsString()) {
        std::string s(v.GetString(), v.GetStringLength());
        for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (s != "TRUE" && s != "1" && s != "YES" && s != "FALSE" && s != "0" && s != "NO")
          type_error(model::kUnexpectedToken);
      }
      if (v.IsArray()) collection_error("class java.lang.Boolean");
      if (v.IsObject()) type_error(kStructHere);
      return;
    case Kind::Integral:
      if (v.IsBool() || v.IsString()) cannot_convert(v, rule.type);
      if (v.IsArray()) collection_error("class java.lang." + rule.type);
      if (v.IsObject()) type_error(kStructHere);
      return;
    case Kind::String:
      if (v.IsString()) return;
      if (v.IsBool() || v.IsNumber()) cannot_convert(v, "String");
      if (v.IsArray()) collection_error("class java.lang.String");
      type_error(kStructHere);
    case Kind::Blob:
      if (v.IsBool() || v.IsNumber()) type_error(model::kBlobNotString);
      if (v.IsArray()) collection_error("class java.nio.ByteBuffer");
      if (v.IsObject()) type_error(kStructHere);
      if (v.GetStringLength() % 4) throw model::base64_length(v.GetStringLength());
      if (!model::base64_decode(view(v))) throw model::Error(model::kBase64Invalid);
      return;
    case Kind::List:
    case Kind::ParameterizedList:
      if (!v.IsArray() && !v.IsObject())
        type_error(rule.kind == Kind::List ? model::kUnexpectedFieldType : kParameterized);
      if (v.IsObject()) type_error(kStructHere);
      if (const Rule* e = element_of(rule)) {
        for (const auto& x : v.GetArray()) {
          // No reference answers a null element as DynamoDB does (dynalite exits, DynamoDB Local
          // answers 500 or messages of its own): Minnow refuses it as it refuses a null attribute
          // value, before anything reads it.
          if (x.IsNull()) type_error(model::kUnexpectedValueType);
          check_type(x, *e);
        }
      }
      return;
    case Kind::Map:
    case Kind::ParameterizedMap:
      if (!v.IsArray() && !v.IsObject())
        type_error(rule.kind == Kind::Map ? model::kUnexpectedFieldType : kParameterized);
      if (v.IsArray()) {
        if (rule.kind == Kind::ParameterizedMap)
          collection_error("java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>");
        std::string sub = rule.subtype.find('.') != std::string::npos
                              ? rule.subtype
                              : "com.amazonaws.dynamodb.v20120810." + rule.subtype;
        collection_error("java.util.Map<java.lang.String, " + sub + ">");
      }
      if (const Rule* e = element_of(rule)) {
        for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
          if (!it->value.IsNull()) check_type(it->value, *e);
        }
      }
      return;
    case Kind::ValueStruct:
    case Kind::FieldStruct:
      if (rule.attribute_value && plainly_valid_value(v)) return;
      if (!v.IsArray() && !v.IsObject())
        type_error(rule.kind == Kind::ValueStruct ? model::kUnexpectedValueType : model::kUnexpectedFieldType);
      if (v.IsArray()) collection_error("class com.amazonaws.dynamodb.v20120810." + rule.subtype);
      check_members(v, rule.members);
      return;
  }
}

// ---- Stages 2 and 3: constraints ----------------------------------------------------------

std::string lower_first(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

std::string number_text(const JsonValue& v) {
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  if (v.IsUint64()) return std::to_string(v.GetUint64());
  double d = v.GetDouble();
  if (std::floor(d) == d && std::fabs(d) < 1e21) {
    char digits[32];
    std::snprintf(digits, sizeof digits, "%.0f", d);
    return digits;
  }
  // RapidJSON's shortest form is JavaScript's but for the exponent's sign: 1e300 is "1e+300".
  std::string text = to_json_text(v);
  auto e = text.find('e');
  if (e != std::string::npos && text[e + 1] != '-') text.insert(e + 1, "+");
  return text;
}

// A value as the older form echoes it: JavaScript's String(value), objects as JSON (dynalite's
// captures, which BatchGetItem's table-name check still gives).
std::string json_text(const JsonValue* v) {
  if (!v) return "null";
  if (v->IsString()) return std::string(v->GetString(), v->GetStringLength());
  if (v->IsBool()) return v->GetBool() ? "true" : "false";
  if (v->IsNumber()) return number_text(*v);
  if (v->IsArray()) {
    std::string s = "[";
    bool first = true;
    for (const auto& x : v->GetArray()) {
      if (!first) s += ", ";
      first = false;
      s += json_text(&x);
    }
    return s + "]";
  }
  return to_json_text(*v);
}

const Rule* member_rule(const Rule* rule, std::string_view name) {
  if (!rule) return nullptr;
  for (const auto& [member_name, member] : rule->members)
    if (member_name == name) return member.get();
  return nullptr;
}

// A value as Java's toString prints it, which the older form echoes (2026): lists `[a, b]`, maps
// `{k=v}`, structures `KeySchemaElement(attributeName=pk, keyType=HASH)` with the members the
// request gives, in its order. `rule` (null when unknown) names the structures.
std::string java_text(const JsonValue* v, const Rule* rule) {
  if (!v || v->IsNull()) return "null";
  if (v->IsArray()) {
    std::string s = "[";
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i)
      s += (i ? ", " : "") + java_text(&(*v)[i], rule ? element_of(*rule) : nullptr);
    return s + "]";
  }
  if (!v->IsObject()) return json_text(v);
  const bool structure = rule && (rule->kind == Kind::ValueStruct || rule->kind == Kind::FieldStruct);
  std::string s = structure ? rule->subtype + "(" : "{";
  bool first = true;
  for (auto it = v->MemberBegin(); it != v->MemberEnd(); ++it) {
    s += first ? "" : ", ";
    first = false;
    if (structure) {
      s += lower_first(it->name.GetString()) + "=" + java_text(&it->value, member_rule(rule, view(it->name)));
    } else {
      s += std::string(view(it->name)) + "=" + java_text(&it->value, rule ? element_of(*rule) : nullptr);
    }
  }
  return s + (structure ? ")" : "}");
}

// Length as Java counts it: UTF-16 code units for strings.
std::size_t length_of(const JsonValue& v) {
  if (v.IsArray()) return v.Size();
  if (v.IsObject()) return v.MemberCount();
  if (!v.IsString()) return 0;
  std::size_t n = 0;
  const auto* s = reinterpret_cast<const unsigned char*>(v.GetString());
  for (std::size_t i = 0; i < v.GetStringLength(); ++i) {
    if ((s[i] & 0xC0) != 0x80) n += (s[i] >= 0xF0) ? 2 : 1;
  }
  return n;
}

double number_of(const JsonValue& v) {
  if (v.IsNumber()) return v.GetDouble();
  return 0;
}

bool matches_name_pattern(const JsonValue& v) {
  if (!v.IsString() || v.GetStringLength() == 0) return false;
  // A table ARN is accepted wherever a table name is.
  if (view(v).substr(0, 17) == "arn:aws:dynamodb:") return true;
  for (std::size_t i = 0; i < v.GetStringLength(); ++i) {
    unsigned char c = static_cast<unsigned char>(v.GetString()[i]);
    if (!(std::isalnum(c) || c == '_' || c == '.' || c == '-')) return false;
  }
  return true;
}

// DynamoDB's checks of a table name (2026), one failure at most: an empty name is too short for
// any name, then the longest name, the characters, the shortest name.
std::optional<std::string> table_name_problem(const JsonValue& v) {
  size_t n = length_of(v);
  if (n == 0) return model::length_must_be_at_least("1");
  if (n > 255) return model::length_must_be_at_most("255");
  if (!matches_name_pattern(v)) return model::must_match_pattern(kNamePattern);
  if (n < 3) return model::length_must_be_at_least("3");
  return std::nullopt;
}

// Where a value sits, in both forms' spelling: "keySchema.1.member.attributeName" (older) and
// "KeySchema.1.member.AttributeName" (newer).
// Where a value is in the request, as the errors name it: "tableName" (the older form's camel
// case) and "TableName" (the API's, the newer form's). Every checked value has one, but only a
// failing one needs its text: each level points at its parent and the text is built in fail().
struct MemberPath {
  const MemberPath* parent = nullptr;  // null: the request itself
  std::string_view step;               // a member's name or a map's key
  std::size_t element = 0;             // a list element's position, from 1 (step is then empty)
  bool member_name = false;            // a member's name: its first letter lower in the camel form

  MemberPath then(std::string_view name, bool is_member_name) const { return {this, name, 0, is_member_name}; }
  MemberPath then_element(std::size_t position) const { return {this, {}, position, false}; }

  std::string text(bool camel) const {
    if (!parent) return {};
    std::string here = element ? std::to_string(element) : std::string(step);
    if (camel && member_name) here = lower_first(here);
    std::string head = parent->text(camel);
    return head.empty() ? here : head + "." + here;
  }
};

// The constraint checks, in one walk of the request: the newer form's failures and the older
// form's, each list in the walk's order and capped on its own, as two walks (one a form) found
// them. DynamoDB reports the newer form's alone when there are any (Shape::check).
class ConstraintChecker {
 public:
  // `request`: the whole request, whose members a "notNullUnless" names.
  explicit ConstraintChecker(const JsonValue& request) : request_(request) {}

  std::vector<std::string> newer_errors;
  std::vector<std::string> older_errors;

  void check_members(const JsonValue* object, const std::vector<std::pair<std::string, std::unique_ptr<Rule>>>& members,
                     const MemberPath& parent) {
    for (const auto& [name, rule] : members) {
      check(name, object ? member(*object, name) : nullptr, *rule, parent);
    }
  }

  // `map_entry`: v is a map's value, which may be null.
  void check(const std::string& name, const JsonValue* v, const Rule& rule, const MemberPath& parent,
             bool map_entry = false) {
    const MemberPath here = parent.then(name, true);
    for (const Constraint& constraint : rule.constraints) {
      if (errors_of(constraint).size() >= kMaxReportedErrors) continue;
      if (constraint.check != Check::NotNull && !v) continue;
      if (!v && !rule.not_null_unless.empty() && member(request_, rule.not_null_unless.c_str())) continue;
      apply(constraint, v, rule, here);
    }
    if (newer_errors.size() >= kMaxReportedErrors && older_errors.size() >= kMaxReportedErrors) return;
    // A null map entry where a structure belongs has none of the structure's members: those that
    // must not be null are reported, so that nothing after the checks meets a null entry.
    if (!v && map_entry && !rule.members.empty() && rule.subtype != "AttributeValue")
      return check_members(nullptr, rule.members, here);
    if (!v) return;
    if ((rule.kind == Kind::List || rule.kind == Kind::ParameterizedList) && rule.element) {
      for (rapidjson::SizeType i = 0; i < v->Size(); ++i)
        check("member", &(*v)[i], *rule.element, here.then_element(i + 1));
    } else if ((rule.kind == Kind::Map || rule.kind == Kind::ParameterizedMap) && rule.element) {
      for (auto it = v->MemberBegin(); it != v->MemberEnd(); ++it)
        check("member", it->value.IsNull() ? nullptr : &it->value, *rule.element, here.then(view(it->name), false),
              /*map_entry=*/true);
    } else if (!rule.members.empty() && rule.subtype != "AttributeValue") {
      check_members(v, rule.members, here);
    }
  }

 private:
  const JsonValue& request_;

  std::vector<std::string>& errors_of(const Constraint& constraint) {
    return constraint.form == Form::kPath ? newer_errors : older_errors;
  }

  void fail(const std::string& message, const Constraint& constraint, const JsonValue* v, const Rule& rule,
            const MemberPath& path) {
    if (constraint.form == Form::kPath) {
      newer_errors.push_back(model::constraint_failure_at(path.text(/*camel=*/false), message));
      return;
    }
    std::string value = constraint.form == Form::kJson ? json_text(v) : java_text(v, &rule);
    if (v) value = "'" + value + "'";
    older_errors.push_back(model::constraint_failure(value, path.text(/*camel=*/true), message));
  }

  static std::string bound_text(const JsonValue& arg) { return number_text(arg); }

  void apply(const Constraint& constraint, const JsonValue* v, const Rule& rule, const MemberPath& path) {
    const JsonValue& arg = *constraint.arg;
    const auto fail_with = [&](const std::string& message) { fail(message, constraint, v, rule, path); };
    switch (constraint.check) {
      case Check::NotNull:
        if (!v) fail_with(model::kMustNotBeNull);
        return;
      case Check::GreaterThanOrEqual:
        if (!(number_of(*v) >= arg.GetDouble())) fail_with(model::must_be_at_least(bound_text(arg)));
        return;
      case Check::LessThanOrEqual:
        if (!(number_of(*v) <= arg.GetDouble())) fail_with(model::must_be_at_most(bound_text(arg)));
        return;
      case Check::Regex:
        if (!matches_name_pattern(*v)) fail_with(model::must_match_pattern(kNamePattern));
        return;
      case Check::LengthGreaterThanOrEqual:
        if (!(length_of(*v) >= arg.GetUint64())) fail_with(model::length_must_be_at_least(bound_text(arg)));
        return;
      case Check::LengthLessThanOrEqual:
        if (!(length_of(*v) <= arg.GetUint64())) fail_with(model::length_must_be_at_most(bound_text(arg)));
        return;
      case Check::Enum: {
        bool found = false;
        std::string set;
        for (const auto& e : arg.GetArray()) {
          if (!set.empty()) set += ", ";
          set += e.GetString();
          if (v->IsString() && view(*v) == view(e)) found = true;
        }
        if (!found) fail_with(model::must_be_in_enum(set));
        return;
      }
      case Check::TableName:
        if (auto problem = table_name_problem(*v)) fail_with(*problem);
        return;
      case Check::Keys:
      case Check::Values:
      {
        // One failure per failing entry, each listing every constraint.
        const bool keys = constraint.check == Check::Keys;
        const std::size_t failing = failing_map_entries(keys, arg, *v);
        if (failing == 0) return;  // the common case: no text built
        const std::string listed = map_entry_constraints(arg);
        for (std::size_t i = 0; i < failing; ++i) fail_with(model::map_entries_must_satisfy(keys, listed));
        return;
      }
    }
  }

  // The texts of a "keys" or "values" rule's constraints, as its failure lists them.
  static std::string map_entry_constraints(const JsonValue& arg) {
    std::string listed;
    for (auto c = arg.MemberBegin(); c != arg.MemberEnd(); ++c) {
      const std::string_view constraint = view(c->name);
      std::string text;
      if (constraint == "lengthGreaterThanOrEqual") text = model::length_must_be_at_least(number_text(c->value));
      if (constraint == "lengthLessThanOrEqual") text = model::length_must_be_at_most(number_text(c->value));
      if (constraint == "regex") text = model::must_match_pattern(kNamePattern);
      if (!text.empty()) listed += (listed.empty() ? "" : ", ") + text;
    }
    return listed;
  }

  // How many keys (or values) of a map fail a "keys" or "values" rule's constraints.
  static std::size_t failing_map_entries(bool keys, const JsonValue& arg, const JsonValue& map) {
    std::size_t failing = 0;
    for (auto it = map.MemberBegin(); it != map.MemberEnd(); ++it) {
      const JsonValue& subject = keys ? it->name : it->value;
      bool ok = true;
      for (auto c = arg.MemberBegin(); c != arg.MemberEnd(); ++c) {
        const std::string_view constraint = view(c->name);
        if (constraint == "lengthGreaterThanOrEqual") ok = ok && length_of(subject) >= c->value.GetUint64();
        if (constraint == "lengthLessThanOrEqual") ok = ok && length_of(subject) <= c->value.GetUint64();
        if (constraint == "regex") ok = ok && matches_name_pattern(subject);
      }
      if (!ok) ++failing;
    }
    return failing;
  }
};

}  // namespace

Shape::Shape(std::string_view spec) {
  auto doc = std::make_unique<JsonDocument>();
  doc->Parse(spec.data(), spec.size());
  if (doc->HasParseError() || !doc->IsObject()) throw std::logic_error("shape: spec is not a JSON object");
  members_ = parse_members(*doc);
  // The rules point into the document: keep it alive with the first rule.
  if (!members_.empty())
    members_.front().second->spec = std::move(doc);
  else
    throw std::logic_error("shape: empty spec");
}

Shape::~Shape() = default;
Shape::Shape(Shape&&) noexcept = default;

void Shape::check(const JsonValue& request) const {
  check_members(request, members_);
  for (const auto& [name, rule] : members_) {
    if (!rule->required && !rule->table_name) continue;
    const JsonValue* v = member(request, name);
    if (rule->required && !v) throw model::parameter_required(name);
    if (!rule->table_name || !v) continue;
    // A control-plane operation's table name is reported alone, before any other member.
    if (auto problem = table_name_problem(*v))
      throw model::validation_errors({model::constraint_failure("'" + json_text(v) + "'", lower_first(name), *problem)});
  }
  ConstraintChecker checker(request);
  checker.check_members(&request, members_, MemberPath{});
  if (!checker.newer_errors.empty()) throw model::validation_errors(checker.newer_errors);
  if (!checker.older_errors.empty()) throw model::validation_errors(checker.older_errors);
}

bool coral_bool(const JsonValue& v) {
  if (v.IsBool()) return v.GetBool();
  std::string s(view(v));
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s == "TRUE" || s == "YES" || s == "1";
}

int64_t coral_date_ms(const JsonValue& v) {
  if (v.IsInt64()) return v.GetInt64() > INT64_MAX / 1000 ? INT64_MAX : v.GetInt64() * 1000;
  double ms = std::round(v.GetDouble() * 1000);
  if (ms >= 9.2e18) return INT64_MAX;
  if (ms <= -9.2e18) return INT64_MIN;
  return static_cast<int64_t>(ms);
}

int64_t coral_long(const JsonValue& v) {
  if (v.IsInt64()) return v.GetInt64();
  if (v.IsUint64()) return INT64_MAX;
  double d = std::floor(v.GetDouble());
  if (d >= 9.2e18) return INT64_MAX;
  if (d <= -9.2e18) return INT64_MIN;
  return static_cast<int64_t>(d);
}

std::string coral_long_text(const JsonValue& v) {
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  if (v.IsUint64()) return std::to_string(v.GetUint64());
  double d = std::floor(v.GetDouble());
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, std::fabs(d) < 1e21 ? "%.0f" : "%g", d);
  return buffer;
}

std::string string_member(const JsonValue& object, const char* name) {
  const JsonValue* v = member(object, name);
  return v ? std::string(view(*v)) : std::string();
}

}  // namespace minnow::api
