#include "api/fault_injection.h"

#include <deque>
#include <optional>
#include <string>

#include "api/codec.h"
#include "api/table_lookup.h"
#include "model/errors.h"
#include "model/fault_errors.h"

namespace minnow::api {

namespace {

// member() for a value of any type: the request is not validated yet.
const JsonValue* field(const JsonValue* object, std::string_view name) {
  return object && object->IsObject() ? member(*object, name) : nullptr;
}

// What a request names, read from its JSON as it came (not validated yet): tables, and the
// items its Key and Item members give.
class RequestTargets {
 public:
  explicit RequestTargets(const JsonValue& request) {
    add_table_request(request);
    if (const JsonValue* items = field(&request, "RequestItems"); items && items->IsObject()) {
      for (auto it = items->MemberBegin(); it != items->MemberEnd(); ++it) add_batch_table(view(it->name), it->value);
    }
    if (const JsonValue* items = field(&request, "TransactItems"); items && items->IsArray()) {
      for (const auto& element : items->GetArray()) {
        if (!element.IsObject()) continue;
        for (auto it = element.MemberBegin(); it != element.MemberEnd(); ++it) add_table_request(it->value);
      }
    }
    for (const char* arn : {"StreamArn", "ShardIterator"}) {
      if (const JsonValue* v = field(&request, arn); v && v->IsString()) add(table_name_of(view(*v)), nullptr);
    }
    for (std::size_t i = 0; i < names_.size(); ++i)
      targets_.push_back({&names_[i], attributes_[i] ? &*attributes_[i] : nullptr});
  }

  std::span<const engine::FaultTarget> targets() const { return targets_; }

 private:
  // {"TableName": ..., "Key": ...} or {"TableName": ..., "Item": ...}
  void add_table_request(const JsonValue& request) {
    const JsonValue* table = field(&request, "TableName");
    if (!table || !table->IsString()) return;
    const JsonValue* item = field(&request, "Key");
    if (!item) item = field(&request, "Item");
    add(table_name_of(view(*table)), item);
  }

  // BatchWriteItem: [{"PutRequest": {"Item": ...}} | {"DeleteRequest": {"Key": ...}}, ...];
  // BatchGetItem: {"Keys": [...], ...}.
  void add_batch_table(std::string_view table, const JsonValue& requests) {
    const std::string name = table_name_of(table);
    if (const JsonValue* keys = field(&requests, "Keys"); keys && keys->IsArray()) {
      for (const auto& key : keys->GetArray()) add(name, &key);
    } else if (requests.IsArray()) {
      for (const auto& r : requests.GetArray()) {
        if (const JsonValue* item = field(field(&r, "PutRequest"), "Item")) add(name, item);
        if (const JsonValue* key = field(field(&r, "DeleteRequest"), "Key")) add(name, key);
      }
    }
    if (names_.empty() || names_.back() != name) add(name, nullptr);  // a table without items
  }

  void add(std::string table, const JsonValue* item) {
    std::optional<model::AttributeMap> attributes;
    if (item && item->IsObject()) {
      try {
        attributes = decode_attribute_map(*item);
      } catch (const model::Error&) {
        // malformed: the operation's own checks will say so; no rule on items matches it
      }
    }
    names_.push_back(std::move(table));
    attributes_.push_back(std::move(attributes));
  }

  std::deque<std::string> names_;  // deques: targets_ points into them
  std::deque<std::optional<model::AttributeMap>> attributes_;
  std::vector<engine::FaultTarget> targets_;
};

model::Error error_of(engine::FaultError error) {
  switch (error) {
    case engine::FaultError::ProvisionedThroughputExceeded:
      return model::Error(model::kProvisionedThroughputExceeded);
    case engine::FaultError::Throttling:
      return model::Error(model::kThrottling);
    case engine::FaultError::RequestLimitExceeded:
      return model::Error(model::kRequestLimitExceeded);
    case engine::FaultError::ServiceUnavailable:
      return model::Error(model::kServiceUnavailable);
    case engine::FaultError::TransactionConflict:
      return model::Error(model::kTransactionConflict);
    case engine::FaultError::ReplicatedWriteConflict:
      return model::Error(model::kReplicatedWriteConflict);
    case engine::FaultError::InternalServerError:
    case engine::FaultError::None:
      break;
  }
  return model::Error(model::kInternalError);
}

}  // namespace

InjectedFaults inject_request_faults(const ActionContext& context, const JsonValue& request) {
  if (context.faults.empty()) return {};
  RequestTargets targets(request);
  engine::FaultOutcome outcome =
      context.faults.on_request({context.namespace_id, context.operation, targets.targets()});
  InjectedFaults injected{outcome.latency_ms, std::nullopt};
  if (outcome.error != engine::FaultError::None) injected.error = error_of(outcome.error);
  return injected;
}

}  // namespace minnow::api
