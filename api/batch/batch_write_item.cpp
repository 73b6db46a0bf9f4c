// BatchWriteItem. Checks, in DynamoDB's order: shape; every request's values and item size, and at
// most 25 requests in all; then per table: the table, each key against the schema, duplicate keys;
// then every put's secondary index keys.
// Every check passes before the first write (and before an injected conflict, engine/faults.h,
// fails the whole request); the writes themselves are independent, as in DynamoDB.
// ItemCollectionMetrics: one estimate per item collection written in a table with an LSI.
#include <algorithm>
#include <set>

#include "api/capacity.h"
#include "api/codec.h"
#include "api/fault_injection.h"
#include "api/items/item_write.h"
#include "api/operations.h"
#include "api/table_lookup.h"
#include "model/errors.h"
#include "model/key.h"
#include "model/limits.h"

namespace minnow::api::batch {

namespace {

const Shape kShape(R"({
  "ReturnConsumedCapacity": {"type": "String", "enum": ["INDEXES", "TOTAL", "NONE"]},
  "ReturnItemCollectionMetrics": {"type": "String", "enum": ["SIZE", "NONE"]},
  "RequestItems": {"type": "Map<java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>", "notNull": true,
    "lengthGreaterThanOrEqual": 1,
    "keys": {"lengthLessThanOrEqual": 255, "lengthGreaterThanOrEqual": 3, "regex": "[a-zA-Z0-9_.-]+"},
    "values": {"lengthLessThanOrEqual": 25, "lengthGreaterThanOrEqual": 1},
    "children": {"type": "ParameterizedList", "children": {"type": "ValueStruct<WriteRequest>", "children": {
      "DeleteRequest": {"type": "FieldStruct<DeleteRequest>", "children": {
        "Key": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"}}},
      "PutRequest": {"type": "FieldStruct<PutRequest>", "children": {
        "Item": {"type": "Map<AttributeValue>", "notNull": true, "children": "AttrStruct<ValueStruct>"}}}}}}}
})");

constexpr std::size_t kMaxRequests = 25;

struct WriteRequest {
  bool is_put;
  model::AttributeMap item_or_key;
};

struct TableWrites {
  std::string name;
  std::shared_ptr<engine::Table> table;
  std::vector<WriteRequest> requests;
  double units = 0;
};

void batch_write_item(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  const JsonValue& request_items = request["RequestItems"];
  std::vector<TableWrites> tables;
  std::size_t total_requests = 0;
  for (auto t = request_items.MemberBegin(); t != request_items.MemberEnd(); ++t) {
    TableWrites writes;
    writes.name = table_name_of(view(t->name));
    for (const auto& r : t->value.GetArray()) {
      if (++total_requests > kMaxRequests) throw model::Error(model::kBatchWriteTooManyItems);
      const JsonValue* put = member(r, "PutRequest");
      const JsonValue* del = member(r, "DeleteRequest");
      if (!put && !del) throw model::Error(model::kAttributeValueMultipleTypes);  // DynamoDB's wording for {}
      if (put) {
        model::Item item = decode_attribute_map((*put)["Item"]);
        if (model::item_size(item) > model::kMaxItemBytes) throw model::Error(model::kItemTooLarge);
        writes.requests.push_back({true, std::move(item)});
      } else {
        writes.requests.push_back({false, decode_attribute_map((*del)["Key"])});
      }
    }
    tables.push_back(std::move(writes));
  }
  for (auto& writes : tables) {
    writes.table = context.database.find(writes.name);
    if (!writes.table) throw model::Error(model::kResourceNotFound);
    const model::KeySchema& schema = writes.table->key_schema();
    std::set<std::string> seen;
    for (const auto& r : writes.requests) {
      if (r.is_put) {
        try {
          model::validate_item_key(r.item_or_key, schema);
        } catch (const model::Error& e) {
          // A put whose key attributes are missing or mistyped is reported like a bad key.
          if (e.message().find("Missing the key") != std::string::npos ||
              e.message().find("Type mismatch for key") != std::string::npos)
            throw model::Error(model::kKeyDoesNotMatchSchema);
          throw;
        }
      } else {
        model::validate_key(r.item_or_key, schema);
      }
      if (!seen.insert(model::storage_key(r.item_or_key, schema)).second)
        throw model::Error(model::kBatchDuplicateKeys);
    }
  }
  // Index keys last, before any write: DynamoDB writes nothing when any request is invalid.
  for (const auto& writes : tables)
    for (const auto& r : writes.requests)
      if (r.is_put) writes.table->check_put(r.item_or_key);

  // Every request's primary key: for an injected conflict and ItemCollectionMetrics.
  std::vector<std::vector<model::AttributeMap>> keys;
  for (const auto& writes : tables) {
    keys.emplace_back();
    for (const auto& r : writes.requests)
      keys.back().push_back(r.is_put ? model::key_of(r.item_or_key, writes.table->key_schema()) : r.item_or_key);
  }
  std::vector<TouchedItem> touched;
  for (std::size_t t = 0; t < tables.size(); ++t)
    for (const auto& key : keys[t]) touched.push_back({tables[t].table.get(), &key});
  if (!conflicting_items(context, touched).empty()) throw model::Error(model::kTransactionConflict);

  for (std::size_t t = 0; t < tables.size(); ++t) {
    TableWrites& writes = tables[t];
    for (std::size_t i = 0; i < writes.requests.size(); ++i) {
      WriteRequest& r = writes.requests[i];
      const model::AttributeMap& key = keys[t][i];
      std::size_t new_size = r.is_put ? model::item_size(r.item_or_key) : 0;
      std::size_t old_size = 0;
      writes.table->write(key, [&](const model::Item* existing) {
        if (existing) old_size = model::item_size(*existing);
        if (r.is_put) return engine::WriteDecision::put(std::move(r.item_or_key));
        return existing ? engine::WriteDecision::remove() : engine::WriteDecision::keep();
      });
      writes.units += write_units(std::max(new_size, old_size));
    }
  }

  out.StartObject();
  out.Key("UnprocessedItems");
  out.StartObject();
  out.EndObject();
  ReturnConsumedCapacity mode = return_consumed_capacity(request);
  if (mode != ReturnConsumedCapacity::None) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (const auto& writes : tables) write_capacity_entry(out, mode, writes.table->name(), writes.units);
    out.EndArray();
  }
  // One estimate per item collection written, for the tables with a local secondary index.
  bool metrics = false;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    if (!wants_item_collection_metrics(request, *tables[t].table)) continue;
    if (!metrics) {
      out.Key("ItemCollectionMetrics");
      out.StartObject();
      metrics = true;
    }
    out.Key(tables[t].name.data(), tables[t].name.size());
    out.StartArray();
    const std::string& hash = tables[t].table->key_schema().hash.name;
    std::vector<const model::AttributeValue*> written;
    for (const auto& key : keys[t]) {
      const model::AttributeValue& value = key.at(hash);
      if (std::find_if(written.begin(), written.end(), [&](const auto* v) { return *v == value; }) != written.end())
        continue;
      written.push_back(&value);
      write_item_collection_metrics(out, *tables[t].table, key);
    }
    out.EndArray();
  }
  if (metrics) out.EndObject();
  out.EndObject();
}

}  // namespace

const Action kBatchWriteItem{"BatchWriteItem", &kShape, batch_write_item};

}  // namespace minnow::api::batch
