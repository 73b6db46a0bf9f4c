#include "api/reads/query_scan.h"

#include "api/capacity.h"
#include "api/codec.h"
#include "api/legacy_params.h"
#include "api/members.h"
#include "api/shape.h"
#include "api/table_lookup.h"
#include "expressions/evaluate.h"
#include "expressions/legacy.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/limits.h"
#include "model/item_codec.h"
#include "requests/key_checks.h"

namespace minnow::api {

namespace {

std::size_t as_count(const JsonValue& v) {
  if (v.IsUint64()) return static_cast<std::size_t>(v.GetUint64());
  if (v.IsInt64()) return v.GetInt64() < 0 ? 0 : static_cast<std::size_t>(v.GetInt64());
  double d = v.GetDouble();
  return d < 1 ? 0 : d > 1e18 ? static_cast<std::size_t>(1e18) : static_cast<std::size_t>(d);
}

constexpr MemberField<QueryScanMembers> kQueryScanMembers[] = {
    {"TableName", &QueryScanMembers::table_name},
    {"IndexName", &QueryScanMembers::index_name},
    {"Select", &QueryScanMembers::select},
    {"AttributesToGet", &QueryScanMembers::attributes_to_get},
    {"Limit", &QueryScanMembers::limit},
    {"ConsistentRead", &QueryScanMembers::consistent_read},
    {"KeyConditions", &QueryScanMembers::key_conditions},
    {"QueryFilter", &QueryScanMembers::query_filter},
    {"ScanFilter", &QueryScanMembers::scan_filter},
    {"ConditionalOperator", &QueryScanMembers::conditional_operator},
    {"ScanIndexForward", &QueryScanMembers::scan_index_forward},
    {"ExclusiveStartKey", &QueryScanMembers::exclusive_start_key},
    {"ReturnConsumedCapacity", &QueryScanMembers::return_consumed_capacity},
    {"Segment", &QueryScanMembers::segment},
    {"TotalSegments", &QueryScanMembers::total_segments},
    {"ProjectionExpression", &QueryScanMembers::projection_expression},
    {"FilterExpression", &QueryScanMembers::filter_expression},
    {"KeyConditionExpression", &QueryScanMembers::key_condition_expression},
    {"ExpressionAttributeNames", &QueryScanMembers::names},
    {"ExpressionAttributeValues", &QueryScanMembers::values},
};

std::optional<model::AttributeMap> decode_start_key(const JsonValue* key) {
  if (!key) return std::nullopt;
  model::AttributeMap out;
  for (auto it = key->MemberBegin(); it != key->MemberEnd(); ++it) {
    try {
      out.insert_or_assign(std::string(it->name.GetString(), it->name.GetStringLength()), decode_value(it->value));
    } catch (const model::Error& e) {
      // DynamoDB prefixes most value errors, not those about numbers and set members.
      if (e.value_fault == model::ValueFault::NumberOrSetMembers) throw;
      if (e.code() != model::ErrorCode::ValidationException) throw;
      throw model::start_key_invalid(e.message());
    }
  }
  return out;
}

requests::Select decode_select(const JsonValue* select) {
  using requests::Select;
  if (!select) return Select::Default;
  std::string_view s = view(*select);
  return s == "ALL_ATTRIBUTES"             ? Select::AllAttributes
         : s == "ALL_PROJECTED_ATTRIBUTES" ? Select::AllProjectedAttributes
         : s == "SPECIFIC_ATTRIBUTES"      ? Select::SpecificAttributes
         : s == "COUNT"                    ? Select::Count
                                           : Select::Default;
}

std::optional<expressions::Condition> read_filter(std::optional<expressions::Condition> compiled,
                                                  const std::vector<expressions::ExpectedCondition>& legacy,
                                                  const JsonValue* conditional_operator) {
  if (compiled) return compiled;
  if (legacy.empty()) return std::nullopt;
  return expressions::condition_from_expected(legacy, conditional_operator_is_or(conditional_operator));
}


void check_select(requests::Select select, const JsonValue* conditional_operator, bool has_legacy_filter,
                  const JsonValue* projection_expression, const JsonValue* attributes_to_get,
                  const JsonValue* index_name) {
  using requests::Select;
  if (conditional_operator && !has_legacy_filter) throw model::Error(model::kConditionalOperatorWithoutFilter);
  const char* parameter = projection_expression ? "ProjectionExpression"
                          : attributes_to_get   ? "AttributesToGet"
                                                : nullptr;
  switch (select) {
    case Select::SpecificAttributes:
      if (!parameter) throw model::Error(model::kSelectSpecificWithoutProjection);
      break;
    case Select::AllAttributes:
      if (parameter) throw model::select_with_projection(parameter, "ALL_ATTRIBUTES");
      break;
    case Select::Count:
      if (parameter) throw model::select_with_projection(parameter, "only the Count");
      break;
    case Select::AllProjectedAttributes:
      if (parameter) throw model::select_with_projection(parameter, "ALL_PROJECTED_ATTRIBUTES");
      if (!index_name) throw model::Error(model::kSelectAllProjectedWithoutIndex);
      break;
    case Select::Default:
      break;
  }
}

}  // namespace

ReadParameters decode_read_parameters(const JsonValue& request, ReadKind kind) {
  ReadParameters p;
  p.members = read_members(request, kQueryScanMembers);
  const QueryScanMembers& m = p.members;
  const bool query = kind == ReadKind::Query;
  p.expression = ExpressionMembers{.names = m.names,
                                   .values = m.values,
                                   .key_condition = query ? m.key_condition_expression : nullptr,
                                   .filter = m.filter_expression,
                                   .projection = m.projection_expression};
  if (query) {
    validate_expression_params({{"ProjectionExpression", m.projection_expression},
                                {"FilterExpression", m.filter_expression},
                                {"KeyConditionExpression", m.key_condition_expression}},
                               {{"AttributesToGet", m.attributes_to_get},
                                {"QueryFilter", m.query_filter},
                                {"ConditionalOperator", m.conditional_operator},
                                {"KeyConditions", m.key_conditions}},
                               p.expression);
    p.legacy_filter = decode_condition_map(m.query_filter);  // Query: the filter's entries first
    check_attributes_to_get(m.attributes_to_get);
  } else {
    validate_expression_params(
        {{"ProjectionExpression", m.projection_expression}, {"FilterExpression", m.filter_expression}},
        {{"AttributesToGet", m.attributes_to_get},
         {"ScanFilter", m.scan_filter},
         {"ConditionalOperator", m.conditional_operator}},
        p.expression);
    check_attributes_to_get(m.attributes_to_get);  // Scan: AttributesToGet first
    p.legacy_filter = decode_condition_map(m.scan_filter);
  }
  p.start_key = decode_start_key(m.exclusive_start_key);
  p.select = decode_select(m.select);
  return p;
}

ReadTarget find_read_target(const ActionContext& context, const QueryScanMembers& m) {
  ReadTarget t;
  t.table = find_table_named(context, *m.table_name, /*table_operation=*/false);
  t.consistent_read = m.consistent_read && coral_bool(*m.consistent_read);
  if (m.index_name) {
    t.index = requests::index_target(*t.table, view(*m.index_name), context.now_ms);
    if (t.index->global && t.consistent_read) throw model::Error(model::kConsistentReadOnGlobalIndex);
  }
  return t;
}

requests::ReadPlan finish_read(const ReadParameters& p, expressions::Compiled& compiled, ReadTarget target) {
  const QueryScanMembers& m = p.members;
  if (compiled.filter)
    requests::check_key_and_index_key_paths(requests::read_paths(&*compiled.filter, nullptr, nullptr), *target.table);
  check_select(p.select, m.conditional_operator, !p.legacy_filter.empty(), m.projection_expression,
               m.attributes_to_get, m.index_name);
  requests::ReadPlan plan;
  plan.filter = read_filter(std::move(compiled.filter), p.legacy_filter, m.conditional_operator);
  plan.projection = read_projection(std::move(compiled.projection), m.attributes_to_get);
  plan.select = p.select;
  plan.consistent_read = target.consistent_read;
  plan.limits.max_items = m.limit ? as_count(*m.limit) : 0;
  plan.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  if (target.index) {
    plan.fetch_from_table = requests::apply_index_projection(p.select, *target.index, plan.projection);
    plan.index = std::move(target.index);
  }
  return plan;
}

void write_page(JsonWriter& out, const requests::ReadPlan& plan, const std::string& table_name,
                engine::FunctionRef<requests::Page(const requests::PageSink&)> read) {
  const bool count_only = plan.select == requests::Select::Count;
  out.StartObject();
  if (!count_only) {
    out.Key("Items");
    out.StartArray();
  }
  auto encoded = [&](std::string_view e) { write_encoded_item(out, e); };
  auto item = [&](const model::Item& i) { write_attribute_map(out, i); };
  requests::Page page = read(requests::PageSink{encoded, item});
  if (!count_only) out.EndArray();
  out.Key("Count");
  out.Uint64(page.count);
  out.Key("ScannedCount");
  out.Uint64(page.scanned_count);
  if (page.last_evaluated_key) {
    out.Key("LastEvaluatedKey");
    write_attribute_map(out, *page.last_evaluated_key);
  }
  write_consumed_capacity(out, plan.return_consumed_capacity, table_name, page.consumed);
  out.EndObject();
}

}  // namespace minnow::api
