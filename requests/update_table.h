// UpdateTable as a typed request. The front end (api/tables/update_table) decodes every member,
// making the checks that need no table in DynamoDB's order, and finds the table. What is left
// depends on the table's current definition (throughput changes, indexes that exist or not, a
// stream already on), so execute() runs the front end's `plan` on it under the table's exclusive
// lock: concurrent updates see each other, and a plan that refuses (throws) changes nothing but
// the transient statuses it settled. The plan reads only this struct and the definition.
//
// To add a member: a field here (absent: std::nullopt or empty), its decoding in the front end's
// decode(), and its step in the front end's plan, at its place in DynamoDB's order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/function_ref.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "requests/context.h"
#include "requests/replicas.h"

namespace minnow::requests {

// A ProvisionedThroughput as requested.
struct ThroughputUnits {
  int64_t read = 0;
  int64_t write = 0;
};

// A Projection as requested, before its checks: ProjectionType may be missing, NonKeyAttributes
// may come without INCLUDE.
struct RequestedProjection {
  std::optional<std::string> type;
  std::optional<std::vector<std::string>> non_key_attributes;
};

// One GlobalSecondaryIndexUpdates element. The request alone ensures at least one action; more
// than one is taken as DynamoDB takes it (an Update's throughput, and a Create or else a Delete).
struct GlobalSecondaryIndexUpdate {
  struct Update {
    std::string index_name;
    ThroughputUnits throughput;
  };
  struct Create {
    std::string index_name;
    std::vector<engine::KeySchemaElement> key_schema;
    RequestedProjection projection;
    std::optional<ThroughputUnits> throughput;
    std::optional<engine::OnDemandThroughput> on_demand_throughput;
    std::optional<engine::WarmThroughput> warm_throughput;
  };
  std::optional<Update> update;
  std::optional<Create> create;
  std::optional<std::string> delete_index;  // Delete's IndexName
};

// One VectorIndexUpdates element: exactly one action (checked on the request alone).
struct VectorIndexUpdate {
  struct Create {
    engine::VectorIndexDefinition index;  // its projection is `projection`'s, once checked
    RequestedProjection projection;
  };
  std::optional<Create> create;
  std::optional<std::string> delete_index;  // Delete's IndexName
};

struct SseUpdate {
  std::optional<bool> enabled;
  std::optional<std::string> sse_type;
  std::optional<std::string> kms_master_key_id;
};

struct OnDemandUpdate {
  std::optional<int64_t> max_read_request_units;
  std::optional<int64_t> max_write_request_units;
};

struct UpdateTableRequest {
  std::shared_ptr<engine::Table> table;
  std::optional<engine::BillingMode> billing_mode;
  std::optional<ThroughputUnits> throughput;
  std::vector<GlobalSecondaryIndexUpdate> index_updates;  // in request order
  std::optional<std::vector<engine::AttributeDefinition>> attribute_definitions;
  std::vector<VectorIndexUpdate> vector_index_updates;
  std::optional<engine::StreamSpecification> stream;
  std::optional<SseUpdate> sse;
  std::optional<std::string> table_class;
  std::optional<bool> deletion_protection;
  std::optional<std::string> settings_replication_mode;  // ENABLED or DISABLED
  std::optional<OnDemandUpdate> on_demand_throughput;
  std::optional<engine::WarmThroughput> warm_throughput;  // 0: the rate not given
  // Global tables' replicas (requests/replicas.h): alone in their request, executed apart.
  std::vector<ReplicaUpdate> replica_updates;
  std::optional<bool> disassociation_protection;  // alone in its request, executed apart
  bool strong_consistency = false;  // MultiRegionConsistency STRONG, with replica_updates
  std::string witness_region;       // GlobalTableWitnessUpdates' Create, with replica_updates
  std::string witness_deleted;      // GlobalTableWitnessUpdates' Delete, with replica_updates
};

// What a plan makes of the current definition: the definition once the update is done, and the
// one the answer shows (the update in progress: old throughput values, a new GSI CREATING, ...).
struct UpdateTablePlan {
  engine::TableDefinition next;
  engine::TableDefinition shown;
  bool updating = false;  // TableStatus UPDATING (not ACTIVE) in the answer
};

using UpdateTableResult = UpdateTablePlan;

using UpdateTablePlanner =
    engine::FunctionRef<UpdateTablePlan(const UpdateTableRequest& request, const engine::TableDefinition& current)>;

// Settles the table's transient statuses to the request's time (-delayTransientStatuses), plans
// the update on the definition and puts the plan's `next` in its place, all under the lock.
//
// A replica of a global table (version 2019.11.21) then has its peers make the same update,
// as DynamoDB keeps a global table's settings the same in every region: the same plan on each
// one's definition, but for what stays each replica's own: deletion protection, the stream,
// encryption and its overrides (ReplicaUpdates' Update).
// A peer whose plan refuses stays as it is.
UpdateTableResult execute(const Context& context, const UpdateTableRequest& request, UpdateTablePlanner plan);

}  // namespace minnow::requests
