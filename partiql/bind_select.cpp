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

// Whether the WHERE compares a key attribute of the read with a value of another type anywhere
// (under OR and NOT too): DynamoDB Local refuses such a SELECT ("Condition parameter type does not
// match schema type") once the key conditions are taken out.
bool compares_key_with_other_type(const Where& where, const ReadKeys& keys) {
  auto other_type = [&](const std::string& name, ValueType type) {
    for (const auto* list : {&keys.hash, &keys.range})
      for (const model::KeyAttribute& k : *list)
        if (k.name == name) return k.type != type;
    return false;
  };
  if (where.equalities_only)
    return std::any_of(where.conjuncts.begin(), where.conjuncts.end(),
                       [&](const Conjunct& c) { return other_type(c.term->attribute, c.term->values[0].type()); });
  return std::any_of(where.compared.begin(), where.compared.end(),
                     [&](const auto& c) { return other_type(c.first, c.second); });
}

// Key values in DynamoDB's order of partitions and keys (their bytes), each once.
std::vector<AttributeValue> in_key_order(std::vector<AttributeValue> values) {
  std::sort(values.begin(), values.end(), [](const AttributeValue& x, const AttributeValue& y) {
    return model::key_value_bytes(x) < model::key_value_bytes(y);
  });
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

// GetItem per key, a Query per partition or a Scan, and what is left of the WHERE as the filter;
// a key compared with a value of another type is refused last.
void plan_select(BoundSelect& out, Where where, const ReadKeys& keys, const std::vector<OrderItem>& order_by,
                 bool on_index) {
  const bool mismatch = compares_key_with_other_type(where, keys);
  std::vector<Conjunct>& parts = where.conjuncts;
  auto find = [&](const std::string& attribute, auto accept) -> int {
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const std::optional<Term>& t = parts[i].term;
      if (!parts[i].taken && t && t->attribute == attribute && accept(*t)) return static_cast<int>(i);
    }
    return -1;
  };
  auto fixes = [](const Term& t) { return t.in || t.op == KeyOperator::EQ; };

  // The partition key: each attribute by = or IN.
  std::vector<std::vector<AttributeValue>> hash_values;
  bool hash_fixed = !keys.hash.empty();
  for (const model::KeyAttribute& k : keys.hash) {
    int i = find(k.name, fixes);
    if (i < 0) {
      hash_fixed = false;
      break;
    }
    for (const AttributeValue& v : parts[i].term->values) check_key_value(k, v);
    hash_values.push_back(parts[i].term->values);
    parts[i].taken = true;
  }
  if (!hash_fixed)
    for (Conjunct& c : parts) c.taken = false;

  // ORDER BY: the key attributes of what is read, with the partition key fixed.
  std::optional<bool> hash_descending, range_descending;
  if (!order_by.empty()) {
    if (!where.present) throw model::Error(model::kPqlOrderByWithoutWhere);
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
  } else {
    // The partitions: every combination of the partition key values, in key order (DynamoDB
    // reads the partitions of an IN one after the other, in ascending order; ORDER BY pk DESC
    // reverses).
    std::vector<model::AttributeMap> partitions(1);
    for (std::size_t a = 0; a < keys.hash.size(); ++a) {
      const std::vector<AttributeValue> values = in_key_order(hash_values[a]);
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
    const int range_fixed = !on_index && keys.range.size() == 1 ? find(keys.range[0].name, fixes) : -1;
    if (range_fixed >= 0) {
      // A table read with the whole key fixed by = (or IN) is a GetItem per key.
      for (const AttributeValue& v : parts[range_fixed].term->values) check_key_value(keys.range[0], v);
      std::vector<AttributeValue> values = in_key_order(parts[range_fixed].term->values);
      if (!out.forward) std::reverse(values.begin(), values.end());
      parts[range_fixed].taken = true;
      for (const model::AttributeMap& p : partitions) {
        for (const AttributeValue& v : values) {
          model::AttributeMap k = p;
          k.emplace(keys.range[0].name, v);
          out.keys.push_back(std::move(k));
        }
      }
      out.access = ReadAccess::GetItem;
    } else if (!on_index && keys.range.empty()) {
      out.keys = std::move(partitions);
      out.access = ReadAccess::GetItem;
    } else {
      // A Query per partition; the sort key: = on a prefix of its attributes, then one range
      // condition.
      for (const model::KeyAttribute& k : keys.range) {
        int i = find(k.name, [](const Term& t) { return !t.in; });
        if (i < 0) break;
        const Term& t = *parts[i].term;
        if (t.op == KeyOperator::BEGINS_WITH && k.type == ValueType::N) break;
        for (const AttributeValue& v : t.values) check_key_value(k, v);
        out.sort_conditions.push_back(KeyConditionTerm{t.attribute, t.op, t.values});
        parts[i].taken = true;
        if (t.op != KeyOperator::EQ) break;
      }
      out.partitions = std::move(partitions);
      out.access = ReadAccess::Query;
    }
  }
  out.filter = where.rest();
  if (mismatch) throw model::Error(model::kKeyConditionTypeMismatch);
}

// The key of an equalities-only WHERE that is exactly one = on each key attribute of the table
// (the common read by key), its values checked in the statement's order; nullopt for any other
// WHERE. Copies the values: when it finds no key, plan_select reads the same terms.
std::optional<model::AttributeMap> exact_key(const Where& where, const model::KeySchema& schema) {
  if (!where.equalities_only || where.conjuncts.size() != (schema.range ? 2u : 1u)) return std::nullopt;
  model::AttributeMap key;
  for (const Conjunct& c : where.conjuncts) {
    const std::string& name = c.term->attribute;
    const model::KeyAttribute* k = name == schema.hash.name                     ? &schema.hash
                                   : schema.range && name == schema.range->name ? &*schema.range
                                                                                : nullptr;
    if (!k || key.count(name)) return std::nullopt;
    check_key_value(*k, c.term->values[0]);
    key.emplace(name, c.term->values[0]);
  }
  return key;
}

// The index a SELECT names (null: none, or one a batch refuses below, in its own words). An index
// whose key has several HASH or RANGE attributes cannot be read with PartiQL; in a batch this
// comes ahead of the batch's own rules.
const IndexShape* read_index(const Target& from, const TableShape& table, const Lookup& lookup, Context context) {
  if (!from.index) return nullptr;
  const IndexShape* index = nullptr;
  try {
    index = &lookup.index(table, *from.index);
  } catch (const model::Error&) {
    if (context == Context::Single) throw;
  }
  if (index && (index->hash.size() > 1 || index->range.size() > 1)) throw model::Error(model::kPqlMultiAttributeKey);
  return index;
}

ReadKeys read_keys(const TableShape& table, const IndexShape* index) {
  if (index) return ReadKeys{index->hash, index->range};
  ReadKeys keys{{table.key.hash}, {}};
  if (table.key.range) keys.range = {*table.key.range};
  return keys;
}

// Batches and transactions read one item by its key, and nothing else.
void read_by_key(BoundSelect& out, const Target& from, Where where, const TableShape& table, Context context,
                 std::optional<model::Error>& deferred) {
  const bool tx = context == Context::Transaction;
  const model::FixedError& not_single = tx ? model::kPqlTransactionSelectKey : model::kPqlBatchSingleItem;
  if (from.index) throw model::Error(tx ? model::kPqlTransactionIndex : not_single);
  ItemKey k = single_item_key(std::move(where), table.key, not_single, tx);
  if (k.rest) throw model::Error(not_single);
  deferred = std::move(k.invalid);
  out.access = ReadAccess::GetItem;
  out.keys.push_back(std::move(k.key));
}

}  // namespace

// Top to bottom: the names, the projection, the WHERE (bind_where), the table, the index, then
// one of three plans: a batch's or transaction's read by key, the exact key, or plan_select.
BoundSelect bind_select(const SelectStatement& s, const Parameters& params, const Lookup& lookup, Context context,
                        std::optional<model::Error>& deferred) {
  check_target_name(s.from);
  BoundSelect out;
  out.table = s.from.table;
  out.index = s.from.index;
  TreeBuilder b(params);
  bind_projection(b, s, out);
  Where where = bind_where(b, s.where, expressions::ExpressionKind::Filter);
  const TableShape& table = lookup.table(s.from.table);
  const IndexShape* index = read_index(s.from, table, lookup, context);
  if (context != Context::Single) {
    read_by_key(out, s.from, std::move(where), table, context, deferred);
    return out;
  }
  if (!s.from.index && s.order_by.empty()) {  // the common read by key: nothing to plan
    if (std::optional<model::AttributeMap> key = exact_key(where, table.key)) {
      out.access = ReadAccess::GetItem;
      out.keys.push_back(std::move(*key));
      return out;
    }
  }
  plan_select(out, std::move(where), read_keys(table, index), s.order_by, s.from.index.has_value());
  return out;
}

}  // namespace minnow::partiql::binding
