// SearchVectors: the exact k nearest neighbours of SearchVector in a vector index, best first,
// with their scores (AWS's convention, vector/distance.h) and the index's projected attributes.
//
// AWS documents the parameters and their rules (api/definitions/vector_index_definitions.h for the
// index's): TopK, SearchVector with the index's dimension count of float32 values,
// SearchConditionExpression (equality on top-level HASH and INLINE_FILTER attributes, the HASH
// one required when the index has one; expressions/search_condition.h), ProjectionExpression of
// projected attributes only, ReturnConsumedCapacity (a VectorCapacity), and
// ResourceNotFoundException for an index that does not exist or is not ACTIVE. It has no paging.
// No reference emulator has it, so the order of the checks is Minnow's, Query's where the two
// share a rule, after what DynamoDB was seen answering first:
//   0. the members' JSON types, as AWS's strict deserializer reads them (api/strict_members.h):
//      `invalid type: null, expected a string at line 1 column 17`, `missing field \`TableName\``;
//   1. the Shape, then TopK within 1..model::kMaxVectorTopK;
//   2. the expression parameters: placeholder maps, SearchConditionExpression then
//      ProjectionExpression compiled, unused placeholders; then the condition's form;
//   3. SearchVector's elements: DynamoDB numbers (api/codec), each within float32 once rounded;
//   4. the table, then the index (exists, ACTIVE);
//   5. SearchVector's dimension count; the condition against the search schema: attributes in
//      it, values of their defined types, the HASH attribute fixed and not empty;
//   6. ProjectionExpression within the index's projection.
// Projected attributes: the table's key, the vector attribute and the search schema attributes,
// plus NonKeyAttributes (INCLUDE), or every attribute (ALL).
// ConsumedCapacity.VectorSearchRequestBytes: the vectors the search compared, counted as
// requests::vector_request_bytes counts them; TOTAL and INDEXES answer the same, as the response
// has no per-index part.
#include <algorithm>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/operations.h"
#include "api/strict_members.h"
#include "api/table_lookup.h"
#include "engine/index.h"
#include "engine/table.h"
#include "expressions/legacy.h"
#include "expressions/projection.h"
#include "expressions/search_condition.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "model/limits.h"
#include "model/vector_errors.h"
#include "requests/vector_search.h"

namespace minnow::api::vector {

namespace search_vectors {

const Shape kShape("{" MINNOW_SHAPE_TABLE_NAME R"(,
  "IndexName": {"type": "String", "notNull": true, "regex": "[a-zA-Z0-9_.-]+", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  "TopK": {"type": "Integer", "notNull": true},
  "SearchVector": {"type": "List", "notNull": true, "children": "AttrStruct<ValueStruct>"},
  "SearchConditionExpression": {"type": "String"},
  "ProjectionExpression": {"type": "String"},
  )" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY ", " MINNOW_SHAPE_EXPRESSION_ATTRIBUTES "}");
static_assert(model::kMaxVectorTopK == 100, "model::top_k_out_of_range's text");

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// SearchVector's elements as float32 (its length is checked against the index later).
std::vector<float> search_vector(const JsonValue& list) {
  std::vector<float> out;
  out.reserve(list.Size());
  std::size_t position = 0;
  for (const auto& element : list.GetArray()) {
    ++position;
    model::AttributeValue v = decode_value(element);
    if (v.type() != model::ValueType::N) throw model::Error(model::kSearchVectorInvalidValues);
    std::optional<float> f = engine::vector_element(v.as<model::Number>());
    if (!f) throw model::Error(model::kSearchVectorInvalidValues);
    out.push_back(*f);
  }
  return out;
}

const engine::VectorIndexDefinition& find_index(const engine::TableDefinition& table, const std::string& name) {
  for (const auto& index : table.vector_indexes)
    if (index.name == name) return index;
  throw model::vector_index_not_found(name);
}

model::ValueType defined_type(const engine::TableDefinition& table, const std::string& attribute) {
  for (const auto& a : table.attribute_definitions)
    if (a.name == attribute) return a.type;
  return model::ValueType::S;  // unreachable: CreateTable and UpdateTable require a definition
}

// The condition's terms as the engine's HASH value and INLINE_FILTER conditions.
void apply_condition(const std::vector<expressions::SearchConditionTerm>& terms, const engine::TableDefinition& table,
                     const engine::VectorIndexDefinition& index, engine::VectorSearchSpec& spec) {
  for (const auto& term : terms) {
    auto element = std::find_if(index.search_schema.begin(), index.search_schema.end(),
                                [&](const auto& e) { return e.attribute_name == term.attribute; });
    if (element == index.search_schema.end()) throw model::search_condition_not_in_schema(term.attribute);
    const model::ValueType type = defined_type(table, term.attribute);
    if (term.value.type() != type) throw model::Error(model::kKeyConditionTypeMismatch);
    if (element->is_hash) {
      if (model::is_empty_scalar(term.value)) throw model::query_key_empty_value(term.attribute, type);
      spec.hash_value = term.value;
    } else {
      spec.filters.emplace_back(term.attribute, term.value);
    }
  }
  for (const auto& e : index.search_schema) {
    if (!e.is_hash || spec.hash_value) continue;
    if (terms.empty()) throw model::Error(model::kSearchConditionRequired);
    throw model::search_condition_missed_hash(e.attribute_name, index.name);
  }
}

// Every attribute the index holds (an ALL index: none listed, all held).
std::vector<std::string> projected_attributes(const engine::TableDefinition& table,
                                              const engine::VectorIndexDefinition& index) {
  std::vector<std::string> names;
  auto add = [&](const std::string& name) {
    if (!contains(names, name)) names.push_back(name);
  };
  for (const auto& k : table.key_schema_elements) add(k.attribute_name);
  add(index.vector_attribute);
  for (const auto& e : index.search_schema) add(e.attribute_name);
  for (const auto& n : index.projection.non_key_attributes) add(n);
  return names;
}

requests::SearchVectorsRequest decode(const ActionContext& context, const JsonValue& json) {
  const int64_t top_k = coral_long(json["TopK"]);
  if (top_k < 1 || top_k > static_cast<int64_t>(model::kMaxVectorTopK))
    throw model::top_k_out_of_range(std::to_string(top_k));
  validate_expression_params(json, {"SearchConditionExpression", "ProjectionExpression"}, {});
  expressions::Compiled compiled = compile_expressions(json);
  std::vector<expressions::SearchConditionTerm> terms;
  if (compiled.search_condition) terms = expressions::search_condition_terms(*compiled.search_condition);
  requests::SearchVectorsRequest r;
  r.spec.vector = search_vector(json["SearchVector"]);
  r.spec.top_k = static_cast<std::size_t>(top_k);
  r.return_consumed_capacity = return_consumed_capacity(json);

  r.table = find_table(context, json, /*table_operation=*/false);
  const engine::TableDefinition definition = r.table->definition();
  r.index_name = std::string(view(json["IndexName"]));
  const engine::VectorIndexDefinition& index = find_index(definition, r.index_name);
  if (!index.active_at(context.now_ms)) throw model::vector_index_not_active(r.index_name);
  if (r.spec.vector.size() != index.dimensions)
    throw model::search_vector_dimension_mismatch(r.spec.vector.size(), index.dimensions);
  r.dimensions = index.dimensions;
  apply_condition(terms, definition, index, r.spec);

  const bool projects_all = index.projection.type == "ALL";
  r.projection = std::move(compiled.projection);
  std::vector<std::string> projected = projected_attributes(definition, index);
  if (r.projection && !projects_all) {
    std::vector<std::string> missing;
    for (const auto& path : r.projection->paths) {
      const std::string& head = path.elements[0].name;
      if (!contains(projected, head) && !contains(missing, head)) missing.push_back(head);
    }
    if (!missing.empty()) throw model::vector_index_does_not_project(r.index_name, missing);
  }
  if (!r.projection && !projects_all) r.projection = expressions::projection_from_attributes_to_get(projected);
  return r;
}

void search_vectors(const ActionContext& context, requests::SearchVectorsRequest request, JsonWriter& out) {
  out.StartObject();
  out.Key("SearchResults");
  out.StartArray();
  requests::SearchVectorsResult result =
      requests::execute(context.requests(), request, [&](std::string_view encoded, double score) {
        out.StartObject();
        out.Key("Item");
        if (request.projection)
          write_attribute_map(out, expressions::project(model::decode_item(encoded), *request.projection));
        else
          write_encoded_item(out, encoded);
        out.Key("Score");
        out.Double(score);
        out.EndObject();
      });
  out.EndArray();
  if (request.return_consumed_capacity != ReturnConsumedCapacity::None) {
    out.Key("ConsumedCapacity");
    out.StartObject();
    out.Key("VectorSearchRequestBytes");
    out.Uint64(result.search_request_bytes);
    out.EndObject();
  }
  out.EndObject();
}

// The members in the API's order (serde reports missing ones in it).
void read_strictly(std::string_view body) {
  using Type = StrictMember::Type;
  read_strict_members(body, {{"TableName", Type::String, true},
                             {"IndexName", Type::String, true},
                             {"ReturnConsumedCapacity", Type::String},
                             {"ExpressionAttributeNames", Type::Map},
                             {"ExpressionAttributeValues", Type::Map},
                             {"ProjectionExpression", Type::String},
                             {"SearchVector", Type::Sequence, true},
                             {"SearchConditionExpression", Type::String},
                             {"TopK", Type::I32, true}});
}

}  // namespace search_vectors

const Action kSearchVectors{"SearchVectors", &search_vectors::kShape, search_vectors::decode,
                            search_vectors::search_vectors, search_vectors::read_strictly};

}  // namespace minnow::api::vector
