#include "requests/throttling.h"

#include "model/fault_errors.h"

namespace minnow::requests {

namespace {

using engine::ThroughputKind;

// The provisioned rate of the table ("") or of one of its global indexes; 0 when it has none.
double rate_of(const engine::TableDefinition& definition, const std::string& index, ThroughputKind kind) {
  const engine::ProvisionedThroughput* throughput = &definition.throughput;
  if (!index.empty()) {
    throughput = nullptr;
    for (const engine::IndexDefinition& gsi : definition.global_indexes)
      if (gsi.name == index && gsi.throughput) throughput = &*gsi.throughput;
    if (!throughput) return 0;
  }
  return static_cast<double>(kind == ThroughputKind::Read ? throughput->read_capacity_units
                                                          : throughput->write_capacity_units);
}

[[noreturn]] void throttle(const Context& context, const engine::Table& table, const std::string& index,
                           ThroughputKind kind) {
  model::Error error(model::kProvisionedThroughputExceeded);
  std::string resource = "arn:aws:dynamodb:";
  resource.append(context.region).append(1, ':').append(context.account_id).append(":table/").append(table.name());
  if (!index.empty()) resource.append("/index/").append(index);
  std::string reason = index.empty() ? "Table" : "Index";
  reason += kind == ThroughputKind::Read ? "Read" : "Write";
  reason += "ProvisionedThroughputExceeded";
  error.throttling_reasons.push_back({std::move(reason), std::move(resource)});
  throw error;
}

void admit(const Context& context, const engine::Table& table, const std::string& index, ThroughputKind kind,
           double units) {
  const double rate = rate_of(table.definition(), index, kind);
  if (rate > 0 && !table.throughput().admits(index, kind, rate, units, context.now_ms))
    throttle(context, table, index, kind);
}

}  // namespace

bool metered(const Context& context, const engine::Table& table) {
  return context.database.options().capacity_model &&
         table.definition().billing_mode == engine::BillingMode::Provisioned;
}

void admit_read(const Context& context, const engine::Table& table, const std::string* global_index, bool consistent) {
  if (!metered(context, table)) return;
  admit(context, table, global_index ? *global_index : std::string(), ThroughputKind::Read, consistent ? 1 : 0.5);
}

void admit_write(const Context& context, const engine::Table& table) {
  if (!metered(context, table)) return;
  admit(context, table, std::string(), ThroughputKind::Write, 1);
}

void charge(const Context& context, const engine::Table& table, ThroughputKind kind,
            const CapacityBreakdown& consumed) {
  if (!metered(context, table)) return;
  const engine::TableDefinition definition = table.definition();
  auto charge_one = [&](const std::string& index, double units) {
    const double rate = rate_of(definition, index, kind);
    if (rate > 0 && units > 0) table.throughput().charge(index, kind, rate, units, context.now_ms);
  };
  double table_units = consumed.table;
  for (const auto& [name, units] : consumed.local_indexes) table_units += units;
  charge_one("", table_units);
  for (const auto& [name, units] : consumed.global_indexes) charge_one(name, units);
}

}  // namespace minnow::requests
