#include "api/reads/query_scan.h"

#include <unordered_set>

#include "api/codec.h"
#include "api/legacy_params.h"
#include "api/shape.h"
#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "model/errors.h"
#include "model/expression_errors.h"
#include "model/item_codec.h"

namespace minnow::api {

namespace {

using model::ValueType;

constexpr uint32_t bit(ValueType t) { return 1u << static_cast<unsigned>(t); }
constexpr uint32_t kScalars = bit(ValueType::S) | bit(ValueType::N) | bit(ValueType::B);
constexpr uint32_t kSets = bit(ValueType::SS) | bit(ValueType::NS) | bit(ValueType::BS);

struct OperatorRule {
  const char* name;
  std::size_t min_args, max_args;
  uint32_t types;  // the value types the operator accepts; 0: any
};

// dynalite's validateConditions table (captured from DynamoDB).
const OperatorRule kOperators[] = {
    {"EQ", 1, 1, kScalars | kSets},
    {"NE", 1, 1, kScalars | kSets},
    {"LE", 1, 1, kScalars},
    {"LT", 1, 1, kScalars},
    {"GE", 1, 1, kScalars},
    {"GT", 1, 1, kScalars},
    {"CONTAINS", 1, 1, kScalars},
    {"NOT_CONTAINS", 1, 1, kScalars},
    {"BEGINS_WITH", 1, 1, bit(ValueType::S) | bit(ValueType::B)},
    {"IN", 1, SIZE_MAX, kScalars},
    {"BETWEEN", 2, 2, kScalars},
    {"NULL", 0, 0, 0},
    {"NOT_NULL", 0, 0, 0},
};

int compare_scalars(const model::AttributeValue& a, const model::AttributeValue& b) {
  if (a.type() == ValueType::N) return a.as<model::Number>().compare(b.as<model::Number>());
  const std::string& x = a.type() == ValueType::S ? a.as<std::string>() : a.as<model::Binary>().bytes;
  const std::string& y = b.type() == ValueType::S ? b.as<std::string>() : b.as<model::Binary>().bytes;
  return x.compare(y);
}

std::size_t as_count(const JsonValue& v) {
  if (v.IsUint64()) return static_cast<std::size_t>(v.GetUint64());
  if (v.IsInt64()) return v.GetInt64() < 0 ? 0 : static_cast<std::size_t>(v.GetInt64());
  double d = v.GetDouble();
  return d < 1 ? 0 : d > 1e18 ? static_cast<std::size_t>(1e18) : static_cast<std::size_t>(d);
}

}  // namespace

void check_condition(const std::string& op, const std::vector<model::AttributeValue>& values) {
  const OperatorRule* rule = nullptr;
  for (const OperatorRule& r : kOperators)
    if (op == r.name) rule = &r;
  if (!rule || values.size() < rule->min_args || values.size() > rule->max_args)
    throw model::legacy_invalid(model::legacy_argument_count(op));
  for (const auto& v : values)
    if (v.type() != values[0].type()) throw model::legacy_invalid(model::kLegacyListSameType);
  for (const auto& v : values)
    if (rule->types && !(rule->types & bit(v.type())))
      throw model::legacy_invalid(model::legacy_operator_type(op, model::value_type_name(v.type())));
  if (op == "BETWEEN" && compare_scalars(values[0], values[1]) > 0) throw model::Error(model::kLegacyBetweenOrder);
}

std::vector<expressions::ExpectedCondition> decode_condition_map(const JsonValue* map) {
  std::vector<expressions::ExpectedCondition> out;
  if (!map) return out;
  for (auto it = map->MemberBegin(); it != map->MemberEnd(); ++it) {
    if (!it->value.IsObject()) continue;
    expressions::ExpectedCondition c;
    c.attribute.assign(it->name.GetString(), it->name.GetStringLength());
    std::vector<model::AttributeValue> values;
    if (const JsonValue* list = member(it->value, "AttributeValueList"))
      for (const auto& v : list->GetArray()) values.push_back(decode_value(v));
    // The shape guarantees a ComparisonOperator from the enum.
    std::string op(view(it->value["ComparisonOperator"]));
    check_condition(op, values);
    c.comparison_operator = op;
    c.attribute_value_list = std::move(values);
    out.push_back(std::move(c));
  }
  return out;
}

void check_attributes_to_get(const JsonValue& request) {
  const JsonValue* names = member(request, "AttributesToGet");
  if (!names) return;
  std::unordered_set<std::string_view> seen;
  for (const auto& name : names->GetArray())
    if (!seen.insert(view(name)).second) throw model::duplicate_attribute_to_get(std::string(view(name)));
}

std::optional<model::AttributeMap> decode_start_key(const JsonValue& request) {
  const JsonValue* key = member(request, "ExclusiveStartKey");
  if (!key) return std::nullopt;
  model::AttributeMap out;
  for (auto it = key->MemberBegin(); it != key->MemberEnd(); ++it) {
    try {
      out.insert_or_assign(std::string(it->name.GetString(), it->name.GetStringLength()), decode_value(it->value));
    } catch (const model::Error& e) {
      // DynamoDB prefixes most value errors, but not these (dynalite's list).
      const std::string& m = e.message();
      for (const char* bare :
           {"contains duplicates", "number set", "numeric value", "significant digits", "number with magnitude"})
        if (m.find(bare) != std::string::npos) throw;
      if (e.code() != model::ErrorCode::ValidationException) throw;
      throw model::start_key_invalid(m);
    }
  }
  return out;
}

void collect_paths(const expressions::Node& node, std::vector<const expressions::Path*>& out) {
  if (node.kind == expressions::NodeKind::Path) {
    out.push_back(&node.path);
    return;
  }
  for (const auto& a : node.args) collect_paths(a, out);
}

ReadPlan read_plan(const JsonValue& request, expressions::Compiled& compiled,
                   const std::vector<expressions::ExpectedCondition>& legacy_filter) {
  ReadPlan plan;
  if (compiled.filter)
    plan.filter = std::move(compiled.filter);
  else if (!legacy_filter.empty())
    plan.filter = expressions::condition_from_expected(legacy_filter, conditional_operator_is_or(request));
  if (compiled.projection) {
    plan.projection = std::move(compiled.projection);
  } else if (const JsonValue* names = member(request, "AttributesToGet")) {
    std::vector<std::string> attributes;
    for (const auto& n : names->GetArray()) attributes.emplace_back(view(n));
    plan.projection = expressions::projection_from_attributes_to_get(attributes);
  }
  const JsonValue* select = member(request, "Select");
  plan.count_only = select && view(*select) == "COUNT";
  if (const JsonValue* v = member(request, "ConsistentRead")) plan.consistent = coral_bool(*v);
  if (const JsonValue* v = member(request, "Limit")) plan.limits.max_items = as_count(*v);
  plan.capacity = return_consumed_capacity(request);
  return plan;
}

void check_select(const JsonValue& request, bool has_legacy_filter) {
  if (member(request, "ConditionalOperator") && !has_legacy_filter)
    throw model::Error(model::kConditionalOperatorWithoutFilter);
  const JsonValue* select = member(request, "Select");
  if (!select) return;
  std::string_view s = view(*select);
  const char* parameter = member(request, "ProjectionExpression") ? "ProjectionExpression"
                          : member(request, "AttributesToGet")    ? "AttributesToGet"
                                                                  : nullptr;
  if (s == "SPECIFIC_ATTRIBUTES") {
    if (!parameter) throw model::Error(model::kSelectSpecificWithoutProjection);
  } else if (s == "ALL_ATTRIBUTES") {
    if (parameter) throw model::select_with_projection(parameter, "ALL_ATTRIBUTES");
  } else if (s == "COUNT") {
    if (parameter) throw model::select_with_projection(parameter, "only the Count");
  } else if (s == "ALL_PROJECTED_ATTRIBUTES") {
    if (parameter) throw model::select_with_projection(parameter, "ALL_PROJECTED_ATTRIBUTES");
    if (!member(request, "IndexName")) throw model::Error(model::kSelectAllProjectedWithoutIndex);
  }
}

double page_read_units(std::size_t bytes, bool consistent) {
  if (bytes == 0) return 0;
  double units = static_cast<double>((bytes + 4095) / 4096);
  return consistent ? units : units / 2;
}

void write_page(JsonWriter& out, const ReadPlan& plan, const std::string& table_name,
                engine::FunctionRef<engine::PageResult(engine::Table::ItemVisitor)> read) {
  out.StartObject();
  if (!plan.count_only) {
    out.Key("Items");
    out.StartArray();
  }
  uint64_t count = 0;
  engine::PageResult page = read([&](std::string_view encoded) {
    if (!plan.filter && !plan.projection) {  // the common case: no decoding at all
      ++count;
      if (!plan.count_only) write_encoded_item(out, encoded);
      return;
    }
    model::Item item = model::decode_item(encoded);
    if (plan.filter && !expressions::evaluate(*plan.filter, &item)) return;
    ++count;
    if (plan.count_only) return;
    if (plan.projection)
      write_attribute_map(out, expressions::project(item, *plan.projection));
    else
      write_attribute_map(out, item);
  });
  if (!plan.count_only) out.EndArray();
  out.Key("Count");
  out.Uint64(count);
  out.Key("ScannedCount");
  out.Uint64(page.scanned_count);
  if (page.last_evaluated_key) {
    out.Key("LastEvaluatedKey");
    write_attribute_map(out, *page.last_evaluated_key);
  }
  double units = page_read_units(page.bytes_read, plan.consistent);
  if (plan.index) {
    double table_units = plan.fetch_from_table ? units : 0;
    write_consumed_capacity(out, plan.capacity, table_name, index_capacity(*plan.index, units, table_units));
  } else {
    write_consumed_capacity(out, plan.capacity, table_name, units);
  }
  out.EndObject();
}

}  // namespace minnow::api
