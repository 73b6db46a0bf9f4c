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

const std::string kTable;  // the table's own buckets and keys: index ""

}  // namespace

TableMeter::TableMeter(const Context& context, const engine::Table& table) : context_(context), table_(table) {
  if (!table.throughput().model().value_or(context.database.options().capacity_model)) return;
  definition_ = table.definition();
  provisioned_ = definition_->billing_mode == engine::BillingMode::Provisioned;
}

TableMeter::Rate TableMeter::rate(const std::string& index, ThroughputKind kind) const {
  const bool read = kind == ThroughputKind::Read;
  const engine::ProvisionedThroughput* provisioned = &definition_->throughput;
  const engine::OnDemandThroughput* maximum = definition_->on_demand_throughput ? &*definition_->on_demand_throughput
                                                                                : nullptr;
  const std::optional<engine::WarmThroughput>* warm = &definition_->warm_throughput;
  if (!index.empty()) {
    auto gsi = std::find_if(definition_->global_indexes.begin(), definition_->global_indexes.end(),
                            [&](const engine::IndexDefinition& i) { return i.name == index; });
    if (gsi == definition_->global_indexes.end()) return {};
    provisioned = gsi->throughput ? &*gsi->throughput : nullptr;
    maximum = gsi->on_demand_throughput ? &*gsi->on_demand_throughput : nullptr;
    warm = &gsi->warm_throughput;
  }
  if (provisioned_) {
    if (!provisioned) return {};
    return {static_cast<double>(read ? provisioned->read_capacity_units : provisioned->write_capacity_units),
            Limit::Provisioned};
  }
  const int64_t max_units = maximum ? (read ? maximum->max_read_request_units : maximum->max_write_request_units) : 0;
  // What it can take at once: its warm throughput, twice its settled peak, within the quota.
  const engine::WarmThroughput at_once = engine::warm_throughput(*warm, nullptr);
  const double floor = static_cast<double>(read ? at_once.read_units_per_second : at_once.write_units_per_second);
  const double doubled = 2 * table_.throughput().settled_peak(index, kind, context_.now_ms);
  Rate capacity{std::max(floor, doubled), Limit::OnDemandCapacity};
  if (capacity.units >= engine::kTableQuotaUnitsPerSecond)
    capacity = {engine::kTableQuotaUnitsPerSecond, Limit::AccountQuota};
  if (max_units > 0 && static_cast<double>(max_units) <= capacity.units)
    return {static_cast<double>(max_units), Limit::MaxOnDemand};
  return capacity;
}

bool TableMeter::admits(const std::string& index, ThroughputKind kind, double units, Rate r) const {
  return r.units <= 0 ||
         table_.throughput().admits(index, kind, r.units, burst_seconds(provisioned_), units, context_.now_ms);
}

std::optional<model::Error> TableMeter::bucket_refusal(const std::string& index, ThroughputKind kind,
                                                       double units) const {
  const Rate r = rate(index, kind);
  if (admits(index, kind, units, r)) return std::nullopt;
  return refusal(index, kind, r.limit);
}

// ResourceType (Table, Index) + OperationType (Read, Write) + LimitType, and the resource's ARN;
// the error of the table's billing mode, with AWS's texts: an on-demand table past what it can
// take at once is "scaling" (and the partitions that cannot take more are a key range's limit),
// past its maximum or the quota it exceeds "the allowed throughput". `key`: the partition key
// value whose bucket refused (null: the table's or the index's). Noted for the report.
model::Error TableMeter::refusal(const std::string& index, ThroughputKind kind, Limit limit,
                                 const model::AttributeValue* key) const {
  const bool index_write = !index.empty() && kind == ThroughputKind::Write;
  const bool scaling = limit == Limit::KeyRange || limit == Limit::OnDemandCapacity;
  model::Error error(provisioned_ ? index_write ? model::kProvisionedThroughputExceededOnIndexes
                                                : model::kProvisionedThroughputExceeded
                     : scaling    ? model::kThrottlingOnDemand
                                  : model::kThrottling);
  std::string resource = model::arn("dynamodb", context_.region, context_.account_id, "table/" + table_.name());
  if (!index.empty()) resource.append("/index/").append(index);
  std::string reason = index.empty() ? "Table" : "Index";
  reason.append(kind == ThroughputKind::Read ? "Read" : "Write");
  switch (limit) {
    case Limit::Provisioned:
      reason.append("ProvisionedThroughputExceeded");
      break;
    case Limit::MaxOnDemand:
      reason.append("MaxOnDemandThroughputExceeded");
      break;
    case Limit::AccountQuota:
      reason.append("AccountLimitExceeded");
      break;
    case Limit::OnDemandCapacity:
    case Limit::KeyRange:
      reason.append("KeyRangeThroughputExceeded");
      break;
  }
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

std::optional<model::Error> TableMeter::key_refusal(const std::string& index, ThroughputKind kind,
                                                    const model::AttributeValue& partition, double units) const {
  if (table_.throughput().admits_key({index, partition}, kind, units, context_.now_ms)) return std::nullopt;
  return refusal(index, kind, Limit::KeyRange, &partition);
}

std::optional<model::Error> TableMeter::read_refusal(const std::string* global_index,
                                                     const model::AttributeValue* partition, double units) const {
  if (!metered()) return std::nullopt;
  const std::string& index = global_index ? *global_index : kTable;
  if (auto refused = bucket_refusal(index, ThroughputKind::Read, units)) return refused;
  if (partition) return key_refusal(index, ThroughputKind::Read, *partition, units);
  return std::nullopt;
}

std::optional<model::Error> TableMeter::write_refusal(const model::AttributeValue* partition, double units) const {
  if (!metered()) return std::nullopt;
  if (auto refused = bucket_refusal(kTable, ThroughputKind::Write, units)) return refused;
  if (partition) return key_refusal(kTable, ThroughputKind::Write, *partition, units);
  return std::nullopt;
}

std::optional<model::Error> TableMeter::index_refusal(const IndexWriteCharges& charges) const {
  if (!metered()) return std::nullopt;
  for (const IndexWriteCharges::TouchedIndex& index : charges.touched_global_indexes()) {
    if (auto refused = bucket_refusal(*index.name, ThroughputKind::Write, write_units(0))) return refused;
    if (auto refused = key_refusal(*index.name, ThroughputKind::Write, *index.partition, write_units(0)))
      return refused;
  }
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
    table_.throughput().charge_key({kTable, *partition}, kind, table_units, context_.now_ms);
  auto charge_one = [&](const std::string& index, double units) {
    const double r = rate(index, kind).units;
    if (r > 0 && units > 0)
      table_.throughput().charge(index, kind, r, burst_seconds(provisioned_), units, context_.now_ms);
  };
  charge_one(kTable, table_units);
  for (const auto& [name, units] : consumed.global_indexes) charge_one(name, units);
}

void TableMeter::charge_index_key(const std::string& index, ThroughputKind kind, const model::AttributeValue& partition,
                                  double units) const {
  if (metered() && units > 0) table_.throughput().charge_key({index, partition}, kind, units, context_.now_ms);
}

void TableMeter::charge_index_keys(const IndexWriteCharges& writes, const CapacityBreakdown& consumed) const {
  if (!metered()) return;
  for (const IndexWriteCharges::TouchedIndex& index : writes.touched_global_indexes()) {
    for (const auto& [name, units] : consumed.global_indexes)
      if (name == *index.name) charge_index_key(name, ThroughputKind::Write, *index.partition, units);
  }
}

}  // namespace minnow::requests
