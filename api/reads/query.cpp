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
// (requests/key_conditions.h, which also plans the read).
// The decoder runs the stages Query shares with Scan (api/reads/query_scan.h) once each, in order,
// with Query's own checks between them (the key conditions, the key read, the filter on keys).
// Then the read: one partition of the table or index, from a logarithmic seek (engine/query.h).
#include <algorithm>
#include <string>
#include <vector>

#include "api/capacity.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/legacy_params.h"
#include "api/operations.h"
#include "api/reads/query_scan.h"
#include "expressions/key_condition.h"
#include "expressions/legacy.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/index_target.h"
#include "requests/key_checks.h"
#include "requests/key_conditions.h"

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

// The terms of KeyConditionExpression or of legacy KeyConditions (requests/key_conditions.h).
// on_index: the query names an index, whose key may have more than two attributes.
std::vector<requests::KeyTerm> key_terms(const JsonValue* key_conditions, const expressions::Compiled& compiled,
                                         bool on_index) {
  std::vector<requests::KeyTerm> terms;
  if (compiled.key_condition) {
    for (auto& t : expressions::key_condition_terms(*compiled.key_condition)) {
      expressions::check_comparison(model::key_operator_name(t.op), t.values);
      terms.push_back({t.attribute, t.op, std::move(t.values)});
    }
  } else {
    for (auto& c : decode_condition_map(key_conditions))
      terms.push_back({c.attribute, model::key_operator_named(*c.comparison_operator), *c.attribute_value_list});
  }
  // More than two conditions can only be for a multi-attribute index key, in an expression or in
  // legacy KeyConditions alike: on an index they are checked once its key is known; on the table,
  // legacy KeyConditions keep DynamoDB's early check.
  bool expression = compiled.key_condition.has_value();
  if (terms.empty() || (terms.size() > 2 && !expression && !on_index)) throw model::Error(model::kKeyConditionsLength);
  return terms;
}

// The key read, in DynamoDB's order: the conditions against the key's size; on an index with a
// start key, Select ALL_ATTRIBUTES on a GSI that cannot answer it, then the start key against the
// index's key and then the table's (requests/index_target.h); per key attribute the start key's
// piece, then its condition; a start key on a table without a sort key; the start key against the
// conditions. A multi-attribute index key has its own rules (requests/key_conditions.h). Plans
// r.spec or r.index_spec.
void plan_key(requests::QueryRequest& r, const std::optional<requests::IndexTarget>& index,
              const std::vector<requests::KeyTerm>& terms, std::optional<model::AttributeMap> start_key,
              requests::Select select) {
  const model::KeySchema& table_schema = r.table->key_schema();
  // The key the conditions are on: the table's, or the index's (as a KeySchema when it has one
  // or two attributes).
  std::optional<model::KeySchema> key_schema = index ? index->simple_key() : table_schema;
  const std::size_t key_attributes =
      key_schema ? (key_schema->range ? 2 : 1) : index->key.hash.size() + index->key.range.size();
  if (terms.size() > (key_schema ? 2 : key_attributes))
    throw model::query_conditions_exceed_key(terms.size(), key_attributes);
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
    requests::check_key_terms(schema, terms, start_key);
    // A table without a sort key holds one item per partition: no page follows it.
    if (start_key && !index && !schema.range) throw model::exclusive_start_key_invalid(*start_key);
    const engine::IndexQuerySpec plan = requests::plan_key_terms(requests::key_of_table(schema), terms);
    spec.hash_value = plan.hash_values[0];
    spec.sort = plan.sort;
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
    if (index) index_spec = plan;
  } else {
    requests::check_multi_key_terms(index->key, terms);
    index_spec = requests::plan_key_terms(index->key, terms);
  }
  if (index)
    index_spec.exclusive_start_key = std::move(start_key);
  else
    spec.exclusive_start_key = std::move(start_key);
}

// No filter on an attribute of the key read (the index's key on an index, else the table's).
void check_filter_keys(const std::vector<expressions::ExpectedCondition>& query_filter,
                       const expressions::Compiled& compiled, const model::KeySchema& schema,
                       const std::optional<requests::IndexTarget>& index) {
  if (query_filter.empty() && !compiled.filter) return;
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
  for (const model::KeyAttribute* attr : key_attributes)
    if (std::find(heads.begin(), heads.end(), attr->name) != heads.end())
      throw model::filter_on_key_attribute(parameter, attr->name);
}

requests::QueryRequest decode(const ActionContext& context, const JsonValue& json) {
  ReadParameters p = decode_read_parameters(json, ReadKind::Query);  // api/reads/query_scan.h, stage A
  const QueryScanMembers& m = p.members;
  if (!m.key_conditions && !m.key_condition_expression) throw model::Error(model::kKeyConditionsRequired);
  expressions::Compiled compiled = compile_expressions(p.expression);
  const std::vector<requests::KeyTerm> terms = key_terms(m.key_conditions, compiled, m.index_name != nullptr);

  ReadTarget target = find_read_target(context, m);  // stage B
  requests::QueryRequest r;
  r.table = target.table;
  plan_key(r, target.index, terms, std::move(p.start_key), p.select);
  if (compiled.projection) requests::check_key_and_index_key_paths(compiled.projection->paths, *r.table);
  check_filter_keys(p.legacy_filter, compiled, r.table->key_schema(), target.index);
  if (target.index) requests::check_index_select(p.select, *target.index);
  r.plan = finish_read(p, compiled, std::move(target));  // stage C
  r.spec.forward = r.index_spec.forward = !m.scan_index_forward || coral_bool(*m.scan_index_forward);
  return r;
}

void query(const ActionContext& context, requests::QueryRequest request, JsonWriter& out) {
  write_page(out, request.plan, request.table->name(),
             [&](const requests::PageSink& sink) { return requests::execute(context.requests(), request, sink); });
}

}  // namespace query

const Action kQuery{"Query", &query::kShape, query::decode, query::query};

}  // namespace minnow::api::reads
