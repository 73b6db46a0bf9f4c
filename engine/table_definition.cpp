#include "engine/table_definition.h"

#include <algorithm>

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

}  // namespace minnow::engine
