#include "api/throughput_members.h"

#include "api/shape.h"

namespace minnow::api {

engine::ProvisionedThroughput throughput_of(const JsonValue& throughput) {
  engine::ProvisionedThroughput t;
  t.read_capacity_units = coral_long(throughput["ReadCapacityUnits"]);
  t.write_capacity_units = coral_long(throughput["WriteCapacityUnits"]);
  return t;
}

engine::OnDemandThroughput on_demand_of(const JsonValue& limits) {
  engine::OnDemandThroughput on_demand;
  if (const JsonValue* v = member(limits, "MaxReadRequestUnits")) on_demand.max_read_request_units = coral_long(*v);
  if (const JsonValue* v = member(limits, "MaxWriteRequestUnits")) on_demand.max_write_request_units = coral_long(*v);
  return on_demand;
}

engine::WarmThroughput warm_of(const JsonValue& warm) {
  engine::WarmThroughput units;
  if (const JsonValue* v = member(warm, "ReadUnitsPerSecond")) units.read_units_per_second = coral_long(*v);
  if (const JsonValue* v = member(warm, "WriteUnitsPerSecond")) units.write_units_per_second = coral_long(*v);
  return units;
}

}  // namespace minnow::api
