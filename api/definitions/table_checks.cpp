#include "api/definitions/table_checks.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "api/shape.h"
#include "model/errors.h"

namespace minnow::api {

std::vector<engine::KeySchemaElement> key_schema_of(const JsonValue& list) {
  std::vector<engine::KeySchemaElement> elements;
  for (const auto& e : list.GetArray())
    elements.push_back({string_member(e, "AttributeName"), string_member(e, "KeyType") == "HASH"});
  return elements;
}

std::vector<engine::AttributeDefinition> attribute_definitions_of(const JsonValue& list) {
  std::vector<engine::AttributeDefinition> definitions;
  for (const auto& a : list.GetArray()) {
    const std::string type = string_member(a, "AttributeType");
    definitions.push_back({string_member(a, "AttributeName"), type == "N"   ? model::ValueType::N
                                                              : type == "B" ? model::ValueType::B
                                                                            : model::ValueType::S});
  }
  return definitions;
}

requests::RequestedProjection requested_projection(const JsonValue& projection) {
  requests::RequestedProjection p;
  if (const JsonValue* type = member(projection, "ProjectionType")) p.type = std::string(view(*type));
  if (const JsonValue* attributes = member(projection, "NonKeyAttributes")) {
    p.non_key_attributes.emplace();
    for (const auto& a : attributes->GetArray()) p.non_key_attributes->emplace_back(view(a));
  }
  return p;
}

void check_projection(const requests::RequestedProjection& projection) {
  if (!projection.type) throw model::Error(model::kProjectionTypeNull);
  const bool has_attributes = projection.non_key_attributes.has_value();
  if (has_attributes && *projection.type != "INCLUDE")
    throw model::non_key_attributes_without_include(*projection.type);
  if (!has_attributes && *projection.type == "INCLUDE") throw model::Error(model::kIncludeWithoutNonKeyAttributes);
  if (has_attributes) {
    std::set<std::string_view> seen;
    for (const std::string& name : *projection.non_key_attributes)
      if (!seen.insert(name).second) throw model::duplicate_non_key_attribute(name);
  }
}

void check_projection(const JsonValue& projection) { check_projection(requested_projection(projection)); }

engine::Projection projection_of(const requests::RequestedProjection& projection) {
  return {projection.type.value_or(""), projection.non_key_attributes.value_or(std::vector<std::string>{})};
}

engine::Projection read_projection(const JsonValue& projection) {
  return projection_of(requested_projection(projection));
}

std::optional<engine::SseSpecification> sse_of(const JsonValue& sse) {
  const JsonValue* enabled = member(sse, "Enabled");
  if (!enabled || !coral_bool(*enabled)) return std::nullopt;
  std::string type = string_member(sse, "SSEType");
  return engine::SseSpecification{type.empty() ? "KMS" : type, string_member(sse, "KMSMasterKeyId")};
}

void check_global_index_key_schema(const std::vector<engine::KeySchemaElement>& key_schema,
                                   const std::vector<std::string>& definitions) {
  std::vector<std::string> keys;
  std::vector<bool> is_hash;
  for (const auto& e : key_schema) {
    keys.push_back(e.attribute_name);
    is_hash.push_back(e.is_hash);
  }
  for (const auto& key : keys) {
    if (std::find(definitions.begin(), definitions.end(), key) == definitions.end())
      throw model::key_attributes_not_defined(keys, definitions);
  }
  if (keys.size() == 2 && keys[0] == keys[1] && is_hash[0] != is_hash[1])
    throw model::Error(model::kHashAndRangeSameName);
  if (std::count(is_hash.begin(), is_hash.end(), true) > 4) throw model::Error(model::kTooManyPartitionKeys);
  if (std::count(is_hash.begin(), is_hash.end(), false) > 4) throw model::Error(model::kTooManySortKeys);
  if (!is_hash[0]) throw model::Error(model::kFirstKeyNotHash);
  for (std::size_t i = 1; i < keys.size(); ++i)
    if (is_hash[i] && !is_hash[i - 1]) throw model::Error(model::kInvalidKeyOrder);
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = i + 1; j < keys.size(); ++j)
      if (keys[i] == keys[j]) throw model::Error(model::kDuplicateKeyName);
}

void check_global_index_key_schema(const JsonValue& key_schema, const std::vector<std::string>& definitions) {
  check_global_index_key_schema(key_schema_of(key_schema), definitions);
}

void check_stream_and_on_demand_settings(const JsonValue& request) {
  if (const JsonValue* stream = member(request, "StreamSpecification")) {
    bool enabled = coral_bool((*stream)["StreamEnabled"]);
    if (enabled && !member(*stream, "StreamViewType")) throw model::Error(model::kStreamViewTypeRequired);
    if (!enabled && member(*stream, "StreamViewType")) throw model::Error(model::kStreamViewTypeWithoutStream);
  }
  if (const JsonValue* limits = member(request, "OnDemandThroughput")) {
    for (const char* name : {"MaxReadRequestUnits", "MaxWriteRequestUnits"}) {
      const JsonValue* v = member(*limits, name);
      if (v && coral_long(*v) < 1 && coral_long(*v) != -1) throw model::on_demand_throughput_out_of_range(name);
    }
  }
}

}  // namespace minnow::api
