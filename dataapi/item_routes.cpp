// get, put, delete, query and scan: a workspace's items in plain JSON (api/codec.h). get, put,
// delete and query are GetItem, PutItem, DeleteItem and Query as typed requests (requests/):
// the same write path, conflicts with transactions in progress included; scan is the engine's
// walk over the workspace's partitions. Every key is checked against the caller's prefix before
// anything is read, so an answer never depends on another workspace's data.
#include <optional>

#include "api/codec.h"
#include "dataapi/call.h"
#include "model/data_api_errors.h"
#include "model/errors.h"
#include "model/index_key_violation.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "model/limits.h"
#include "requests/items.h"
#include "requests/reads.h"

namespace minnow::dataapi {

namespace {

constexpr std::size_t kMaxLimit = 1000;
constexpr std::size_t kDefaultQueryLimit = 50;
constexpr std::size_t kDefaultScanLimit = 100;

std::string_view string_field(const api::JsonValue& body, const char* name) {
  const api::JsonValue* value = api::member(body, name);
  if (!value || !value->IsString()) throw model::data_api_not_string(name);
  return api::view(*value);
}

// The bounds of the caller's items: its prefix and '#', so that no workspace ID that extends
// another one ("abc" and "abcd") reaches into it.
std::string bounds_of(const Workspace& workspace) { return workspace.prefix + "#"; }

void check_inside(const Call& call, std::string_view pk) {
  if (!pk.starts_with(bounds_of(call.workspace))) throw model::data_api_outside_prefix(call.workspace.prefix);
}

model::AttributeMap key_of(std::string_view pk, std::string_view sk) {
  return {{"pk", model::AttributeValue(std::string(pk))}, {"sk", model::AttributeValue(std::string(sk))}};
}

// DynamoDB's checks of a key (empty values, sizes), worded as the data API's 400.
void validate_key(const model::AttributeMap& key, const engine::Table& table) {
  try {
    model::validate_key(key, table.key_schema());
  } catch (const model::Error& error) {
    throw model::data_api_key_invalid(error.message());
  }
}

std::size_t limit_of(const api::JsonValue& body, std::size_t fallback) {
  const api::JsonValue* value = api::member(body, "limit");
  if (!value) return fallback;
  if (!value->IsUint64() || value->GetUint64() < 1 || value->GetUint64() > kMaxLimit)
    throw model::data_api_limit(kMaxLimit);
  return static_cast<std::size_t>(value->GetUint64());
}

std::optional<model::AttributeMap> start_key_of(const api::JsonValue& body) {
  const api::JsonValue* value = api::member(body, "exclusiveStartKey");
  if (!value) return std::nullopt;
  const api::JsonValue* pk = value->IsObject() ? api::member(*value, "pk") : nullptr;
  const api::JsonValue* sk = value->IsObject() ? api::member(*value, "sk") : nullptr;
  if (!pk || !sk || !pk->IsString() || !sk->IsString()) throw model::DataApiError(model::kDataApiStartKey);
  return key_of(api::view(*pk), api::view(*sk));
}

const std::string& key_string(const model::AttributeMap& key, const char* name) {
  return key.at(name).as<std::string>();
}

void write_key(api::JsonWriter& out, const model::AttributeMap& key) {
  out.StartObject();
  for (const char* name : {"pk", "sk"}) {
    out.Key(name);
    out.String(key_string(key, name));
  }
  out.EndObject();
}

void write_item_answer(api::JsonWriter& out, std::optional<std::string_view> encoded) {
  out.StartObject();
  out.Key("item");
  if (encoded) {
    api::write_plain_item(out, *encoded);
  } else {
    out.Null();
  }
  out.EndObject();
}

// {"items": [...], "count": N, "lastEvaluatedKey": {...}} around the items `read` writes;
// `read` answers the key to go on from, when more items follow.
template <class Read>
void write_page(api::JsonWriter& out, Read read) {
  out.StartObject();
  out.Key("items");
  out.StartArray();
  std::size_t count = 0;
  const std::optional<model::AttributeMap> next = read([&](std::string_view encoded) {
    api::write_plain_item(out, encoded);
    ++count;
  });
  out.EndArray();
  out.Key("count");
  out.Uint64(count);
  if (next) {
    out.Key("lastEvaluatedKey");
    write_key(out, *next);
  }
  out.EndObject();
}

// The typed requests' context in the shared table's namespace; `operation` is the name a
// transaction hold or a fault rule would match. Nothing the data API runs makes the reply wait.
template <class Request>
auto execute(Call& call, std::string_view operation, const Request& request, auto&&... sink) {
  int64_t delay_ms = 0;
  engine::Database& database = call.state.space.database;
  const requests::Context context{
      database, database.clock().now_ms(), call.state.no_faults, call.state.space.id, operation, delay_ms};
  try {
    return requests::execute(context, request, sink...);
  } catch (const model::Error& error) {
    // --capacity-model's refusal of a hot key (the shared table is on demand): a 429.
    if (!error.throttling_reasons.empty()) throw model::data_api_throttled(error.message());
    throw;
  }
}

// The data API's answer to a write that did not happen (no write of it has a condition).
void throw_if_failed(const requests::ItemWriteResult& result) {
  using Status = requests::ItemWriteResult::Status;
  switch (result.status) {
    case Status::Written:
    case Status::ConditionFailed:
      return;
    case Status::Conflict:
      throw model::DataApiError(model::kDataApiTransactionConflict);
    case Status::IndexKeyInvalid:
      throw model::data_api_item_invalid(model::index_key_error(*result.index_key, false).message());
    case Status::ItemTooLarge:
    case Status::Invalid:
    case Status::Throttled:  // never: only transactions answer it, and the data API runs none
      throw model::data_api_item_invalid(result.error ? result.error->message() : model::kItemTooLarge.message);
  }
}

}  // namespace

model::AttributeMap key_of_encoded(const engine::Table& table, std::string_view encoded) {
  return model::key_of(model::decode_item(encoded), table.key_schema());
}

namespace {

// The item named by a body's pk and sk, in the caller's prefix, and the table.
struct NamedItem {
  std::shared_ptr<engine::Table> table;
  model::AttributeMap key;
};

NamedItem named_item(Call& call) {
  const std::string_view pk = string_field(call.body, "pk");
  const std::string_view sk = string_field(call.body, "sk");
  check_inside(call, pk);
  NamedItem named{shared_table(call.state), key_of(pk, sk)};
  validate_key(named.key, *named.table);
  return named;
}

}  // namespace

void get_item(Call& call) {
  NamedItem named = named_item(call);
  const requests::GetItemResult result =
      execute(call, "GetItem", requests::GetItemRequest{std::move(named.table), std::move(named.key), std::nullopt});
  write_item_answer(call.out, result.encoded());
}

void put_item(Call& call) {
  const api::JsonValue* text = api::member(call.body, "item");
  if (!text || !text->IsString()) throw model::DataApiError(model::kDataApiItemNotString);
  model::Item item;
  try {
    switch (api::decode_plain_item(api::view(*text), item)) {
      case api::PlainItemStatus::NotJson:
        throw model::DataApiError(model::kDataApiItemNotJson);
      case api::PlainItemStatus::NotObject:
        throw model::DataApiError(model::kDataApiItemNotObject);
      case api::PlainItemStatus::Item:
        break;
    }
  } catch (const model::Error& error) {
    throw model::data_api_item_invalid(error.message());
  }
  for (const char* name : {"pk", "sk"}) {
    auto it = item.find(name);
    if (it == item.end()) throw model::data_api_item_lacks(name);
    if (it->second.type() != model::ValueType::S) throw model::data_api_item_key_type(name);
  }
  check_inside(call, key_string(item, "pk"));
  requests::PutItemRequest request{shared_table(call.state), {}};
  try {
    model::validate_item_key(item, request.table->key_schema());
  } catch (const model::Error& error) {
    throw model::data_api_item_invalid(error.message());
  }
  const model::AttributeMap key = model::key_of(item, request.table->key_schema());
  request.put = requests::Put::of(item);
  request.put.key = key;
  if (request.put.size > model::kMaxItemBytes) throw model::data_api_item_invalid(model::kItemTooLarge.message);
  throw_if_failed(execute(call, "PutItem", request));
  write_item_answer(call.out, request.put.stored);
}

void delete_item(Call& call) {
  NamedItem named = named_item(call);
  requests::DeleteItemRequest request{std::move(named.table), {}, requests::ReturnValues::AllOld};
  request.del.key = std::move(named.key);
  const requests::ItemWriteResult result = execute(call, "DeleteItem", request);
  throw_if_failed(result);
  const bool existed = result.attributes && !result.attributes->empty();
  auto& out = call.out;
  out.StartObject();
  out.Key("deleted");
  out.Bool(existed);
  out.EndObject();
}

// One partition in sort-key order. The engine's Query reports a last key whenever Limit stops a
// page, even at the partition's end; one item more is read to know whether another follows.
void query_items(Call& call) {
  const std::string_view pk = string_field(call.body, "pk");
  check_inside(call, pk);
  const std::size_t limit = limit_of(call.body, kDefaultQueryLimit);
  std::optional<model::AttributeMap> start = start_key_of(call.body);
  if (start && key_string(*start, "pk") != pk) throw model::DataApiError(model::kDataApiStartKey);
  auto table = shared_table(call.state);
  if (start) validate_key(*start, *table);
  requests::QueryRequest request{table, {}, {}, {}};
  request.plan.limits = engine::PageLimits{limit + 1};
  request.spec = engine::QuerySpec{model::AttributeValue(std::string(pk)), std::nullopt, true, std::move(start)};
  write_page(call.out, [&](auto write) -> std::optional<model::AttributeMap> {
    std::size_t seen = 0;
    std::string last;  // the limit-th item
    auto sink = [&](std::string_view encoded) {
      if (++seen > limit) return;
      write(encoded);
      if (seen == limit) last = encoded;
    };
    // Neither filtered nor projected: every item comes in its stored form.
    const requests::PageSink page_sink{sink, [&](const model::Item& item) { sink(model::encode_item(item)); }};
    const requests::Page page = execute(call, "Query", request, page_sink);
    if (page.scanned_count > limit) return key_of_encoded(*table, last);
    return page.last_evaluated_key;
  });
}

// The caller's partitions in key order: a walk over its prefix only (engine/table.h
// scan_key_prefix), whatever else the table holds.
void scan_items(Call& call) {
  const std::size_t limit = limit_of(call.body, kDefaultScanLimit);
  const std::optional<model::AttributeMap> start = start_key_of(call.body);
  if (start) check_inside(call, key_string(*start, "pk"));
  auto table = shared_table(call.state);
  if (start) validate_key(*start, *table);
  write_page(call.out, [&](auto write) {
    return table->scan_key_prefix(bounds_of(call.workspace), start, engine::PageLimits{limit}, write)
        .last_evaluated_key;
  });
}

}  // namespace minnow::dataapi
