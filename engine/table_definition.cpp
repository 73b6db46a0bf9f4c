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
}

}  // namespace minnow::engine
