// UpdateTable's ReplicaUpdates (global tables, version 2019.11.21) as a typed request: creating
// and deleting a table's replicas, the tables of the same name in the namespaces of the same
// access key and other regions (engine/namespaces.h). replication/ keeps them in step.
//
// A new replica starts as a copy of the table, taken at the instant the table starts sending
// its changes there, and applied as replicated changes: a change that reaches the replica first
// is later than the copy and stays (engine::Table::apply_replicated).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/function_ref.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "requests/context.h"

namespace minnow::requests {

struct ReplicaUpdate {
  enum class Kind { Create, Update, Delete, Disassociate };
  Kind kind = Kind::Create;
  std::string region;
  // A Create's new table there: its TableId and its stream's label, made by the front end.
  std::string table_id;
  std::string stream_label;
  // Create's and Update's *Override members: that region's own settings (an Update's replace
  // those given, the rest stay).
  engine::ReplicaOverrides overrides = {};
  // The new replica's namespace's access key when another account's (CreateTable's
  // GlobalTableSourceArn, made from the source's side); empty: the table's own.
  std::string access_key = {};
};

struct ReplicaUpdatesRequest {
  std::shared_ptr<engine::Table> table;
  std::vector<ReplicaUpdate> updates;  // in request order, one per region
  // MultiRegionConsistency STRONG (only with Create actions, checked by the front end) and
  // GlobalTableWitnessUpdates' Create (empty: none): AWS's rules for them are checked here.
  bool strong_consistency = false;
  std::string witness_region;
  // GlobalTableWitnessUpdates' Delete (empty: none): with the replicas deleted, it leaves the
  // table on its own, as AWS's reference says a witness goes.
  std::string witness_deleted;
};

// Checks every update against the table, then applies them in order. Returns the table's
// definition as the answer shows it: a new replica CREATING, a deleted one DELETING.
engine::TableDefinition execute(const Context& context, const ReplicaUpdatesRequest& request);

// The request's namespace as an access key and a region; kReplicasNeedRegions when it has no
// region (-sharedDb) or the request cannot reach other namespaces.
engine::NamespaceName regional_namespace(const Context& context);
// The table named `name` in `region`'s namespace of the request's access key, or null.
std::shared_ptr<engine::Table> table_in_region(const Context& context, const std::string& region,
                                               const std::string& name);

// Calls `visit` with the table of each of `def`'s replicas in the other regions, when `def` is a
// global table of version 2019.11.21 (whose settings are the same in every region).
void for_each_peer(const Context& context, const engine::TableDefinition& def,
                   engine::FunctionRef<void(engine::Table& peer)> visit);

// CreateTable's GlobalTableSourceArn (multi-account global tables): the table named `name` in
// `region`.
struct ReplicaSource {
  std::string region;
  std::string name;
};

// A new table in the request's namespace that is a replica of `source`: the table of that name
// and region, in the namespace of the request's access key or else of another (Minnow's
// accounts are access keys; the first in order), whose GlobalTableSettingsReplicationMode is
// ENABLED. It takes the source's settings and `own`'s id, creation time, stream label, tags,
// deletion protection, resource policy and encryption; its mode is ENABLED. Null when the
// namespace has a table of that name already.
std::shared_ptr<engine::Table> create_from_source(const Context& context, const engine::TableDefinition& own,
                                                  const ReplicaSource& source);

// DisassociationProtectionEnabled: the table's definition once changed.
engine::TableDefinition set_disassociation_protection(const Context& context, engine::Table& table, bool enabled);

// After DeleteTable of `deleted`, a replica: its peers stop listing it (and sending to it).
void forget_deleted_replica(const Context& context, const engine::TableDefinition& deleted);

}  // namespace minnow::requests
