#include "requests/key_conditions.h"

#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/limits.h"

namespace minnow::requests {

namespace {

// dynalite's validateKeyPiece: one attribute of a start key.
void check_key_piece(const model::KeyAttribute& attr, const model::AttributeValue& v, bool is_hash) {
  if (v.type() != attr.type) throw model::Error(model::kKeyDoesNotMatchSchema);
  if (v.type() == model::ValueType::N) return;
  std::size_t bytes = v.type() == model::ValueType::S ? v.as<std::string>().size() : v.as<model::Binary>().bytes.size();
  if (bytes == 0) throw model::query_key_empty_value(attr.name, attr.type);
  if (is_hash && bytes > model::kMaxPartitionKeyBytes) throw model::Error(model::kPartitionKeyTooLarge);
  if (!is_hash && bytes > model::kMaxSortKeyBytes) throw model::Error(model::kSortKeyTooLarge);
}

// An indexable operator, and values of the attribute's type.
void check_term(const KeyTerm& t, const model::KeyAttribute& attr) {
  if (!t.op) throw model::Error(model::kKeyConditionNotIndexable);
  for (const auto& v : t.values)
    if (v.type() != attr.type) throw model::Error(model::kKeyConditionTypeMismatch);
}

bool equality(const KeyTerm* t) { return t && t->op == model::KeyOperator::EQ; }

engine::SortKeyCondition sort_condition(const KeyTerm& t) {
  engine::SortKeyCondition c;
  c.op = *t.op;
  c.value = t.values[0];
  if (c.op == model::KeyOperator::BETWEEN) c.high = t.values[1];
  return c;
}

}  // namespace

const KeyTerm* term_for(const std::vector<KeyTerm>& terms, const std::string& attribute) {
  for (const KeyTerm& t : terms)
    if (t.attribute == attribute) return &t;
  return nullptr;
}

void check_key_terms(const model::KeySchema& schema, const std::vector<KeyTerm>& terms,
                     const std::optional<model::AttributeMap>& start_key) {
  for (const model::KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (!attr) continue;
    const bool is_hash = attr == &schema.hash;
    if (start_key) {
      auto it = start_key->find(attr->name);
      if (it == start_key->end()) throw model::Error(model::kStartKeyInvalid);
      check_key_piece(*attr, it->second, is_hash);
    }
    if (is_hash && !schema.range && terms.size() > 1) throw model::Error(model::kQueryKeyConditionNotSupported);
    const KeyTerm* t = term_for(terms, attr->name);
    if (!t) {
      if (is_hash || terms.size() > 1) throw model::query_missed_key_element(attr->name);
      continue;
    }
    check_term(*t, *attr);
    if (is_hash && !equality(t)) throw model::Error(model::kQueryKeyConditionNotSupported);
  }
}

void check_multi_key_terms(const engine::IndexKeySchema& key, const std::vector<KeyTerm>& terms) {
  for (const KeyTerm& t : terms) {
    bool is_key = false;
    for (const auto* attrs : {&key.hash, &key.range}) {
      for (const auto& a : *attrs) {
        if (a.name != t.attribute) continue;
        is_key = true;
        check_term(t, a);
      }
    }
    if (!is_key) throw model::query_missed_key_element(t.attribute);
  }
  for (const auto& a : key.hash)
    if (!equality(term_for(terms, a.name))) throw model::hash_attributes_need_equality(a.name);
  std::size_t last = 0;  // one past the last RANGE attribute with a condition
  for (std::size_t i = 0; i < key.range.size(); ++i)
    if (term_for(terms, key.range[i].name)) last = i + 1;
  for (std::size_t i = 0; i + 1 < last; ++i)
    if (!equality(term_for(terms, key.range[i].name)))
      throw model::range_attributes_need_equality(key.range[i].name, key.range[last - 1].name);
}

engine::IndexQuerySpec plan_key_terms(const engine::IndexKeySchema& key, const std::vector<KeyTerm>& terms) {
  engine::IndexQuerySpec spec;
  for (const auto& a : key.hash) spec.hash_values.push_back(term_for(terms, a.name)->values[0]);
  std::size_t last = 0;
  for (std::size_t i = 0; i < key.range.size(); ++i)
    if (term_for(terms, key.range[i].name)) last = i + 1;
  for (std::size_t i = 0; i < last; ++i) {
    const KeyTerm& t = *term_for(terms, key.range[i].name);
    if (i + 1 == last)
      spec.sort = sort_condition(t);
    else
      spec.range_equal.push_back(t.values[0]);
  }
  return spec;
}

engine::IndexKeySchema key_of_table(const model::KeySchema& schema) {
  engine::IndexKeySchema key;
  key.hash.push_back(schema.hash);
  if (schema.range) key.range.push_back(*schema.range);
  return key;
}

engine::QuerySpec table_query_spec(const engine::IndexQuerySpec& plan) {
  engine::QuerySpec spec;
  spec.hash_value = plan.hash_values.at(0);
  spec.sort = plan.sort;
  spec.forward = plan.forward;
  spec.exclusive_start_key = plan.exclusive_start_key;
  return spec;
}

}  // namespace minnow::requests
