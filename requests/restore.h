// Restoring a table as a typed request, shared by RestoreTableFromBackup and
// RestoreTableToPointInTime: a new table made of a source table's definition and items at one
// instant, with the overrides AWS documents.
//
// The new table keeps the source's key schema, attribute definitions (those its keys and kept
// indexes use), indexes, billing mode and throughput, encryption and table class. As AWS
// documents, it does not get the source's tags, stream, Time to Live, point-in-time recovery,
// resource policy, auto scaling, contributor insights, Kinesis destinations or deletion
// protection. Overrides: BillingModeOverride, ProvisionedThroughputOverride,
// OnDemandThroughputOverride, SSESpecificationOverride, and Global/Local/VectorIndexOverride:
// the indexes to keep, each of which must match one of the source's (name, key schema and
// projection; a GSI's throughput may be given anew).
//
// The table is CREATING with RestoreSummary.RestoreInProgress; with -delayTransientStatuses
// DescribeTable shows that for kTransientPhaseMs, then ACTIVE. The items are in the table before
// it is visible at all.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/recovery_log.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "engine/table_settings.h"
#include "requests/context.h"

namespace minnow::requests {

// One entry of GlobalSecondaryIndexOverride or LocalSecondaryIndexOverride.
struct IndexOverride {
  std::string name;
  std::vector<engine::KeySchemaElement> key_schema;
  engine::Projection projection;
  std::optional<engine::ProvisionedThroughput> throughput;  // a GSI's, given anew
  std::optional<engine::OnDemandThroughput> on_demand_throughput;
};

// The overrides given; an absent one leaves the source's setting.
struct RestoreOverrides {
  std::optional<std::vector<IndexOverride>> global_indexes;
  std::optional<std::vector<IndexOverride>> local_indexes;
  std::optional<std::vector<std::string>> vector_indexes;  // their names
  std::optional<engine::BillingMode> billing_mode;
  std::optional<engine::ProvisionedThroughput> throughput;
  std::optional<engine::OnDemandThroughput> on_demand_throughput;
  // SSESpecificationOverride given: the encryption it asks for, or none when it is not Enabled.
  std::optional<std::optional<engine::SseSpecification>> sse;
};

// `source` with `overrides` applied, the attribute definitions trimmed to those still used.
// Overrides that do not fit the source throw ValidationException (model/control_errors.h): an
// index override that matches none of its indexes, throughput with PAY_PER_REQUEST, none when a
// PAY_PER_REQUEST source becomes PROVISIONED. The front end calls it, before anything changes.
engine::TableDefinition restored_definition(engine::TableDefinition source, const RestoreOverrides& overrides);

struct RestoreTableRequest {
  std::string target;                                // TargetTableName
  std::string table_id;                              // the new table's TableId
  engine::TableDefinition definition;                // restored_definition's
  std::shared_ptr<const engine::StoredItems> items;  // the source's items at the instant restored
  engine::RestoreSummary summary;                    // its transient_until_ms set by execute
};

struct RestoreTableResult {
  std::shared_ptr<engine::Table> table;  // null: a table of that name exists already
  engine::TableDefinition definition;    // the new table's, as created
};

// Creates the table with its items, without what a restore does not carry over.
RestoreTableResult execute(const Context& context, RestoreTableRequest request);

}  // namespace minnow::requests
