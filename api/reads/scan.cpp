// Scan. Checks, in DynamoDB's order (dynalite's validations/scan.js and actions/scan.js,
// captured from DynamoDB; the Select and ConditionalOperator rules, which only DynamoDB Local
// has, come last, where DynamoDB Local makes them):
//   shape (TotalSegments up to 1,000,000, as DynamoDB Local states it); expression parameters;
//   duplicate AttributesToGet; ScanFilter entries; ExclusiveStartKey values; Segment and
//   TotalSegments together, Segment < TotalSegments; expressions compiled;
//   -- table; IndexName (exists; no ConsistentRead on a GSI); ExclusiveStartKey against the key
//   schema (index: the index and table keys); the start key inside the segment (table scans);
//   Select ALL_ATTRIBUTES on a GSI not projecting everything; ProjectionExpression and
//   FilterExpression paths into keys; ConditionalOperator without a filter; Select; a GSI's
//   projection (requests/index_target.h). The stages shared with Query (api/reads/query_scan.h)
//   run once each, in order, with Scan's own checks between them.
// Then the read: the segment's range of the hash space, after the start key (engine/query.h).
#include "api/capacity.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/legacy_params.h"
#include "api/operations.h"
#include "api/reads/query_scan.h"
#include "model/errors.h"
#include "model/key.h"
#include "requests/index_target.h"
#include "requests/key_checks.h"

namespace minnow::api::reads {

namespace scan {

// dynalite's validations/scan.js, member for member, in its order, and ConsistentRead, which dynalite
// does not check (DynamoDB type-checks it as in Query).
const Shape kShape(R"({
  "Select": {"type": "String", "enum": ["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"]},
  "IndexName": {"type": "String", "regex": "[a-zA-Z0-9_.-]+", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  "TotalSegments": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 1000000},
  )" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY ", " MINNOW_SHAPE_TABLE_NAME R"(,
  "ConditionalOperator": {"type": "String", "enum": ["OR", "AND"]},
  "ScanFilter": {"type": "Map<Condition>", "children": {"type": "ValueStruct<Condition>", "children": {
    "AttributeValueList": {"type": "List", "children": "AttrStruct<ValueStruct>"},
    "ComparisonOperator": {"type": "String", "notNull": true, "enum": ["IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"]}}}},
  "Segment": {"type": "Integer", "greaterThanOrEqual": 0},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1},
  "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},
  "ExclusiveStartKey": {"type": "Map<AttributeValue>", "children": "AttrStruct<ValueStruct>"},
  "FilterExpression": {"type": "String"},
  "ProjectionExpression": {"type": "String"},
  )" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES R"(,
  "ConsistentRead": "Boolean"})");

requests::ScanRequest decode(const ActionContext& context, const JsonValue& json) {
  ReadParameters p = decode_read_parameters(json, ReadKind::Scan);  // api/reads/query_scan.h, stage A
  const QueryScanMembers& m = p.members;
  int64_t segment = m.segment ? coral_long(*m.segment) : 0;
  int64_t total = m.total_segments ? coral_long(*m.total_segments) : 1;
  // Any Segment, 0 included, needs TotalSegments (DynamoDB and DynamoDB Local; dynalite lets 0 by).
  if (m.segment && !m.total_segments) throw model::Error(model::kTotalSegmentsRequired);
  if (m.total_segments) {
    if (!m.segment) throw model::Error(model::kSegmentRequired);
    if (segment >= total) throw model::segment_not_less_than_total(segment, total);
  }
  expressions::Compiled compiled = compile_expressions(p.expression);

  ReadTarget target = find_read_target(context, m);  // stage B
  requests::ScanRequest r;
  r.table = target.table;
  const model::KeySchema& schema = r.table->key_schema();
  engine::ScanSpec& spec = r.spec;
  spec.segment = static_cast<uint32_t>(segment);
  spec.total_segments = static_cast<uint32_t>(total);
  if (p.start_key && target.index) {
    requests::check_index_start_key(*p.start_key, *target.index, schema);
  } else if (p.start_key) {
    try {
      model::validate_start_key(*p.start_key, schema);
    } catch (const model::Error& e) {
      throw model::start_key_invalid(e.message());
    }
    if (total > 1 && !engine::in_segment(p.start_key->at(schema.hash.name), spec.segment, spec.total_segments))
      throw model::start_key_wrong_segment(total, segment);
  }
  spec.exclusive_start_key = std::move(p.start_key);
  if (target.index) requests::check_index_select(p.select, *target.index);
  if (compiled.projection) requests::check_key_and_index_key_paths(compiled.projection->paths, *r.table);
  r.plan = finish_read(p, compiled, std::move(target));  // stage C
  return r;
}

void scan(const ActionContext& context, requests::ScanRequest request, JsonWriter& out) {
  write_page(out, request.plan, request.table->name(),
             [&](const requests::PageSink& sink) { return requests::execute(context.requests(), request, sink); });
}

}  // namespace scan

const Action kScan{"Scan", &scan::kShape, scan::decode, scan::scan};

}  // namespace minnow::api::reads
