#include "requests/throttling.h"

#include <algorithm>

#include "model/arn.h"
#include "model/fault_errors.h"

namespace minnow::requests {

using engine::ThroughputKind;

namespace {

// A provisioned table keeps 300 seconds of unused throughput; an on-demand maximum is a rate, of
// which a bucket holds one second.
int64_t burst_seconds(bool provisioned) { return provisioned ? engine::kBurstSeconds : 1; }

}  // namespace

TableMeter::TableMeter(const Context& context, const engine::Table& table) : context_(context), table_(table) {
  if (!table.throughput().model().value_or(context.database.options().capacity_model)) return;
  definition_ = table.definition();
  provisioned_ = definition_->billing_mode == engine::BillingMode::Provisioned;
}

double TableMeter::rate(const std::string& index, ThroughputKind kind) const {
  const bool read = kind == ThroughputKind::Read;
  auto provisioned = [&](const engine::ProvisionedThroughput& t) {
    return static_cast<double>(read ? t.read_capacity_units : t.write_capacity_units);
  };
  auto maximum = [&](const engine::OnDemandThroughput& t) {
    return static_cast<double>(std::max<int64_t>(0, read ? t.max_read_request_units : t.max_write_request_units));
  };
  if (index.empty()) {
    if (provisioned_) return provisioned(definition_->throughput);
    return definition_->on_demand_throughput ? maximum(*definition_->on_demand_throughput) : 0;
  }
  for (const engine::IndexDefinition& gsi : definition_->global_indexes) {
    if (gsi.name != index) continue;
    if (provisioned_) return gsi.throughput ? provisioned(*gsi.throughput) : 0;
    return gsi.on_demand_throughput ? maximum(*gsi.on_demand_throughput) : 0;
  }
  return 0;
}

bool TableMeter::admits(const std::string& index, ThroughputKind kind, double units) const {
  if (!metered()) return true;
  const double r = rate(index, kind);
  return r <= 0 || table_.throughput().admits(index, kind, r, burst_seconds(provisioned_), units, context_.now_ms);
}

// ResourceType (Table, Index) + OperationType (Read, Write) + LimitType, and the resource's ARN;
// the error of the table's billing mode, with AWS's texts. `key`: the partition key value whose
// bucket refused (null: the table's or the index's). Noted for the report.
model::Error TableMeter::refusal(const std::string& index, ThroughputKind kind, const model::AttributeValue* key) const {
  const bool key_range = key != nullptr;
  const bool index_write = !index.empty() && kind == ThroughputKind::Write;
  model::Error error(provisioned_ ? index_write ? model::kProvisionedThroughputExceededOnIndexes
                                                : model::kProvisionedThroughputExceeded
                     : key_range  ? model::kThrottlingOnDemand
                                  : model::kThrottling);
  std::string resource = model::arn("dynamodb", context_.region, context_.account_id, "table/" + table_.name());
  if (!index.empty()) resource.append("/index/").append(index);
  std::string reason = index.empty() ? "Table" : "Index";
  reason.append(kind == ThroughputKind::Read ? "Read" : "Write");
  reason.append(key_range      ? "KeyRangeThroughputExceeded"
                : provisioned_ ? "ProvisionedThroughputExceeded"
                               : "MaxOnDemandThroughputExceeded");
  engine::ThrottleEvent event{context_.now_ms, std::string(context_.operation), reason, resource, std::nullopt};
  if (key) event.key = *key;
  table_.throughput().note_throttle(index, kind, std::move(event));
  error.throttling_reasons.push_back({std::move(reason), std::move(resource)});
  return error;
}

const model::AttributeValue* TableMeter::partition_of(const model::AttributeMap& key) const {
  if (!metered()) return nullptr;
  auto it = key.find(table_.key_schema().hash.name);
  return it == key.end() ? nullptr : &it->second;
}

std::optional<model::Error> TableMeter::read_refusal(const std::string* global_index,
                                                     const model::AttributeValue* partition, double units) const {
  if (!metered()) return std::nullopt;
  const std::string index = global_index ? *global_index : std::string();
  if (!admits(index, ThroughputKind::Read, units)) return refusal(index, ThroughputKind::Read, nullptr);
  if (partition && !table_.throughput().admits_key(*partition, ThroughputKind::Read, units,
                                                   context_.now_ms))
    return refusal(std::string(), ThroughputKind::Read, partition);
  return std::nullopt;
}

std::optional<model::Error> TableMeter::write_refusal(const model::AttributeValue* partition, double units) const {
  if (!metered()) return std::nullopt;
  if (!admits(std::string(), ThroughputKind::Write, units)) return refusal(std::string(), ThroughputKind::Write, nullptr);
  if (partition && !table_.throughput().admits_key(*partition, ThroughputKind::Write, units,
                                                   context_.now_ms))
    return refusal(std::string(), ThroughputKind::Write, partition);
  return std::nullopt;
}

std::optional<model::Error> TableMeter::index_refusal(const IndexWriteCharges& charges) const {
  if (!metered()) return std::nullopt;
  for (const std::string& index : charges.touched_global_indexes())
    if (!admits(index, ThroughputKind::Write, write_units(0))) return refusal(index, ThroughputKind::Write, nullptr);
  return std::nullopt;
}

void TableMeter::admit_read(const std::string* global_index, const model::AttributeValue* partition,
                            double units) const {
  if (auto refused = read_refusal(global_index, partition, units)) throw *refused;
}

void TableMeter::admit_write(const model::AttributeValue* partition) const {
  if (auto refused = write_refusal(partition, write_units(0))) throw *refused;
}

void TableMeter::charge(ThroughputKind kind, const CapacityBreakdown& consumed,
                        const model::AttributeValue* partition) const {
  if (!metered()) return;
  double table_units = consumed.table;
  for (const auto& [name, units] : consumed.local_indexes) table_units += units;
  if (partition && table_units > 0)
    table_.throughput().charge_key(*partition, kind, table_units, context_.now_ms);
  auto charge_one = [&](const std::string& index, double units) {
    const double r = rate(index, kind);
    if (r > 0 && units > 0)
      table_.throughput().charge(index, kind, r, burst_seconds(provisioned_), units, context_.now_ms);
  };
  charge_one("", table_units);
  for (const auto& [name, units] : consumed.global_indexes) charge_one(name, units);
}

}  // namespace minnow::requests
