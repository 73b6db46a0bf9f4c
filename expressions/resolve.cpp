#include "expressions/resolve.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "expressions/functions.h"
#include "expressions/key_condition.h"
#include "expressions/parse_cache.h"
#include "expressions/reserved_words.h"
#include "model/base64.h"
#include "model/expression_errors.h"
#include "model/limits.h"

namespace minnow::expressions {

using model::ValueType;

// ---- Placeholders ----------------------------------------------------------------------------

namespace {
bool valid_key(std::string_view key, char sigil) {
  if (key.size() < 2 || key[0] != sigil) return false;
  for (char c : key.substr(1)) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// DynamoDB lists unused keys in the iteration order of a java.util.HashMap holding all the keys
// of the map: by bucket of String.hashCode() (spread as HashMap does), buckets in order.
std::string java_hash_order(const std::vector<std::string>& keys, std::size_t map_size) {
  std::size_t capacity = 16;
  while (static_cast<double>(map_size) > 0.75 * static_cast<double>(capacity)) capacity *= 2;
  std::vector<std::pair<std::size_t, const std::string*>> order;
  for (const std::string& k : keys) {
    int32_t h = 0;
    for (unsigned char c : k) h = static_cast<int32_t>(31u * static_cast<uint32_t>(h) + c);
    uint32_t u = static_cast<uint32_t>(h);
    u ^= u >> 16;
    order.emplace_back(u & (capacity - 1), &k);
  }
  std::stable_sort(order.begin(), order.end(), [](auto& a, auto& b) { return a.first < b.first; });
  std::string out;
  for (auto& [bucket, k] : order) {
    if (!out.empty()) out += ", ";
    out += *k;
  }
  return out;
}
}  // namespace

Placeholders::Placeholders(const NameMap* names, const ValueMap* values) : names_(names), values_(values) {
  // DynamoDB Local's order: the keys of both maps, then the names' values.
  if (names_) {
    if (names_->empty()) throw model::Error(model::kExprNamesEmpty);
    for (auto& [k, v] : *names_) {
      if (k.size() > kMaxPlaceholderKeyBytes) throw model::expr_names_key_too_long(k.size());
      if (!valid_key(k, '#')) throw model::expr_names_invalid_key(k);
    }
  }
  if (values_) {
    if (values_->empty()) throw model::Error(model::kExprValuesEmpty);
    for (auto& [k, v] : *values_) {
      if (k.size() > kMaxPlaceholderKeyBytes) throw model::Error(model::kExprValuesKeyTooLong);
      if (!valid_key(k, ':')) throw model::expr_values_invalid_key(k);
    }
  }
  if (names_) {
    for (auto& [k, v] : *names_) {
      if (v.empty()) throw model::expr_names_empty_value(k);
      if (v.size() > model::kMaxAttributeNameBytes) throw model::expr_names_value_too_large(k);
    }
  }
}

const std::string* Placeholders::name(std::string_view key) {
  if (!names_) return nullptr;
  auto it = names_->find(key);
  if (it == names_->end()) return nullptr;
  used_names_.emplace(key);
  return &it->second;
}

const model::AttributeValue* Placeholders::value(std::string_view key) {
  if (!values_) return nullptr;
  auto it = values_->find(key);
  if (it == values_->end()) return nullptr;
  used_values_.emplace(key);
  return &it->second;
}

namespace {
template <class Map>
std::vector<std::string> unused_keys(const Map& map, const std::vector<std::string>* order,
                                     const std::set<std::string, std::less<>>& used) {
  std::vector<std::string> out;
  if (order && order->size() == map.size()) {
    for (const std::string& k : *order)
      if (!used.count(k)) out.push_back(k);
  } else {
    for (auto& [k, v] : map)
      if (!used.count(k)) out.push_back(k);
  }
  return out;
}
}  // namespace

void Placeholders::check_unused() const {
  if (names_) {
    std::vector<std::string> unused = unused_keys(*names_, name_order_, used_names_);
    if (!unused.empty()) throw model::expr_unused_names(java_hash_order(unused, names_->size()));
  }
  if (values_) {
    std::vector<std::string> unused = unused_keys(*values_, value_order_, used_values_);
    if (!unused.empty()) throw model::expr_unused_values(java_hash_order(unused, values_->size()));
  }
}

// ---- Shared rules ----------------------------------------------------------------------------

namespace {

// The first message of one category of errors.
struct Slot {
  std::optional<std::string> msg;
  void set(std::string m) {
    if (!msg) msg = std::move(m);
  }
  explicit operator bool() const { return msg.has_value(); }
};

const char* type_name(ValueType t) { return model::value_type_name(t); }

// The type of an operand when it is known before evaluation.
std::optional<ValueType> static_type(const Node& n) {
  if (n.kind == NodeKind::Value) return n.value.type();
  if (n.kind == NodeKind::Call) {
    const FunctionDefinition* f = function_definition(n.function);
    if (f && f->place == FunctionPlace::Operand) return ValueType::N;  // size()
  }
  return std::nullopt;
}

bool same_element(const PathElement& a, const PathElement& b) {
  if (a.is_index() != b.is_index()) return false;
  return a.is_index() ? a.index == b.index : a.name == b.name;
}

bool same_path(const Path& a, const Path& b) {
  if (a.elements.size() != b.elements.size()) return false;
  for (std::size_t i = 0; i < a.elements.size(); ++i)
    if (!same_element(a.elements[i], b.elements[i])) return false;
  return true;
}

enum class Relation { None, Overlap, Conflict };

Relation relation(const Path& a, const Path& b) {
  std::size_t n = std::min(a.elements.size(), b.elements.size());
  for (std::size_t i = 0; i < n; ++i) {
    const PathElement& x = a.elements[i];
    const PathElement& y = b.elements[i];
    if (x.is_index() != y.is_index()) return Relation::Conflict;
    if (!same_element(x, y)) return Relation::None;
  }
  return Relation::Overlap;
}

// Overlapping paths are reported before conflicting ones, over the whole list (DynamoDB's order,
// DynamoDB Local agrees). Of one kind, DynamoDB reports the last earlier path that collides with
// the new one, and as "path two" the greatest of the paths written after that one (the new path
// included). Observed on DynamoDB Local; matches every two-path case and most longer ones.
std::optional<std::string> check_overlaps(const std::vector<const Path*>& paths) {
  for (const Relation kind : {Relation::Overlap, Relation::Conflict}) {
    for (std::size_t p = 1; p < paths.size(); ++p) {
      std::optional<std::size_t> last;
      for (std::size_t i = 0; i < p; ++i)
        if (relation(*paths[i], *paths[p]) == kind) last = i;
      if (!last) continue;
      const Path* two = paths[p];
      for (std::size_t j = *last + 1; j < p; ++j)
        if (compare_paths(*paths[j], *two) > 0) two = paths[j];
      std::string one = paths[*last]->message_string();
      return kind == Relation::Overlap ? model::expr_paths_overlap(one, two->message_string())
                                       : model::expr_paths_conflict(one, two->message_string());
    }
  }
  return std::nullopt;
}

// SIZE is on the reserved list, yet DynamoDB accepts it as an attribute name (it is the name of
// a function, which the grammar tells apart by the parenthesis).
void check_reserved(const Path& p, Slot& slot) {
  for (const PathElement& e : p.elements) {
    if (e.kind != PathElement::Kind::Name || !is_reserved_word(e.text)) continue;
    bool is_size = e.text.size() == 4 &&
                   std::equal(e.text.begin(), e.text.end(), "size", [](char a, char b) { return (a | 0x20) == b; });
    if (is_size) continue;
    slot.set(model::expr_reserved_keyword(e.text));
  }
}

// Substitutes the #names of a path; the first undefined one goes to `slot`.
void resolve_path(Path& p, Placeholders& ph, Slot& slot) {
  for (PathElement& e : p.elements) {
    if (e.kind != PathElement::Kind::Placeholder) continue;
    if (const std::string* n = ph.name(e.text)) {
      e.name = *n;
    } else {
      slot.set(model::expr_undefined_name(e.text));
    }
  }
}

void resolve_value(Node& n, Placeholders& ph, Slot& slot) {
  if (const model::AttributeValue* v = ph.value(n.text)) {
    n.value = *v;
  } else {
    slot.set(model::expr_undefined_value(n.text));
  }
}

[[noreturn]] void fail(ExpressionKind kind, const std::string& msg) { throw model::expr_invalid(kind_name(kind), msg); }

// A function of conditions (by itself, or as an operand), or null.
const FunctionDefinition* condition_function(Function function) {
  const FunctionDefinition* f = function_definition(function);
  return f && f->place != FunctionPlace::SetValue ? f : nullptr;
}

bool accepts(const OperandTypes& types, ValueType t) { return (types.accepted >> static_cast<unsigned>(t)) & 1u; }

std::string attribute_value_text(const model::AttributeValue& v) {
  std::string out = "{";
  out += type_name(v.type());
  out += ':';
  switch (v.type()) {
    case ValueType::S:
      out += v.as<std::string>();
      break;
    case ValueType::N:
      out += v.as<model::Number>().to_string();
      break;
    case ValueType::B:  // as DynamoDB writes it (dynalite): base64, never the raw bytes
      out += model::base64_encode(v.as<model::Binary>().bytes);
      break;
    default:
      break;
  }
  out += '}';
  return out;
}

int compare_scalars(const model::AttributeValue& a, const model::AttributeValue& b) {
  if (a.type() == ValueType::N) return a.as<model::Number>().compare(b.as<model::Number>());
  const std::string& x = a.type() == ValueType::S ? a.as<std::string>() : a.as<model::Binary>().bytes;
  const std::string& y = b.type() == ValueType::S ? b.as<std::string>() : b.as<model::Binary>().bytes;
  int c = x.compare(y);  // std::string compares as unsigned char: bytewise, as DynamoDB
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool is_scalar_comparable(ValueType t) { return t == ValueType::N || t == ValueType::S || t == ValueType::B; }

// ---- Conditions --------------------------------------------------------------------------------

// DynamoDB's order: redundant parentheses; then the first in text order of an unknown function,
// a function used where it may not stand, a reserved word; then a broken limit; then the first
// predicate (in text order) with an error: undefined placeholder, operand count, operands not
// distinct, operand types.
class ConditionChecker {
 public:
  ConditionChecker(ExpressionKind kind, Placeholders& ph) : kind_(kind), ph_(ph) {}

  void run(Node& root, const std::string& limit_error) {
    visit(root, true);
    complete_predicate();
    if (!limit_error.empty()) limits_.set(limit_error);
    for (Slot* s : {&parens_, &early_, &limits_, &condition_})
      if (*s) fail(kind_, *s->msg);
  }

 private:
  // A function's name, then whether it may stand where it is (size() only as an operand, the
  // others only as conditions).
  void check_call_early(const Node& n, bool as_condition) {
    const FunctionDefinition* f = function_definition(n.function);
    if (!f) {
      early_.set(model::expr_invalid_function(n.text));
    } else if (f->place == FunctionPlace::SetValue) {
      early_.set(model::expr_function_not_in_condition(n.text));
    } else if (as_condition == (f->place == FunctionPlace::Operand)) {
      early_.set(model::expr_function_misused(n.text));
    }
  }

  void complete_predicate() {
    if (condition_) return;
    for (Slot* s : {&placeholder_, &operands_, &distinct_, &types_})
      if (*s) {
        condition_.set(*s->msg);
        return;
      }
  }

  void check_distinct(const Node& n, const char* op) {
    if (n.args[0].kind != NodeKind::Path) return;
    for (std::size_t i = 1; i < n.args.size(); ++i) {
      if (n.args[i].kind == NodeKind::Path && same_path(n.args[0].path, n.args[i].path)) {
        distinct_.set(model::expr_not_distinct(op, n.args[0].path.message_string()));
        return;
      }
    }
  }

  void check_ordered_operands(const Node& n, std::size_t from, const char* op) {
    for (std::size_t i = from; i < n.args.size(); ++i) {
      auto t = static_type(n.args[i]);
      if (t && !is_scalar_comparable(*t)) {
        types_.set(model::expr_operand_type(op, type_name(*t)));
        return;
      }
    }
  }

  void visit(Node& n, bool as_condition) {
    if (n.parens >= 2) parens_.set(model::kExprRedundantParentheses);
    switch (n.kind) {
      case NodeKind::Path:
        check_reserved(n.path, early_);
        resolve_path(n.path, ph_, placeholder_);
        return;
      case NodeKind::Value:
        resolve_value(n, ph_, placeholder_);
        return;
      case NodeKind::Plus:
      case NodeKind::Minus:
        for (Node& a : n.args) visit(a, false);
        return;
      case NodeKind::And:
      case NodeKind::Or:
      case NodeKind::Not:
        for (Node& a : n.args) {
          visit(a, true);
          if (a.parens > 0) complete_predicate();
        }
        return;
      case NodeKind::Compare:
      case NodeKind::Between:
      case NodeKind::In: {
        for (Node& a : n.args) visit(a, false);
        const char* op = n.kind == NodeKind::Compare   ? comparator_text(n.comparator)
                         : n.kind == NodeKind::Between ? "BETWEEN"
                                                       : "IN";
        check_distinct(n, op);
        if (n.kind == NodeKind::Compare && n.comparator != Comparator::Eq && n.comparator != Comparator::Ne) {
          check_ordered_operands(n, 0, op);
        }
        if (n.kind == NodeKind::Between) {
          check_ordered_operands(n, 0, op);
          const Node& lo = n.args[1];
          const Node& hi = n.args[2];
          if (!types_ && lo.kind == NodeKind::Value && hi.kind == NodeKind::Value && !placeholder_) {
            if (lo.value.type() != hi.value.type()) {
              types_.set(model::expr_between_types(attribute_value_text(lo.value), attribute_value_text(hi.value)));
            } else if (is_scalar_comparable(lo.value.type()) && compare_scalars(lo.value, hi.value) > 0) {
              types_.set(model::expr_between_order(attribute_value_text(lo.value), attribute_value_text(hi.value)));
            }
          }
        }
        complete_predicate();
        return;
      }
      case NodeKind::Call:
        check_call_early(n, as_condition);
        for (Node& a : n.args) visit(a, false);
        check_function(n);
        complete_predicate();
        return;
    }
  }

  void check_function(const Node& n) {
    const FunctionDefinition* f = condition_function(n.function);
    if (!f) return;
    if (n.args.size() != f->arity) {
      operands_.set(model::expr_operand_count(n.text, n.args.size()));
      return;
    }
    if (f->arity == 2) check_distinct(n, n.text.c_str());
    if (f->path_first && n.args[0].kind != NodeKind::Path) {
      types_.set(model::expr_requires_path(n.text));
      return;
    }
    for (std::size_t i = 0; i < n.args.size(); ++i) {
      const Node& a = n.args[i];
      const OperandTypes& types = f->operand_types[i];
      auto t = static_type(a);
      if (!t) {
        if (types.unknown) continue;
        types_.set(model::expr_operand_type(n.text, model::kExprAnyTypeSet));
        return;
      }
      if (!accepts(types, *t)) {
        types_.set(model::expr_operand_type(n.text, type_name(*t)));
        return;
      }
      if (f->names_a_type && i == 1 && a.kind == NodeKind::Value && !placeholder_) {
        const std::string& s = a.value.as<std::string>();
        static const char* kTypes[] = {"S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M"};
        if (std::none_of(std::begin(kTypes), std::end(kTypes), [&](const char* x) { return s == x; }))
          types_.set(model::expr_invalid_type_name(s));
      }
    }
  }

  ExpressionKind kind_;
  Placeholders& ph_;
  Slot parens_, early_, limits_, condition_;
  Slot placeholder_, operands_, distinct_, types_;
};

// ---- Updates -----------------------------------------------------------------------------------

const char* update_type_word(ValueType t) {
  switch (t) {
    case ValueType::S:
      return "STRING";
    case ValueType::N:
      return "NUMBER";
    case ValueType::B:
      return "BINARY";
    case ValueType::NUL:
      return "NULL";
    case ValueType::BOOL:
      return "BOOLEAN";
    case ValueType::L:
      return "LIST";
    case ValueType::M:
      return "MAP";
    default:
      return nullptr;  // sets
  }
}

void scan_update_value(const Node& n, Slot& reserved, Slot& functions) {
  if (n.kind == NodeKind::Path) {
    check_reserved(n.path, reserved);
    return;
  }
  if (n.kind == NodeKind::Call) {
    if (!function_definition(n.function)) {
      functions.set(model::expr_invalid_function(n.text));
    } else if (condition_function(n.function)) {
      functions.set(model::expr_function_not_in_update(n.text));
    }
  }
  for (const Node& a : n.args) scan_update_value(a, reserved, functions);
}

void resolve_update_value(Node& n, Placeholders& ph, Slot& slot) {
  if (n.kind == NodeKind::Path) {
    resolve_path(n.path, ph, slot);
  } else if (n.kind == NodeKind::Value) {
    resolve_value(n, ph, slot);
  }
  for (Node& a : n.args) resolve_update_value(a, ph, slot);
}

// Operand rules of one SET value: arity, document paths, nesting, types. `top` is true for the
// value itself (list_append may only stand there).
void check_set_value(const Node& n, bool top, Slot& slot) {
  const FunctionDefinition* f = n.kind == NodeKind::Call ? function_definition(n.function) : nullptr;
  if (f && f->outermost_only && !top) {
    slot.set(model::expr_function_misused(n.text));
    return;
  }
  for (const Node& a : n.args) check_set_value(a, false, slot);
  if (slot) return;
  if (n.kind == NodeKind::Plus || n.kind == NodeKind::Minus) {
    const char* op = n.kind == NodeKind::Plus ? "+" : "-";
    for (const Node& a : n.args) {
      if (a.kind == NodeKind::Value && a.value.type() != ValueType::N) {
        slot.set(model::expr_operand_type(op, type_name(a.value.type())));
        return;
      }
    }
    return;
  }
  if (!f) return;
  if (n.args.size() != f->arity) {
    slot.set(model::expr_operand_count(n.text, n.args.size()));
    return;
  }
  if (f->path_first && n.args[0].kind != NodeKind::Path) {
    slot.set(model::expr_requires_path(n.text));
    return;
  }
  for (std::size_t i = 0; i < n.args.size(); ++i) {
    const Node& a = n.args[i];
    if (a.kind == NodeKind::Value && !accepts(f->operand_types[i], a.value.type())) {
      slot.set(model::expr_operand_type(n.text, type_name(a.value.type())));
      return;
    }
  }
}

}  // namespace

void resolve(Condition& c, ExpressionKind kind, Placeholders& ph) {
  ConditionChecker(kind, ph).run(c.root, c.limit_error);
}

void resolve(Update& u, Placeholders& ph) {
  const ExpressionKind kind = ExpressionKind::Update;
  std::vector<UpdateAction*> actions;
  for (UpdateSection& s : u.sections)
    for (UpdateAction& a : s.actions) actions.push_back(&a);

  Slot reserved, functions;
  for (UpdateAction* a : actions) {
    check_reserved(a->path, reserved);
    if (a->clause == UpdateClause::Set) scan_update_value(a->value, reserved, functions);
  }
  if (reserved) fail(kind, *reserved.msg);
  if (functions) fail(kind, *functions.msg);

  bool seen[4] = {false, false, false, false};
  for (const UpdateSection& s : u.sections) {
    auto i = static_cast<std::size_t>(s.clause);
    if (seen[i]) fail(kind, model::expr_section_twice(clause_name(s.clause)));
    seen[i] = true;
  }
  if (!u.limit_error.empty()) fail(kind, u.limit_error);

  Slot names;
  for (UpdateAction* a : actions) resolve_path(a->path, ph, names);
  if (names) fail(kind, *names.msg);

  std::vector<const Path*> paths;
  for (UpdateAction* a : actions) paths.push_back(&a->path);
  if (auto overlap = check_overlaps(paths)) fail(kind, *overlap);

  // DynamoDB checks the operands of the actions from the last one written to the first.
  for (auto it = actions.rbegin(); it != actions.rend(); ++it) {
    UpdateAction& a = **it;
    if (a.clause == UpdateClause::Remove) continue;
    Slot slot;
    resolve_update_value(a.value, ph, slot);
    if (slot) fail(kind, *slot.msg);
    if (a.clause == UpdateClause::Set) {
      check_set_value(a.value, true, slot);
    } else {
      ValueType t = a.value.value.type();
      const char* word = update_type_word(t);
      bool ok = a.clause == UpdateClause::Add ? (word == nullptr || t == ValueType::N) : word == nullptr;
      if (!ok) slot.set(model::expr_update_operand_type(clause_name(a.clause), word));
    }
    if (slot) fail(kind, *slot.msg);
  }
}

void resolve(Projection& p, Placeholders& ph) {
  const ExpressionKind kind = ExpressionKind::Projection;
  Slot reserved, names;
  for (Path& path : p.paths) check_reserved(path, reserved);
  if (reserved) fail(kind, *reserved.msg);
  for (Path& path : p.paths) resolve_path(path, ph, names);
  if (names) fail(kind, *names.msg);
  if (!p.limit_error.empty()) fail(kind, p.limit_error);
  std::vector<const Path*> paths;
  for (const Path& path : p.paths) paths.push_back(&path);
  if (auto overlap = check_overlaps(paths)) fail(kind, *overlap);
}

Condition compile_condition(std::string_view text, ExpressionKind kind, Placeholders& ph) {
  Condition c = parse_condition_cached(text, kind);
  resolve(c, kind, ph);
  return c;
}

Update compile_update(std::string_view text, Placeholders& ph) {
  Update u = parse_update_cached(text);
  resolve(u, ph);
  return u;
}

Projection compile_projection(std::string_view text, Placeholders& ph) {
  Projection p = parse_projection_cached(text);
  resolve(p, ph);
  return p;
}

Compiled compile_request(const RequestExpressions& req) {
  Placeholders ph(req.names, req.values);
  ph.set_request_order(req.name_order, req.value_order);
  Compiled out;
  if (req.update) out.update = compile_update(*req.update, ph);
  if (req.condition) out.condition = compile_condition(*req.condition, ExpressionKind::Condition, ph);
  if (req.key_condition) out.key_condition = compile_condition(*req.key_condition, ExpressionKind::KeyCondition, ph);
  if (req.filter) out.filter = compile_condition(*req.filter, ExpressionKind::Filter, ph);
  if (req.search_condition)
    out.search_condition = compile_condition(*req.search_condition, ExpressionKind::SearchCondition, ph);
  if (req.projection) out.projection = compile_projection(*req.projection, ph);
  ph.check_unused();
  if (out.key_condition) check_key_condition_shape(*out.key_condition);
  return out;
}

}  // namespace minnow::expressions
