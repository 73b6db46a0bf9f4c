// A ProvisionedThroughput, an OnDemandThroughput and a WarmThroughput member, after their Shape, as the engine
// keeps them: what CreateTable (the table and its GSIs) and the restores' overrides read alike.
#pragma once

#include "api/json.h"
#include "engine/table_definition.h"

namespace minnow::api {

engine::ProvisionedThroughput throughput_of(const JsonValue& throughput);
// The limits given (MaxReadRequestUnits, MaxWriteRequestUnits); the others keep their default.
engine::OnDemandThroughput on_demand_of(const JsonValue& limits);
// A WarmThroughput member: the units given (ReadUnitsPerSecond, WriteUnitsPerSecond), 0 the others.
engine::WarmThroughput warm_of(const JsonValue& warm);

}  // namespace minnow::api
