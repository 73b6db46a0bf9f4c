// BatchWriteItem. Checks, in DynamoDB's order: shape; every request's values and item size, and at
// most 25 requests in all; then per table: the table, each key against the schema, duplicate keys;
// then every put's secondary index keys.
// Every check passes before the first write (and before an injected conflict, engine/faults.h,
// fails the whole request); the writes themselves are independent, as in DynamoDB
// (requests/batch.h). ItemCollectionMetrics: one estimate per item collection written in a table
// with an LSI.
#include <algorithm>
#include <set>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/members.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "api/write_parts.h"
#include "model/errors.h"
#include "model/index_key_violation.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/batch.h"

namespace minnow::api::batch {

namespace batch_write_item {

const Shape kShape(R"({
  "ReturnConsumedCapacity": {"type": "String", "enum": ["INDEXES", "TOTAL", "NONE"]},
  "ReturnItemCollectionMetrics": {"type": "String", "enum": ["SIZE", "NONE"]},
  "RequestItems": {"type": "Map<java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>", "notNull": true,
    "lengthGreaterThanOrEqual": 1,
    "keys": {"lengthLessThanOrEqual": 255, "lengthGreaterThanOrEqual": 3, "regex": "[a-zA-Z0-9_.-]+"},
    "values": {"lengthLessThanOrEqual": 25, "lengthGreaterThanOrEqual": 1},
    "form": {"lengthGreaterThanOrEqual": "path"},
    "children": {"type": "ParameterizedList", "lengthLessThanOrEqual": 25, "form": {"lengthLessThanOrEqual": "path"},
      "children": {"type": "ValueStruct<WriteRequest>", "children": {
      "DeleteRequest": {"type": "FieldStruct<DeleteRequest>", "children": {
        "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"}}},
      "PutRequest": {"type": "FieldStruct<PutRequest>", "children": {
        "Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"}}}}}}}
})");

constexpr std::size_t kMaxRequests = 25;

struct Members {
  const JsonValue *request_items, *return_consumed_capacity, *return_item_collection_metrics;
};
constexpr MemberField<Members> kMembers[] = {
    {"RequestItems", &Members::request_items},
    {"ReturnConsumedCapacity", &Members::return_consumed_capacity},
    {"ReturnItemCollectionMetrics", &Members::return_item_collection_metrics},
};

requests::BatchWriteItemRequest decode(const ActionContext& context, const JsonValue& json) {
  const Members m = read_members(json, kMembers);
  requests::BatchWriteItemRequest r;
  std::size_t total_requests = 0;
  for (auto t = m.request_items->MemberBegin(); t != m.request_items->MemberEnd(); ++t) {
    requests::BatchWriteTable writes;
    writes.name = table_name_of(view(t->name));
    writes.writes.reserve(std::min<std::size_t>(t->value.Size(), kMaxRequests));
    // A request with neither PutRequest nor DeleteRequest is reported before the table's values
    // (dynalite); "more than one datatypes" is DynamoDB's wording for it.
    for (const auto& w : t->value.GetArray())
      if (!member(w, "PutRequest") && !member(w, "DeleteRequest"))
        throw model::Error(model::kAttributeValueMultipleTypes);
    for (const auto& w : t->value.GetArray()) {
      if (++total_requests > kMaxRequests) throw model::Error(model::kBatchWriteTooManyItems);
      const JsonValue* put = member(w, "PutRequest");
      const JsonValue* del = member(w, "DeleteRequest");
      if (put) {
        requests::Put p;
        p.stored = encode_attribute_map((*put)["Item"]);
        p.size = model::encoded_item_size(p.stored);
        if (p.size > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
        writes.writes.emplace_back(std::move(p));
      } else {
        writes.writes.emplace_back(requests::Delete{decode_attribute_map((*del)["Key"]), {}});
      }
    }
    r.tables.push_back(std::move(writes));
  }
  for (auto& writes : r.tables) {
    writes.table = context.database.find(writes.name);
    if (!writes.table) throw model::Error(model::kTableNotFound);
    const model::KeySchema& schema = writes.table->key_schema();
    std::set<std::string> seen;
    for (auto& w : writes.writes) {
      if (auto* put = std::get_if<requests::Put>(&w)) {
        put->key = key_attributes(put->stored, schema);
        model::validate_item_key(put->key, schema, model::ItemKeyWording::SchemaMismatch);
      } else {
        model::validate_key(requests::key_of(w), schema);
      }
      if (!seen.insert(model::key_identity(requests::key_of(w), schema)).second)
        throw model::Error(model::kBatchDuplicateKeys);
    }
  }
  // Index keys last, before any write: DynamoDB writes nothing when any request is invalid.
  for (const auto& writes : r.tables)
    for (const auto& w : writes.writes)
      if (const auto* put = std::get_if<requests::Put>(&w))
        if (auto violation = writes.table->check_put(put->stored)) throw model::index_key_error(*violation, false);
  r.return_consumed_capacity = return_consumed_capacity(m.return_consumed_capacity);
  r.return_item_collection_metrics = item_collection_metrics_wanted(m.return_item_collection_metrics);
  return r;
}

void write_response(JsonWriter& out, const requests::BatchWriteItemRequest& request,
                    const requests::BatchWriteItemResult& result) {
  out.StartObject();
  // The writes --capacity-model's throttling left, as the request put them.
  out.Key("UnprocessedItems");
  out.StartObject();
  for (std::size_t t = 0; t < request.tables.size(); ++t) {
    if (result.unprocessed[t].empty()) continue;
    const requests::BatchWriteTable& writes = request.tables[t];
    out.Key(writes.name.data(), static_cast<rapidjson::SizeType>(writes.name.size()));
    out.StartArray();
    for (std::size_t i : result.unprocessed[t]) {
      out.StartObject();
      if (const auto* put = std::get_if<requests::Put>(&writes.writes[i])) {
        out.Key("PutRequest");
        out.StartObject();
        out.Key("Item");
        write_encoded_item(out, put->stored);
      } else {
        out.Key("DeleteRequest");
        out.StartObject();
        out.Key("Key");
        write_attribute_map(out, requests::key_of(writes.writes[i]));
      }
      out.EndObject();
      out.EndObject();
    }
    out.EndArray();
  }
  out.EndObject();
  ReturnConsumedCapacity mode = request.return_consumed_capacity;
  if (mode != ReturnConsumedCapacity::None) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (std::size_t t = 0; t < request.tables.size(); ++t)
      write_capacity_entry(out, mode, request.tables[t].table->name(), result.consumed[t]);
    out.EndArray();
  }
  // One estimate per item collection written, for the tables with a local secondary index.
  bool metrics = false;
  for (std::size_t t = 0; t < request.tables.size(); ++t) {
    const requests::BatchWriteTable& writes = request.tables[t];
    if (!request.return_item_collection_metrics || !has_item_collections(*writes.table)) continue;
    if (!metrics) {
      out.Key("ItemCollectionMetrics");
      out.StartObject();
      metrics = true;
    }
    out.Key(writes.name.data(), writes.name.size());
    out.StartArray();
    const std::string& hash = writes.table->key_schema().hash.name;
    std::vector<const model::AttributeValue*> written;
    const std::vector<std::size_t>& unprocessed = result.unprocessed[t];
    for (std::size_t i = 0; i < writes.writes.size(); ++i) {
      if (std::find(unprocessed.begin(), unprocessed.end(), i) != unprocessed.end()) continue;  // not written
      const model::AttributeMap& key = requests::key_of(writes.writes[i]);
      const model::AttributeValue& value = key.at(hash);
      if (std::find_if(written.begin(), written.end(), [&](const auto* v) { return *v == value; }) != written.end())
        continue;
      written.push_back(&value);
      write_item_collection_metrics(out, *writes.table, key);
    }
    out.EndArray();
  }
  if (metrics) out.EndObject();
  out.EndObject();
}

void batch_write_item(const ActionContext& context, requests::BatchWriteItemRequest request, JsonWriter& out) {
  requests::BatchWriteItemResult result = requests::execute(context.requests(), request);
  if (result.conflict) throw model::Error(model::kTransactionConflict);
  if (result.index_key) throw model::index_key_error(*result.index_key, /*in_update=*/false);
  write_response(out, request, result);
}

}  // namespace batch_write_item

const Action kBatchWriteItem{"BatchWriteItem", &batch_write_item::kShape, batch_write_item::decode,
                             batch_write_item::batch_write_item};

}  // namespace minnow::api::batch
