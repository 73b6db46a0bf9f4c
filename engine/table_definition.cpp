#include "engine/table_definition.h"

#include <algorithm>
#include <cmath>

namespace minnow::engine {

WarmThroughput warm_throughput(const std::optional<WarmThroughput>& given, const ProvisionedThroughput* provisioned) {
  WarmThroughput at_once{provisioned ? provisioned->read_capacity_units : kOnDemandWarmReadUnits,
                         provisioned ? provisioned->write_capacity_units : kOnDemandWarmWriteUnits};
  if (given) {
    at_once.read_units_per_second = std::max(at_once.read_units_per_second, given->read_units_per_second);
    at_once.write_units_per_second = std::max(at_once.write_units_per_second, given->write_units_per_second);
  }
  return at_once;
}

int64_t partitions(const TableDefinition& table, uint64_t size_bytes) {
  constexpr double kReadUnitsPerPartition = 3000, kWriteUnitsPerPartition = 1000;
  constexpr uint64_t kBytesPerPartition = 10ull * 1024 * 1024 * 1024;
  int64_t by_throughput = 0;
  if (table.billing_mode == BillingMode::Provisioned) {
    by_throughput = static_cast<int64_t>(std::ceil(table.throughput.read_capacity_units / kReadUnitsPerPartition +
                                                   table.throughput.write_capacity_units / kWriteUnitsPerPartition));
  } else {
    const WarmThroughput warm = warm_throughput(table.warm_throughput, nullptr);
    by_throughput = static_cast<int64_t>(std::max(std::ceil(warm.read_units_per_second / kReadUnitsPerPartition),
                                                  std::ceil(warm.write_units_per_second / kWriteUnitsPerPartition)));
  }
  const auto by_size = static_cast<int64_t>((size_bytes + kBytesPerPartition - 1) / kBytesPerPartition);
  return std::max<int64_t>({by_throughput, by_size, 1});
}

void drop_own_settings(TableDefinition& def) {
  def.deleting_indexes.clear();
  def.deleting_vector_indexes.clear();
  def.deletion_protection = false;
  def.tags.clear();
  def.point_in_time_recovery = {};
  def.resource_policy.reset();
  def.stream_policies.clear();
  def.contributor_insights.clear();
  def.kinesis_destinations.clear();
  def.auto_scaling.clear();
  def.restore.reset();
  def.replicas.clear();
  def.global_table_2017_ms = 0;
  def.strong_consistency = false;
  def.witness_region.clear();
  def.disassociation_protection = true;
  def.replica_overrides = {};
  def.overridden_values = {};
  def.settings_replication_mode.clear();
}

void merge_overrides(ReplicaOverrides& overrides, const ReplicaOverrides& update) {
  if (update.read_capacity_units) overrides.read_capacity_units = update.read_capacity_units;
  if (update.max_read_request_units) overrides.max_read_request_units = update.max_read_request_units;
  if (update.table_class) overrides.table_class = update.table_class;
  for (const ReplicaOverrides::Index& given : update.indexes) {
    auto same = std::find_if(overrides.indexes.begin(), overrides.indexes.end(),
                             [&](const ReplicaOverrides::Index& i) { return i.name == given.name; });
    if (same == overrides.indexes.end()) {
      overrides.indexes.push_back(given);
      continue;
    }
    if (given.read_capacity_units) same->read_capacity_units = given.read_capacity_units;
    if (given.max_read_request_units) same->max_read_request_units = given.max_read_request_units;
  }
}

namespace {

using IndexOverride = ReplicaOverrides::Index;

// The GSI named `name`, or null.
IndexDefinition* global_index_named(TableDefinition& def, const std::string& name) {
  for (IndexDefinition& gsi : def.global_indexes)
    if (gsi.name == name) return &gsi;
  return nullptr;
}

// Puts `units` in place of a provisioned read capacity (`throughput`, null for a GSI of an
// on-demand table) or an on-demand maximum (`on_demand`, -1: none), whichever the table's mode
// has, keeping the value replaced in `kept`.
void replace_reads(ProvisionedThroughput* throughput, std::optional<OnDemandThroughput>& on_demand, BillingMode mode,
                   const IndexOverride& units, IndexOverride& kept) {
  if (mode == BillingMode::Provisioned && units.read_capacity_units && throughput) {
    kept.read_capacity_units = throughput->read_capacity_units;
    throughput->read_capacity_units = *units.read_capacity_units;
  }
  if (mode == BillingMode::PayPerRequest && units.max_read_request_units) {
    if (!on_demand) on_demand = OnDemandThroughput{};
    kept.max_read_request_units = on_demand->max_read_request_units;
    on_demand->max_read_request_units = *units.max_read_request_units;
    if (on_demand->max_read_request_units == -1 && on_demand->max_write_request_units == -1) on_demand.reset();
  }
}

}  // namespace

void apply_replica_overrides(TableDefinition& def) {
  remove_replica_overrides(def);
  const ReplicaOverrides& own = def.replica_overrides;
  ReplicaOverrides& kept = def.overridden_values;
  IndexOverride table_kept;
  replace_reads(&def.throughput, def.on_demand_throughput, def.billing_mode,
                {"", own.read_capacity_units, own.max_read_request_units}, table_kept);
  kept.read_capacity_units = table_kept.read_capacity_units;
  kept.max_read_request_units = table_kept.max_read_request_units;
  for (const IndexOverride& index : own.indexes) {
    IndexDefinition* gsi = global_index_named(def, index.name);
    if (!gsi) continue;
    IndexOverride index_kept{index.name, std::nullopt, std::nullopt};
    replace_reads(gsi->throughput ? &*gsi->throughput : nullptr, gsi->on_demand_throughput, def.billing_mode, index,
                  index_kept);
    kept.indexes.push_back(std::move(index_kept));
  }
  if (own.table_class) {
    kept.table_class = def.table_class;
    def.table_class = *own.table_class;
  }
}

void remove_replica_overrides(TableDefinition& def) {
  ReplicaOverrides& kept = def.overridden_values;
  IndexOverride ignored;
  replace_reads(&def.throughput, def.on_demand_throughput, def.billing_mode,
                {"", kept.read_capacity_units, kept.max_read_request_units}, ignored);
  for (const IndexOverride& index : kept.indexes)
    if (IndexDefinition* gsi = global_index_named(def, index.name))
      replace_reads(gsi->throughput ? &*gsi->throughput : nullptr, gsi->on_demand_throughput, def.billing_mode, index,
                    ignored);
  if (kept.table_class) def.table_class = *kept.table_class;
  kept = {};
}

}  // namespace minnow::engine
