// SELECT (partiql/binding.h): the projection, then GetItem, a Query per partition or a Scan,
// and what is left of the WHERE as the filter.
#include <algorithm>
#include <map>

#include "expressions/functions.h"
#include "expressions/parser.h"
#include "expressions/resolve.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/partiql_errors.h"
#include "partiql/binding.h"
#include "partiql/lexer.h"

namespace minnow::partiql::binding {

namespace {

// SELECT's projection: paths, with their names in the results.
void bind_projection(TreeBuilder& b, const SelectStatement& s, BoundSelect& out) {
  if (s.star) return;
  expressions::Projection p;
  for (const Expr& e : s.projection) {
    if (e.kind != ExprKind::Path) fail_at(model::Error(model::kPqlUnexpectedPathComponent), e.position);
    for (const PathStep& st : e.steps) {
      if (st.kind == PathStep::Kind::Unpivot) throw model::Error(model::kPqlChangingHierarchy);
    }
    expressions::Path path = b.path(e);
    std::string name;
    for (const expressions::PathElement& el : path.elements) {
      if (el.is_index()) {
        name += "[" + el.text + "]";
      } else {
        name = el.name;
      }
    }
    if (std::find(out.output_names.begin(), out.output_names.end(), name) != out.output_names.end()) {
      throw model::pql_duplicate_select_names(name);
    }
    out.output_names.push_back(std::move(name));
    p.paths.push_back(std::move(path));
  }
  // DynamoDB's projection lists the paths last to first (its overlap message shows it).
  std::reverse(p.paths.begin(), p.paths.end());
  std::reverse(out.output_names.begin(), out.output_names.end());
  b.resolve(p);
  out.projection = std::move(p);
}

// The key attributes a SELECT can read by: the table's or the index's.
struct ReadKeys {
  std::vector<model::KeyAttribute> hash;
  std::vector<model::KeyAttribute> range;
};

// Whether any comparison in the WHERE (under OR and NOT too) sets a key attribute of the read
// against a value of another type: DynamoDB Local refuses such a SELECT ("Condition parameter
// type does not match schema type") once the key conditions are taken out.
bool compares_key_with_other_type(const Node& n, const ReadKeys& keys) {
  auto key_type = [&](const Node& p) -> std::optional<ValueType> {
    const std::string* name = key_path(p);
    if (!name) return std::nullopt;
    for (const auto* list : {&keys.hash, &keys.range})
      for (const model::KeyAttribute& k : *list)
        if (k.name == *name) return k.type;
    return std::nullopt;
  };
  auto other = [](const Node& v, ValueType t) { return v.kind == NodeKind::Value && v.value.type() != t; };
  switch (n.kind) {
    case NodeKind::Compare:
      for (int side = 0; side < 2; ++side) {
        if (auto t = key_type(n.args[side]); t && other(n.args[1 - side], *t)) return true;
      }
      return false;
    case NodeKind::Between:
    case NodeKind::In:
      if (auto t = key_type(n.args[0])) {
        for (std::size_t i = 1; i < n.args.size(); ++i)
          if (other(n.args[i], *t)) return true;
      }
      return false;
    case NodeKind::And:
    case NodeKind::Or:
    case NodeKind::Not:
      for (const Node& a : n.args)
        if (compares_key_with_other_type(a, keys)) return true;
      return false;
    default:
      return false;
  }
}

void plan_select(BoundSelect& out, std::optional<expressions::Condition> where, const ReadKeys& keys,
                 const std::vector<OrderItem>& order_by, bool on_index) {
  std::vector<Node*> parts;
  if (where) conjuncts(where->root, parts);
  std::vector<bool> taken(parts.size(), false);
  std::vector<std::optional<Term>> terms;
  for (Node* p : parts) terms.push_back(key_term(*p));

  auto find = [&](const std::string& attribute, auto accept) -> int {
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (!taken[i] && terms[i] && terms[i]->attribute == attribute && accept(*terms[i])) return static_cast<int>(i);
    }
    return -1;
  };

  // The partition key: each attribute by = or IN.
  std::vector<std::vector<AttributeValue>> hash_values;
  bool hash_fixed = !keys.hash.empty();
  for (const model::KeyAttribute& k : keys.hash) {
    int i = find(k.name, [](const Term& t) { return t.in || t.op == KeyOperator::EQ; });
    if (i < 0) {
      hash_fixed = false;
      break;
    }
    for (const AttributeValue& v : terms[i]->values) check_key_value(k, v);
    hash_values.push_back(terms[i]->values);
    taken[i] = true;
  }
  if (!hash_fixed) std::fill(taken.begin(), taken.end(), false);

  // ORDER BY: the key attributes of what is read, with the partition key fixed.
  std::optional<bool> hash_descending, range_descending;
  if (!order_by.empty()) {
    if (!where) throw model::Error(model::kPqlOrderByWithoutWhere);
    if (!hash_fixed) throw model::Error(model::kPqlOrderByWithoutHashKey);
    for (const OrderItem& item : order_by) {
      if (item.expr.kind != ExprKind::Path || !item.expr.steps.empty()) {
        throw model::pql_order_by_not_path(node_type_name(item.expr));
      }
      const std::string& name = item.expr.text;
      auto named = [&](const model::KeyAttribute& k) { return k.name == name; };
      bool descending = item.descending.value_or(false);
      if (std::any_of(keys.hash.begin(), keys.hash.end(), named)) {
        if (!hash_descending) hash_descending = descending;
      } else if (std::any_of(keys.range.begin(), keys.range.end(), named)) {
        if (!range_descending) range_descending = descending;
      } else {
        throw model::pql_order_by_not_key(name);
      }
    }
  }

  if (!hash_fixed) {
    out.access = ReadAccess::Scan;
    out.filter = rest(parts, taken);
    return;
  }

  // The partitions: every combination of the partition key values, in key order (DynamoDB reads
  // the partitions of an IN one after the other, in ascending order; ORDER BY pk DESC reverses).
  std::vector<model::AttributeMap> partitions(1);
  for (std::size_t a = 0; a < keys.hash.size(); ++a) {
    std::vector<AttributeValue> values = hash_values[a];
    std::sort(values.begin(), values.end(), [](const AttributeValue& x, const AttributeValue& y) {
      return model::key_value_bytes(x) < model::key_value_bytes(y);
    });
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::vector<model::AttributeMap> next;
    for (const model::AttributeMap& p : partitions) {
      for (const AttributeValue& v : values) {
        model::AttributeMap m = p;
        m.emplace(keys.hash[a].name, v);
        next.push_back(std::move(m));
      }
    }
    partitions = std::move(next);
  }
  if (hash_descending.value_or(false)) std::reverse(partitions.begin(), partitions.end());
  out.forward = !range_descending.value_or(false);

  // A table read with the whole key fixed by = (or IN) is a GetItem per key.
  if (!on_index && keys.range.size() == 1) {
    int i = find(keys.range[0].name, [](const Term& t) { return t.in || t.op == KeyOperator::EQ; });
    if (i >= 0) {
      std::vector<AttributeValue> values = terms[i]->values;
      for (const AttributeValue& v : values) check_key_value(keys.range[0], v);
      std::sort(values.begin(), values.end(), [](const AttributeValue& x, const AttributeValue& y) {
        return model::key_value_bytes(x) < model::key_value_bytes(y);
      });
      values.erase(std::unique(values.begin(), values.end()), values.end());
      if (!out.forward) std::reverse(values.begin(), values.end());
      taken[i] = true;
      for (const model::AttributeMap& p : partitions) {
        for (const AttributeValue& v : values) {
          model::AttributeMap k = p;
          k.emplace(keys.range[0].name, v);
          out.keys.push_back(std::move(k));
        }
      }
      out.access = ReadAccess::GetItem;
      out.filter = rest(parts, taken);
      return;
    }
  }
  if (!on_index && keys.range.empty()) {
    out.keys = std::move(partitions);
    out.access = ReadAccess::GetItem;
    out.filter = rest(parts, taken);
    return;
  }

  // A Query per partition; the sort key: = on a prefix of its attributes, then one range condition.
  for (const model::KeyAttribute& k : keys.range) {
    int i = find(k.name, [](const Term& t) { return !t.in; });
    if (i < 0) break;
    const Term& t = *terms[i];
    if (t.op == KeyOperator::BEGINS_WITH && k.type == ValueType::N) break;
    for (const AttributeValue& v : t.values) check_key_value(k, v);
    out.sort_conditions.push_back(KeyConditionTerm{t.attribute, t.op, t.values});
    taken[i] = true;
    if (t.op != KeyOperator::EQ) break;
  }
  out.partitions = std::move(partitions);
  out.access = ReadAccess::Query;
  out.filter = rest(parts, taken);
}

// The `name = value` terms of a WHERE made only of them (only_equalities), values converted.
void equality_terms(const Expr& e, const Parameters& params, std::vector<std::pair<std::string, AttributeValue>>& out) {
  if (e.kind == ExprKind::And) {
    equality_terms(e.args[0], params, out);
    equality_terms(e.args[1], params, out);
    return;
  }
  const bool path_first = e.args[0].kind == ExprKind::Path;
  const Expr& path = e.args[path_first ? 0 : 1];
  out.emplace_back(path.text, to_attribute_value(e.args[path_first ? 1 : 0], params));
}

// The key of a WHERE that is exactly one `=` on each key attribute (the common read by key),
// found without building a condition tree; nullopt for any other WHERE.
std::optional<model::AttributeMap> exact_key(std::vector<std::pair<std::string, AttributeValue>>& terms,
                                             const model::KeySchema& schema) {
  if (terms.size() != (schema.range ? 2u : 1u)) return std::nullopt;
  model::AttributeMap key;
  for (auto& [name, value] : terms) {
    const model::KeyAttribute* k = name == schema.hash.name                     ? &schema.hash
                                   : schema.range && name == schema.range->name ? &*schema.range
                                                                                : nullptr;
    if (!k || key.count(name)) return std::nullopt;
    check_key_value(*k, value);
    key.emplace(name, std::move(value));
  }
  return key;
}

}  // namespace

BoundSelect bind_select(const SelectStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                        std::optional<model::Error>& deferred) {
  check_target_name(s.from);
  BoundSelect out;
  out.table = s.from.table;
  out.index = s.from.index;
  TreeBuilder b(params);
  bind_projection(b, s, out);
  if (context == Context::Single && s.where && !s.from.index && s.order_by.empty() && only_equalities(*s.where)) {
    std::vector<std::pair<std::string, AttributeValue>> terms;
    equality_terms(*s.where, params, terms);
    const TableShape& table = lookup.table(s.from.table);
    if (std::optional<model::AttributeMap> key = exact_key(terms, table.key)) {
      out.access = ReadAccess::GetItem;
      out.keys.push_back(std::move(*key));
      return out;
    }
  }
  std::optional<expressions::Condition> where =
      where_condition(b, s.where, expressions::ExpressionKind::Filter);
  const TableShape& table = lookup.table(s.from.table);
  // An index whose key has several HASH or RANGE attributes cannot be read with PartiQL; in a
  // batch this comes ahead of the batch's own rules (which refuse any other index, and an unknown
  // one, in their own words).
  const IndexShape* index = nullptr;
  if (s.from.index) {
    try {
      index = &lookup.index(table, *s.from.index);
    } catch (const model::Error&) {
      if (context == Context::Single) throw;
    }
    if (index && (index->hash.size() > 1 || index->range.size() > 1)) throw model::Error(model::kPqlMultiAttributeKey);
  }
  if (context != Context::Single) {
    // Batches and transactions read one item by its key, and nothing else.
    const bool tx = context == Context::Transaction;
    const model::FixedError& not_single = tx ? model::kPqlTransactionSelectKey : model::kPqlBatchSingleItem;
    if (s.from.index) throw model::Error(tx ? model::kPqlTransactionIndex : not_single);
    ItemKey k = single_item_key(std::move(where), table.key, not_single, tx);
    if (k.rest) throw model::Error(not_single);
    deferred = std::move(k.invalid);
    out.access = ReadAccess::GetItem;
    out.keys.push_back(std::move(k.key));
    return out;
  }
  ReadKeys keys;
  if (index) {
    keys.hash = index->hash;
    keys.range = index->range;
  } else {
    keys.hash = {table.key.hash};
    if (table.key.range) keys.range = {*table.key.range};
  }
  const bool mismatch = where && compares_key_with_other_type(where->root, keys);
  plan_select(out, std::move(where), keys, s.order_by, s.from.index.has_value());
  if (mismatch) throw model::Error(model::kKeyConditionTypeMismatch);
  return out;
}

}  // namespace minnow::partiql::binding
