#include "api/admin/faults.h"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include "api/admin/admin_call.h"
#include "api/codec.h"
#include "api/router.h"
#include "api/table_lookup.h"
#include "engine/faults.h"
#include "engine/namespaces.h"
#include "model/admin_errors.h"

namespace minnow::api::admin {

namespace {

using engine::FaultError;

// The names of "error", as DynamoDB spells them after '#' in __type (TransactionConflict is the
// cancellation reason's code: it cancels transactions and fails single-item writes).
constexpr std::array<std::pair<FaultError, std::string_view>, 7> kErrorNames{{
    {FaultError::TransactionConflict, "TransactionConflict"},
    {FaultError::ProvisionedThroughputExceeded, "ProvisionedThroughputExceededException"},
    {FaultError::Throttling, "ThrottlingException"},
    {FaultError::RequestLimitExceeded, "RequestLimitExceeded"},
    {FaultError::InternalServerError, "InternalServerError"},
    {FaultError::ServiceUnavailable, "ServiceUnavailable"},
    {FaultError::ReplicatedWriteConflict, "ReplicatedWriteConflictException"},
}};

// Latency beyond this is surely a mistake (and would hold a connection for long).
constexpr int64_t kMaxLatencyMs = 5 * 60 * 1000;
constexpr int64_t kMaxCount = 10'000;
constexpr int64_t kMaxSeed = (int64_t{1} << 53) - 1;  // what a JavaScript client can send exactly

std::string_view error_name(FaultError error) {
  for (const auto& [e, name] : kErrorNames)
    if (e == error) return name;
  return "";
}

FaultError parse_error(const JsonValue& body) {
  const JsonValue* error = member(body, "error");
  if (!error) return FaultError::None;
  if (error->IsString())
    for (const auto& [e, name] : kErrorNames)
      if (view(*error) == name) return e;
  std::string names;
  for (const auto& [e, name] : kErrorNames) names += (names.empty() ? "" : ", ") + std::string(name);
  throw model::admin_fault_error_unknown(names);
}

std::vector<std::string> parse_operations(const JsonValue& body) {
  std::vector<std::string> operations;
  const JsonValue* v = member(body, "operation");
  if (!v) return operations;
  auto add = [&](const JsonValue& name) {
    if (!name.IsString() || !find_action_named(view(name))) throw model::Error(model::kAdminFaultOperation);
    operations.emplace_back(view(name));
  };
  if (v->IsArray()) {
    for (const auto& name : v->GetArray()) add(name);
    if (operations.empty()) throw model::Error(model::kAdminFaultNoOperations);
  } else {
    add(*v);
  }
  return operations;
}

engine::FaultRule parse_rule(Request& request, engine::Namespaces& namespaces) {
  JsonDocument body;
  parse_body(request, body);
  engine::FaultRule rule;
  rule.error = parse_error(body);
  rule.namespace_id = namespace_parameter(request, namespaces);
  rule.operations = parse_operations(body);
  if (const JsonValue* table = member(body, "table")) {
    if (!table->IsString() || table->GetStringLength() == 0) throw model::Error(model::kAdminFaultTable);
    rule.table = table_name_of(view(*table));
  }
  if (const JsonValue* k = member(body, "key"); k && !k->IsNull()) {
    if (!k->IsObject() || k->MemberCount() == 0) throw model::Error(model::kAdminFaultKey);
    rule.key = decode_attribute_map(*k);
  }
  rule.latency_ms = integer_member(body, "latencyMs", 0, kMaxLatencyMs).value_or(0);
  if (rule.error == FaultError::None && rule.latency_ms == 0) throw model::Error(model::kAdminFaultEmpty);
  if (rule.error == FaultError::TransactionConflict && rule.latency_ms > 0)
    throw model::Error(model::kAdminFaultLatencyWithConflict);
  const JsonValue* probability = member(body, "probability");
  if (probability) {
    if (!probability->IsNumber() || !(probability->GetDouble() > 0) || probability->GetDouble() > 1)
      throw model::Error(model::kAdminFaultProbability);
    rule.probability = probability->GetDouble();
  }
  if (auto seed = integer_member(body, "seed", 0, kMaxSeed)) {
    rule.seed = static_cast<uint64_t>(*seed);
  }
  // Without a probability a rule is for the next call, or the next `count` calls; with one,
  // for as many calls as it takes unless `count` limits it.
  rule.count = integer_member(body, "count", 1, kMaxCount);
  if (!rule.count && !probability) rule.count = 1;
  return rule;
}

void write_status(JsonWriter& w, const engine::FaultStatus& status) {
  const engine::FaultRule& rule = status.rule;
  auto string = [&](const char* key, std::string_view value) {
    w.Key(key);
    w.String(value.data(), value.size());
  };
  w.StartObject();
  w.Key("id");
  w.Uint64(status.id);
  if (rule.error != FaultError::None) string("error", error_name(rule.error));
  if (rule.latency_ms) {
    w.Key("latencyMs");
    w.Int64(rule.latency_ms);
  }
  if (rule.namespace_id) string("namespace", *rule.namespace_id);
  if (!rule.operations.empty()) {
    w.Key("operation");
    w.StartArray();
    for (const auto& op : rule.operations) w.String(op.data(), op.size());
    w.EndArray();
  }
  if (rule.table) string("table", *rule.table);
  if (rule.key) {
    w.Key("key");
    write_attribute_map(w, *rule.key);
  }
  if (rule.count) {
    w.Key("count");
    w.Int64(*rule.count);
  }
  if (rule.probability < 1) {
    w.Key("probability");
    w.Double(rule.probability);
    w.Key("seed");
    w.Uint64(rule.seed);
  }
  w.Key("matched");
  w.Int64(status.matched);
  w.Key("fired");
  w.Int64(status.fired);
  w.EndObject();
}

Reply status_reply(const std::vector<engine::FaultStatus>& statuses, bool as_list) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  if (as_list) {
    w.StartObject();
    w.Key("faults");
    w.StartArray();
  }
  for (const auto& status : statuses) write_status(w, status);
  if (as_list) {
    w.EndArray();
    w.EndObject();
  }
  return json_reply(std::string(buffer.GetString(), buffer.GetSize()));
}

Reply remove(const Request& request, const requests::ControlTargets& controls) {
  requests::RemoveFaultsRequest remove;
  if (auto id_text = query_parameter(request, "id")) {
    uint64_t id = 0;
    auto [end, ec] = std::from_chars(id_text->data(), id_text->data() + id_text->size(), id);
    if (ec != std::errc() || end != id_text->data() + id_text->size()) throw model::Error(model::kAdminFaultId);
    remove.id = id;
  } else {
    remove.scope = namespace_parameter(request, controls.namespaces);
  }
  return number_reply("removed", static_cast<int64_t>(requests::execute(controls, remove)));
}

}  // namespace

Reply faults(Request& request, const requests::ControlTargets& controls) {
  if (request.method == "DELETE") return remove(request, controls);
  if (request.method == "GET") {
    std::vector<engine::FaultStatus> all = controls.faults.list();
    if (auto id = namespace_parameter(request, controls.namespaces))
      std::erase_if(all,
                    [&](const engine::FaultStatus& s) { return s.rule.namespace_id && *s.rule.namespace_id != *id; });
    return status_reply(all, true);
  }
  if (request.method != "POST") throw model::admin_wrong_method("POST, GET or DELETE");
  requests::AddFaultRequest add{parse_rule(request, controls.namespaces)};
  const uint64_t id = requests::execute(controls, add);
  return status_reply({engine::FaultStatus{id, std::move(add.rule), 0, 0}}, false);
}

}  // namespace minnow::api::admin
