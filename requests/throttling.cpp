#include "requests/throttling.h"

#include "model/fault_errors.h"
#include "model/key.h"

namespace minnow::requests {

using engine::ThroughputKind;

TableMeter::TableMeter(const Context& context, const engine::Table& table) : context_(context), table_(table) {
  on_ = context.database.options().capacity_model;
  if (!on_) return;
  engine::TableDefinition definition = table.definition();
  if (definition.billing_mode == engine::BillingMode::Provisioned) provisioned_ = std::move(definition);
}

// The provisioned rate of the table ("") or of one of its global indexes; 0 when it has none.
double TableMeter::rate(const std::string& index, ThroughputKind kind) const {
  const engine::ProvisionedThroughput* throughput = &provisioned_->throughput;
  if (!index.empty()) {
    throughput = nullptr;
    for (const engine::IndexDefinition& gsi : provisioned_->global_indexes)
      if (gsi.name == index && gsi.throughput) throughput = &*gsi.throughput;
    if (!throughput) return 0;
  }
  return static_cast<double>(kind == ThroughputKind::Read ? throughput->read_capacity_units
                                                          : throughput->write_capacity_units);
}

bool TableMeter::admits(const std::string& index, ThroughputKind kind, double units) const {
  if (!metered()) return true;
  const double r = rate(index, kind);
  return r <= 0 || table_.throughput().admits(index, kind, r, units, context_.now_ms);
}

// ResourceType (Table, Index) + OperationType (Read, Write) + LimitType, and the resource's ARN;
// the error of the table's billing mode, with AWS's texts.
model::Error TableMeter::refusal(const std::string& index, ThroughputKind kind, const char* limit) const {
  const bool index_write = !index.empty() && kind == ThroughputKind::Write;
  model::Error error(!provisioned_  ? model::kThrottlingOnDemand
                     : index_write ? model::kProvisionedThroughputExceededOnIndexes
                                   : model::kProvisionedThroughputExceeded);
  std::string resource = "arn:aws:dynamodb:";
  resource.append(context_.region).append(1, ':').append(context_.account_id).append(":table/").append(table_.name());
  if (!index.empty()) resource.append("/index/").append(index);
  std::string reason = index.empty() ? "Table" : "Index";
  reason.append(kind == ThroughputKind::Read ? "Read" : "Write").append(limit);
  error.throttling_reasons.push_back({std::move(reason), std::move(resource)});
  return error;
}

const model::AttributeValue* TableMeter::partition_of(const model::AttributeMap& key) const {
  auto it = key.find(table_.key_schema().hash.name);
  return it == key.end() ? nullptr : &it->second;
}

std::optional<model::Error> TableMeter::read_refusal(const std::string* global_index,
                                                     const model::AttributeValue* partition, double units) const {
  if (!on_) return std::nullopt;
  const std::string index = global_index ? *global_index : std::string();
  if (!admits(index, ThroughputKind::Read, units)) return refusal(index, ThroughputKind::Read, "ProvisionedThroughputExceeded");
  if (partition && !table_.throughput().admits_key(model::partition_prefix(*partition), ThroughputKind::Read, units,
                                                   context_.now_ms))
    return refusal(std::string(), ThroughputKind::Read, "KeyRangeThroughputExceeded");
  return std::nullopt;
}

std::optional<model::Error> TableMeter::write_refusal(const model::AttributeValue* partition, double units) const {
  if (!on_) return std::nullopt;
  if (!admits(std::string(), ThroughputKind::Write, units))
    return refusal(std::string(), ThroughputKind::Write, "ProvisionedThroughputExceeded");
  if (partition && !table_.throughput().admits_key(model::partition_prefix(*partition), ThroughputKind::Write, units,
                                                   context_.now_ms))
    return refusal(std::string(), ThroughputKind::Write, "KeyRangeThroughputExceeded");
  return std::nullopt;
}

std::optional<model::Error> TableMeter::index_refusal(const IndexWriteCharges& charges) const {
  if (!metered()) return std::nullopt;
  for (const std::string& index : charges.touched_global_indexes())
    if (!admits(index, ThroughputKind::Write, 1))
      return refusal(index, ThroughputKind::Write, "ProvisionedThroughputExceeded");
  return std::nullopt;
}

void TableMeter::admit_read(const std::string* global_index, const model::AttributeValue* partition,
                            double units) const {
  if (auto refused = read_refusal(global_index, partition, units)) throw *refused;
}

void TableMeter::admit_write(const model::AttributeValue* partition) const {
  if (auto refused = write_refusal(partition, 1)) throw *refused;
}

void TableMeter::charge(ThroughputKind kind, const CapacityBreakdown& consumed,
                        const model::AttributeValue* partition) const {
  if (!on_) return;
  double table_units = consumed.table;
  for (const auto& [name, units] : consumed.local_indexes) table_units += units;
  if (partition && table_units > 0)
    table_.throughput().charge_key(model::partition_prefix(*partition), kind, table_units, context_.now_ms);
  if (!metered()) return;
  auto charge_one = [&](const std::string& index, double units) {
    const double r = rate(index, kind);
    if (r > 0 && units > 0) table_.throughput().charge(index, kind, r, units, context_.now_ms);
  };
  charge_one("", table_units);
  for (const auto& [name, units] : consumed.global_indexes) charge_one(name, units);
}

}  // namespace minnow::requests
