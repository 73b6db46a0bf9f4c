// Query. Checks, in DynamoDB's order (dynalite's validations/query.js and actions/query.js,
// captured from DynamoDB; the Select and ConditionalOperator rules, which only DynamoDB Local
// has, come last, where DynamoDB Local makes them):
//   shape; expression parameters; QueryFilter entries; duplicate AttributesToGet;
//   ExclusiveStartKey values; KeyConditions or KeyConditionExpression present; expressions
//   compiled; the key condition's terms; KeyConditions entries; one or two conditions;
//   -- table; IndexName (exists; no ConsistentRead on a GSI); with an index and a start key: Select ALL_ATTRIBUTES on a
//   GSI not projecting everything, the start key against the index's key, then the table's; ExclusiveStartKey's size;
//   per key attribute (hash, then range): the start key's piece, then the condition on it; a start key on a table
//   without a sort key; the start key against the conditions; ProjectionExpression paths into keys; the filter on key
//   attributes; Select ALL_ATTRIBUTES on a GSI not projecting everything; ConditionalOperator without a filter; Select;
//   a GSI's projection.
// A multi-attribute index key has its own rules instead of the per-attribute ones
// (multi_key_spec).
// Then the read: one partition of the table or index, from a logarithmic seek (engine/query.h).
#include <algorithm>

#include "api/capacity.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/legacy_params.h"
#include "api/operations.h"
#include "api/reads/query_scan.h"
#include "api/table_lookup.h"
#include "expressions/key_condition.h"
#include "expressions/legacy.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/index_target.h"
#include "requests/key_checks.h"

namespace minnow::api::reads {

namespace query {

#define MINNOW_SHAPE_CONDITION_MAP(name)                                                                         \
  "\"" name                                                                                                      \
  "\": {\"type\": \"Map<Condition>\", \"children\": {\"type\": \"ValueStruct<Condition>\", "                     \
  "\"children\": {\"AttributeValueList\": {\"type\": \"List\", \"children\": \"AttrStruct<ValueStruct>\"}, "     \
  "\"ComparisonOperator\": {\"type\": \"String\", \"notNull\": true, \"enum\": [\"IN\", \"NULL\", \"BETWEEN\", " \
  "\"LT\", \"NOT_CONTAINS\", \"EQ\", \"GT\", \"NOT_NULL\", \"NE\", \"LE\", \"BEGINS_WITH\", \"GE\", \"CONTAINS\"]}}}}"

// dynalite's validations/query.js, member for member, in its order (KeyConditions lists
// ComparisonOperator first).
const Shape kShape(R"({
  "Select": {"type": "String", "enum": ["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"]},
  "IndexName": {"type": "String", "regex": "[a-zA-Z0-9_.-]+", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  )" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY ", " MINNOW_SHAPE_CONDITION_MAP("QueryFilter") ", " MINNOW_SHAPE_TABLE_NAME
                                                                                          R"(,
  "ConditionalOperator": {"type": "String", "enum": ["OR", "AND"]},
  "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1, "form": {"greaterThanOrEqual": "path"}},
  "KeyConditions": {"type": "Map<Condition>", "children": {"type": "ValueStruct<Condition>", "children": {
    "ComparisonOperator": {"type": "String", "notNull": true, "enum": ["IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"]},
    "AttributeValueList": {"type": "List", "children": "AttrStruct<ValueStruct>"}}}},
  "ExclusiveStartKey": {"type": "Map<AttributeValue>", "children": "AttrStruct<ValueStruct>"},
  "ConsistentRead": "Boolean",
  "ScanIndexForward": "Boolean",
  "KeyConditionExpression": {"type": "String"},
  "FilterExpression": {"type": "String"},
  "ProjectionExpression": {"type": "String"},
  )" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES "}");

// One condition on a key attribute, from KeyConditions or from KeyConditionExpression.
struct KeyTerm {
  std::string attribute;
  std::string op;  // EQ, LT, ..., as in KeyConditions
  std::vector<model::AttributeValue> values;
};

// on_index: the query names an index, whose key may have more than two attributes.
std::vector<KeyTerm> key_terms(const JsonValue* key_conditions, const expressions::Compiled& compiled, bool on_index) {
  std::vector<KeyTerm> terms;
  if (compiled.key_condition) {
    for (auto& t : expressions::key_condition_terms(*compiled.key_condition))
      terms.push_back({t.attribute, model::key_operator_name(t.op), t.values});
    for (const KeyTerm& t : terms) expressions::check_comparison(t.op, t.values);
  } else {
    for (auto& c : decode_condition_map(key_conditions))
      terms.push_back({c.attribute, *c.comparison_operator, *c.attribute_value_list});
  }
  // More than two conditions can only be for a multi-attribute index key, in an expression or in
  // legacy KeyConditions alike: on an index they are checked once its key is known; on the table,
  // legacy KeyConditions keep DynamoDB's early check.
  bool expression = compiled.key_condition.has_value();
  if (terms.empty() || (terms.size() > 2 && !expression && !on_index)) throw model::Error(model::kKeyConditionsLength);
  return terms;
}

const KeyTerm* term_for(const std::vector<KeyTerm>& terms, const std::string& attribute) {
  for (const KeyTerm& t : terms)
    if (t.attribute == attribute) return &t;
  return nullptr;
}

engine::SortKeyCondition sort_condition(const KeyTerm& t) {
  engine::SortKeyCondition c;
  c.op = *model::key_operator_named(t.op);  // check_keys refused the others
  c.value = t.values[0];
  if (c.op == model::KeyOperator::BETWEEN) c.high = t.values[1];
  return c;
}

// dynalite's validateKeyPiece: one attribute of a key.
void check_key_piece(const model::KeyAttribute& attr, const model::AttributeValue& v, bool is_hash) {
  if (v.type() != attr.type) throw model::Error(model::kKeyDoesNotMatchSchema);
  if (v.type() == model::ValueType::N) return;
  std::size_t bytes = v.type() == model::ValueType::S ? v.as<std::string>().size() : v.as<model::Binary>().bytes.size();
  if (bytes == 0) throw model::query_key_empty_value(attr.name, attr.type);
  if (is_hash && bytes > model::kMaxPartitionKeyBytes) throw model::Error(model::kPartitionKeyTooLarge);
  if (!is_hash && bytes > model::kMaxSortKeyBytes) throw model::Error(model::kSortKeyTooLarge);
}

// dynalite's traverseKey in actions/query.js: for the hash key, then the range key, the start
// key's piece and then the condition on that key.
void check_keys(const model::KeySchema& schema, const std::vector<KeyTerm>& terms,
                const std::optional<model::AttributeMap>& start_key) {
  for (const model::KeyAttribute* attr : {&schema.hash, schema.range ? &*schema.range : nullptr}) {
    if (!attr) continue;
    bool is_hash = attr == &schema.hash;
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
    for (const char* op : {"NULL", "NOT_NULL", "NE", "CONTAINS", "NOT_CONTAINS", "IN"})
      if (t->op == op) throw model::Error(model::kKeyConditionNotIndexable);
    for (const auto& v : t->values)
      if (v.type() != attr->type) throw model::Error(model::kKeyConditionTypeMismatch);
    if (is_hash && t->op != "EQ") throw model::Error(model::kQueryKeyConditionNotSupported);
  }
}

// The rules of a multi-attribute index key (DynamoDB Local's order and wording): per attribute,
// an indexable operator of the key's type; every HASH attribute with equality; RANGE attributes
// from the left, equality on all but the last one with a condition.
engine::IndexQuerySpec multi_key_spec(const engine::IndexKeySchema& key, const std::vector<KeyTerm>& terms) {
  for (const KeyTerm& t : terms) {
    bool is_key = false;
    for (const auto* attrs : {&key.hash, &key.range}) {
      for (const auto& a : *attrs) {
        if (a.name != t.attribute) continue;
        is_key = true;
        for (const char* op : {"NULL", "NOT_NULL", "NE", "CONTAINS", "NOT_CONTAINS", "IN"})
          if (t.op == op) throw model::Error(model::kKeyConditionNotIndexable);
        for (const auto& v : t.values)
          if (v.type() != a.type) throw model::Error(model::kKeyConditionTypeMismatch);
      }
    }
    if (!is_key) throw model::query_missed_key_element(t.attribute);
  }
  engine::IndexQuerySpec spec;
  for (const auto& a : key.hash) {
    const KeyTerm* t = term_for(terms, a.name);
    if (!t || t->op != "EQ") throw model::hash_attributes_need_equality(a.name);
    spec.hash_values.push_back(t->values[0]);
  }
  std::size_t last = 0;  // one past the last RANGE attribute with a condition
  for (std::size_t i = 0; i < key.range.size(); ++i)
    if (term_for(terms, key.range[i].name)) last = i + 1;
  for (std::size_t i = 0; i < last; ++i) {
    const KeyTerm* t = term_for(terms, key.range[i].name);
    if (i + 1 == last) {
      spec.sort = sort_condition(*t);
    } else {
      if (!t || t->op != "EQ") throw model::range_attributes_need_equality(key.range[i].name, key.range[last - 1].name);
      spec.range_equal.push_back(t->values[0]);
    }
  }
  return spec;
}

requests::QueryRequest decode(const ActionContext& context, const JsonValue& json) {
  const QueryScanMembers m = read_query_scan_members(json);
  ExpressionMembers expression{.names = m.names,
                               .values = m.values,
                               .key_condition = m.key_condition_expression,
                               .filter = m.filter_expression,
                               .projection = m.projection_expression};
  validate_expression_params({{"ProjectionExpression", m.projection_expression},
                              {"FilterExpression", m.filter_expression},
                              {"KeyConditionExpression", m.key_condition_expression}},
                             {{"AttributesToGet", m.attributes_to_get},
                              {"QueryFilter", m.query_filter},
                              {"ConditionalOperator", m.conditional_operator},
                              {"KeyConditions", m.key_conditions}},
                             expression);
  std::vector<expressions::ExpectedCondition> query_filter = decode_condition_map(m.query_filter);
  check_attributes_to_get(m.attributes_to_get);
  std::optional<model::AttributeMap> start_key = decode_start_key(m.exclusive_start_key);
  if (!m.key_conditions && !m.key_condition_expression) throw model::Error(model::kKeyConditionsRequired);
  expressions::Compiled compiled = compile_expressions(expression);
  std::vector<KeyTerm> terms = key_terms(m.key_conditions, compiled, m.index_name != nullptr);

  requests::QueryRequest r;
  r.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  const model::KeySchema& table_schema = r.table->key_schema();
  const bool consistent = m.consistent_read && coral_bool(*m.consistent_read);
  std::optional<requests::IndexTarget> index;
  if (m.index_name) {
    index = requests::index_target(*r.table, view(*m.index_name));
    if (index->global && consistent) throw model::Error(model::kConsistentReadOnGlobalIndex);
  }
  // The key the conditions are on: the table's, or the index's (as a KeySchema when it has one
  // or two attributes; a multi-attribute key has rules of its own).
  std::optional<model::KeySchema> key_schema = index ? index->simple_key() : table_schema;
  const std::size_t key_attributes =
      key_schema ? (key_schema->range ? 2 : 1) : index->key.hash.size() + index->key.range.size();
  if (terms.size() > (key_schema ? 2 : key_attributes))
    throw model::query_conditions_exceed_key(terms.size(), key_attributes);
  const requests::Select select = decode_select(m.select);
  // A start key on an index: Select ALL_ATTRIBUTES on a GSI that cannot answer it, then the
  // index's key, then the table's (requests/index_target.h), before anything else of it.
  if (index && start_key) {
    requests::check_index_select(select, *index);
    requests::check_index_start_key(*start_key, *index, table_schema);
  }
  engine::QuerySpec& spec = r.spec;
  engine::IndexQuerySpec& index_spec = r.index_spec;
  if (key_schema) {
    const model::KeySchema& schema = *key_schema;
    std::size_t key_size = index ? index->page_key.size() : schema.range ? 2 : 1;
    if (start_key && start_key->size() != key_size) throw model::Error(model::kStartKeyInvalid);
    check_keys(schema, terms, start_key);
    // A table without a sort key holds one item per partition: no page follows it.
    if (start_key && !index && !schema.range) throw model::exclusive_start_key_invalid(*start_key);
    spec.hash_value = term_for(terms, schema.hash.name)->values[0];
    const KeyTerm* range_term = schema.range ? term_for(terms, schema.range->name) : nullptr;
    if (range_term) spec.sort = sort_condition(*range_term);
    if (start_key) {
      const model::AttributeValue& start_hash = start_key->at(schema.hash.name);
      if (!spec.sort) {
        if (!(start_hash == spec.hash_value)) throw model::Error(model::kStartKeyOutsideQuery);
      } else {
        if (!engine::sort_key_matches(*spec.sort, start_key->at(schema.range->name)))
          throw model::Error(model::kStartKeyRangeMismatch);
        if (!(start_hash == spec.hash_value)) throw model::Error(model::kStartKeySingleRow);
      }
    }
    if (index) {
      index_spec.hash_values.push_back(spec.hash_value);
      index_spec.sort = spec.sort;
    }
  } else {
    index_spec = multi_key_spec(index->key, terms);
  }
  if (index)
    index_spec.exclusive_start_key = start_key;
  else
    spec.exclusive_start_key = start_key;
  const model::KeySchema& schema = table_schema;
  if (compiled.projection) requests::check_key_and_index_key_paths(compiled.projection->paths, *r.table);
  if (!query_filter.empty() || compiled.filter) {
    std::vector<std::string> heads;
    if (compiled.filter) {
      std::vector<const expressions::Path*> paths;
      requests::collect_paths(compiled.filter->root, paths);
      for (const auto* p : paths) heads.push_back(p->elements[0].name);
    } else {
      for (const auto& c : query_filter) heads.push_back(c.attribute);
    }
    const char* parameter = compiled.filter ? "Filter Expression" : "QueryFilter";
    std::vector<const model::KeyAttribute*> key_attributes;
    if (index) {
      for (const auto* attrs : {&index->key.hash, &index->key.range})
        for (const auto& a : *attrs) key_attributes.push_back(&a);
    } else {
      key_attributes.push_back(&schema.hash);
      if (schema.range) key_attributes.push_back(&*schema.range);
    }
    for (const model::KeyAttribute* attr : key_attributes) {
      if (std::find(heads.begin(), heads.end(), attr->name) != heads.end())
        throw model::filter_on_key_attribute(parameter, attr->name);
    }
  }
  if (index) requests::check_index_select(select, *index);
  if (compiled.filter)
    requests::check_key_and_index_key_paths(requests::read_paths(&*compiled.filter, nullptr, nullptr), *r.table);
  check_select(select, m.conditional_operator, !query_filter.empty(), m.projection_expression, m.attributes_to_get,
               m.index_name);

  r.plan = read_plan(m, compiled, query_filter, select, consistent, std::move(index));
  spec.forward = index_spec.forward = !m.scan_index_forward || coral_bool(*m.scan_index_forward);
  return r;
}

void query(const ActionContext& context, requests::QueryRequest request, JsonWriter& out) {
  write_page(out, request.plan, request.table->name(),
             [&](const requests::PageSink& sink) { return requests::execute(context.requests(), request, sink); });
}

}  // namespace query

const Action kQuery{"Query", &query::kShape, query::decode, query::query};

}  // namespace minnow::api::reads
