#include "requests/throttling.h"

#include "model/fault_errors.h"

namespace minnow::requests {

using engine::ThroughputKind;

TableMeter::TableMeter(const Context& context, const engine::Table& table) : context_(context), table_(table) {
  if (!context.database.options().capacity_model) return;
  engine::TableDefinition definition = table.definition();
  if (definition.billing_mode == engine::BillingMode::Provisioned) definition_ = std::move(definition);
}

// The provisioned rate of the table ("") or of one of its global indexes; 0 when it has none.
double TableMeter::rate(const std::string& index, ThroughputKind kind) const {
  const engine::ProvisionedThroughput* throughput = &definition_->throughput;
  if (!index.empty()) {
    throughput = nullptr;
    for (const engine::IndexDefinition& gsi : definition_->global_indexes)
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

bool TableMeter::admits_read(const std::string* global_index, bool consistent) const {
  return admits(global_index ? *global_index : std::string(), ThroughputKind::Read, consistent ? 1 : 0.5);
}

bool TableMeter::admits_write() const { return admits(std::string(), ThroughputKind::Write, 1); }

std::optional<std::string> TableMeter::index_refusing_write(const IndexWriteCharges& charges) const {
  if (!metered()) return std::nullopt;
  for (const std::string& index : charges.touched_global_indexes())
    if (!admits(index, ThroughputKind::Write, 1)) return index;
  return std::nullopt;
}

void TableMeter::admit_read(const std::string* global_index, bool consistent) const {
  if (!admits_read(global_index, consistent))
    throw throttled(global_index ? *global_index : std::string(), ThroughputKind::Read);
}

void TableMeter::admit_write() const {
  if (!admits_write()) throw throttled(std::string(), ThroughputKind::Write);
}

model::Error TableMeter::throttled(const std::string& index, ThroughputKind kind) const {
  const bool index_write = !index.empty() && kind == ThroughputKind::Write;
  model::Error error(index_write ? model::kProvisionedThroughputExceededOnIndexes
                                 : model::kProvisionedThroughputExceeded);
  std::string resource = "arn:aws:dynamodb:";
  resource.append(context_.region).append(1, ':').append(context_.account_id).append(":table/").append(table_.name());
  if (!index.empty()) resource.append("/index/").append(index);
  std::string reason = index.empty() ? "Table" : "Index";
  reason += kind == ThroughputKind::Read ? "Read" : "Write";
  reason += "ProvisionedThroughputExceeded";
  error.throttling_reasons.push_back({std::move(reason), std::move(resource)});
  return error;
}

void TableMeter::charge(ThroughputKind kind, const CapacityBreakdown& consumed) const {
  if (!metered()) return;
  auto charge_one = [&](const std::string& index, double units) {
    const double r = rate(index, kind);
    if (r > 0 && units > 0) table_.throughput().charge(index, kind, r, units, context_.now_ms);
  };
  double table_units = consumed.table;
  for (const auto& [name, units] : consumed.local_indexes) table_units += units;
  charge_one("", table_units);
  for (const auto& [name, units] : consumed.global_indexes) charge_one(name, units);
}

}  // namespace minnow::requests
