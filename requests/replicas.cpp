#include "requests/replicas.h"

#include <algorithm>
#include <optional>

#include "model/control_errors.h"
#include "model/errors.h"

namespace minnow::requests {

namespace {

bool has_replica(const engine::TableDefinition& def, const std::string& region) {
  return std::any_of(def.replicas.begin(), def.replicas.end(),
                     [&](const engine::ReplicaDefinition& r) { return r.region == region; });
}

// The table named `table` in `region`'s namespace of `access_key`, or null.
std::shared_ptr<engine::Table> table_in(engine::Namespaces& spaces, const std::string& access_key,
                                        const std::string& region, const std::string& table) {
  engine::Database* database = spaces.find(spaces.id_for(access_key, region));
  return database ? database->find(table) : nullptr;
}

// The table of `peer`, a replica that a table of access key `own_key` lists, or null.
std::shared_ptr<engine::Table> peer_table(engine::Namespaces& spaces, const std::string& own_key,
                                          const engine::ReplicaDefinition& peer, const std::string& table) {
  return table_in(spaces, engine::replica_access_key(peer, own_key), peer.region, table);
}

// A replica's access key as a table of `listing_key` lists it: empty when the same.
std::string listed_key(const std::string& key, const std::string& listing_key) {
  return key == listing_key ? std::string() : key;
}

// `update`'s new replica (in `key`'s namespace) as a table of `listing_key` lists it: CREATING
// until `until_ms` (-delayTransientStatuses), else ACTIVE.
engine::ReplicaDefinition new_replica(const ReplicaUpdate& update, const std::string& key,
                                      const std::string& listing_key, int64_t until_ms) {
  return {update.region, until_ms ? "CREATING" : "ACTIVE", until_ms, update.overrides, listed_key(key, listing_key)};
}

void remove_replica(engine::Table& table, const std::string& region) {
  table.update_definition([&](engine::TableDefinition& def) {
    std::erase_if(def.replicas, [&](const engine::ReplicaDefinition& r) { return r.region == region; });
    if (def.replicas.empty()) {  // a table of its own again, with the settings it has
      def.strong_consistency = false;
      def.witness_region.clear();
      def.replica_overrides = def.overridden_values = {};
    }
  });
}

// A new replica's definition: what DynamoDB replicates (keys, indexes, capacity, stream, Time to
// Live, encryption, class) as the table has it; a table of its own (id, creation time, stream
// label); what is each replica's own (tags, policies, recovery, Kinesis, insights, auto scaling,
// deletion protection) unset; the table and its other replicas as its replicas.
engine::TableDefinition replica_definition(const engine::TableDefinition& source, const ReplicaUpdate& update,
                                           const engine::NamespaceName& source_space, const std::string& key,
                                           int64_t now_ms) {
  engine::TableDefinition def = source;
  engine::remove_replica_overrides(def);  // the global table's settings, not the source's own
  engine::drop_own_settings(def);
  def.id = update.table_id;
  def.creation_ms = now_ms;
  def.stream_label = update.stream_label;
  def.replicas = {{source_space.region, "ACTIVE", 0, source.replica_overrides, listed_key(source_space.access_key, key)}};
  for (const engine::ReplicaDefinition& peer : source.replicas)
    def.replicas.push_back({peer.region, "ACTIVE", 0, peer.overrides,
                            listed_key(engine::replica_access_key(peer, source_space.access_key), key)});
  def.replica_overrides = update.overrides;
  engine::apply_replica_overrides(def);
  return def;
}

// The new replica of `source` (in namespace `own`) that `update` makes, in the namespace of the
// update's access key (empty: own's) and region. `until_ms`: when it is ACTIVE under
// -delayTransientStatuses (0: at once).
std::shared_ptr<engine::Table> create_replica(engine::Namespaces& spaces, const engine::NamespaceName& own,
                                              engine::Table& source, const ReplicaUpdate& update, int64_t now_ms,
                                              int64_t until_ms) {
  const engine::TableDefinition definition = source.definition();
  const std::string& key = update.access_key.empty() ? own.access_key : update.access_key;
  std::shared_ptr<engine::Table> replica = spaces.get(spaces.id_for(key, update.region))
                                               .database.create(replica_definition(definition, update, own, key, now_ms));
  if (!replica) throw model::replica_table_exists(definition.name);
  for (const engine::ReplicaDefinition& peer : definition.replicas) {
    const std::string& peer_key = engine::replica_access_key(peer, own.access_key);
    if (auto table = table_in(spaces, peer_key, peer.region, definition.name))
      table->update_definition([&](engine::TableDefinition& def) {
        if (!has_replica(def, update.region)) def.replicas.push_back(new_replica(update, key, peer_key, until_ms));
      });
  }
  // From this instant the table sends its changes to the replica too, and the copy is of this
  // instant: every change the replica gets is later than the copy's items.
  uint64_t as_of = 0;
  std::optional<engine::TableImage> image;
  source.update_definition([&](engine::TableDefinition& def) {
    def.replicas.push_back(new_replica(update, key, own.access_key, until_ms));
    as_of = engine::next_replication_order();
    image.emplace(source.image_locked());
  });
  for (const engine::StoredItem& stored : image->items)
    replica->apply_replicated(std::string(stored.key()), stored.encoded(), as_of, own.region);
  return replica;
}

// The checks of a new replica in `region` of `table` (whose own region is `table_region`): another
// region, none there yet, and the stream replication reads.
void check_new_replica(const engine::TableDefinition& table, const std::string& table_region,
                       const std::string& region) {
  if (region == table_region) throw model::replica_in_own_region(table.name, region);
  if (has_replica(table, region)) throw model::replica_exists(table.name, region);
  if (!table.stream.enabled || table.stream.view_type != "NEW_AND_OLD_IMAGES")
    throw model::Error(model::kReplicaNeedsStream);
}

// When a replica made now is ACTIVE under -delayTransientStatuses (0: at once).
int64_t replica_active_ms(const Context& context) {
  return context.database.options().delay_transient_statuses ? context.now_ms + engine::kTransientPhaseMs : 0;
}

// "US", "EU" or "AP": AWS's region sets, within which a table of strong consistency must lie.
std::string region_set(const std::string& region) {
  const std::string prefix = region.substr(0, region.find('-'));
  return prefix == "us" || prefix == "eu" || prefix == "ap" ? prefix : "";
}

// AWS's rules for a global table of strong consistency, made of an empty table by this request:
// three replicas, or two and a witness in a third region, all in one region set.
void check_strong_consistency(const engine::NamespaceName& own, engine::Table& table,
                              const engine::TableDefinition& current, const ReplicaUpdatesRequest& request) {
  if (!current.replicas.empty()) throw model::Error(model::kStrongConsistencyOnNewGlobalTable);
  if (table.item_count() != 0) throw model::Error(model::kStrongConsistencyNeedsEmptyTable);
  std::vector<std::string> regions{own.region};
  for (const ReplicaUpdate& update : request.updates) regions.push_back(update.region);
  const bool witnessed = !request.witness_region.empty();
  if (regions.size() + (witnessed ? 1 : 0) != 3 || (witnessed && regions.size() != 2))
    throw model::Error(model::kStrongConsistencyShape);
  if (witnessed) regions.push_back(request.witness_region);
  const std::string set = region_set(own.region);
  for (const std::string& region : regions)
    if (set.empty() || region_set(region) != set) throw model::Error(model::kStrongConsistencyRegionSet);
  if (witnessed && std::count(regions.begin(), regions.end(), request.witness_region) > 1)
    throw model::Error(model::kWitnessInReplicaRegion);
}

// An Update of `update.region`'s overrides: its table applies them, every other member lists them.
void update_overrides(engine::Namespaces& spaces, const engine::NamespaceName& own, engine::Table& source,
                      const ReplicaUpdate& update) {
  const engine::TableDefinition definition = source.definition();
  std::shared_ptr<engine::Table> replica;
  for (const engine::ReplicaDefinition& peer : definition.replicas)
    if (peer.region == update.region) replica = peer_table(spaces, own.access_key, peer, definition.name);
  if (!replica) return;
  engine::ReplicaOverrides merged;
  replica->update_definition([&](engine::TableDefinition& def) {
    engine::merge_overrides(def.replica_overrides, update.overrides);
    engine::apply_replica_overrides(def);
    merged = def.replica_overrides;
  });
  auto list = [&](engine::Table& member) {
    member.update_definition([&](engine::TableDefinition& def) {
      for (engine::ReplicaDefinition& peer : def.replicas)
        if (peer.region == update.region) peer.overrides = merged;
    });
  };
  list(source);
  for (const engine::ReplicaDefinition& peer : definition.replicas)
    if (peer.region != update.region)
      if (auto table = peer_table(spaces, own.access_key, peer, definition.name)) list(*table);
}

// Every index an override names is one of the table's GSIs.
void check_override_indexes(const engine::TableDefinition& table, const ReplicaUpdate& update) {
  for (const engine::ReplicaOverrides::Index& index : update.overrides.indexes)
    if (std::none_of(table.global_indexes.begin(), table.global_indexes.end(),
                     [&](const engine::IndexDefinition& gsi) { return gsi.name == index.name; }))
      throw model::replica_override_index_not_found(table.name, index.name);
}

// A global table of strong consistency gains no replica and loses replicas, or its witness, only
// all at once: what stays is its three members as before or one table on its own (AWS's rules: three regions, and a
// witness deleted with a replica, which "converts the remaining replica to a single-Region
// DynamoDB table").
void check_strong_deletes(const engine::TableDefinition& current, const ReplicaUpdatesRequest& request) {
  if (!request.witness_deleted.empty() && request.witness_deleted != current.witness_region)
    throw model::witness_not_found(current.name, request.witness_deleted);
  auto count = [&](ReplicaUpdate::Kind kind) {
    return std::count_if(request.updates.begin(), request.updates.end(),
                         [&](const ReplicaUpdate& u) { return u.kind == kind; });
  };
  const auto created = count(ReplicaUpdate::Kind::Create), deleted = count(ReplicaUpdate::Kind::Delete);
  if (created == 0 && deleted == 0 && request.witness_deleted.empty()) return;
  const auto tables_left = static_cast<std::ptrdiff_t>(current.replicas.size()) + 1 - deleted + created;
  const bool witness_left = !current.witness_region.empty() && request.witness_deleted.empty();
  if (tables_left != 1 || witness_left) throw model::Error(model::kStrongConsistencyShape);
}

void delete_replica(engine::Namespaces& spaces, const engine::NamespaceName& own, engine::Table& source,
                    const std::string& region) {
  const engine::TableDefinition definition = source.definition();
  remove_replica(source, region);
  for (const engine::ReplicaDefinition& peer : definition.replicas) {
    const std::string& key = engine::replica_access_key(peer, own.access_key);
    if (peer.region != region) {
      if (auto table = table_in(spaces, key, peer.region, definition.name)) remove_replica(*table, region);
    } else if (engine::Database* database = spaces.find(spaces.id_for(key, region))) {
      database->remove(definition.name);
    }
  }
}

}  // namespace

engine::NamespaceName regional_namespace(const Context& context) {
  std::optional<engine::NamespaceName> own = engine::parse_namespace_id(context.namespace_id);
  if (!context.namespaces || !own || own->region.empty()) throw model::Error(model::kReplicasNeedRegions);
  return std::move(*own);
}

std::shared_ptr<engine::Table> table_in_region(const Context& context, const std::string& region,
                                               const std::string& name) {
  return table_in(*context.namespaces, regional_namespace(context).access_key, region, name);
}

engine::TableDefinition execute(const Context& context, const ReplicaUpdatesRequest& request) {
  const std::optional<engine::NamespaceName> own = regional_namespace(context);
  engine::Namespaces& spaces = *context.namespaces;
  const engine::TableDefinition current = request.table->definition();
  if (current.global_table_2017_ms) throw model::global_table_2017(current.name);
  for (const ReplicaUpdate& update : request.updates) {
    if (update.kind == ReplicaUpdate::Kind::Disassociate) {
      if (update.region != own->region) throw model::Error(model::kDisassociateOwnRegion);
      if (current.replicas.empty() || current.strong_consistency) throw model::Error(model::kDisassociateNeedsEventualReplica);
      if (current.disassociation_protection) throw model::Error(model::kDisassociationProtected);
      continue;
    }
    check_override_indexes(current, update);
    if (update.kind != ReplicaUpdate::Kind::Create) {
      if (!has_replica(current, update.region)) throw model::replica_not_found(current.name, update.region);
      continue;
    }
    check_new_replica(current, own->region, update.region);
    if (table_in(spaces, own->access_key, update.region, current.name))
      throw model::replica_table_exists(current.name);
  }
  if (request.strong_consistency) check_strong_consistency(*own, *request.table, current, request);
  if (current.strong_consistency || !request.witness_deleted.empty()) check_strong_deletes(current, request);
  engine::TableDefinition shown = current;
  const int64_t until_ms = replica_active_ms(context);
  for (const ReplicaUpdate& update : request.updates) {
    switch (update.kind) {
      case ReplicaUpdate::Kind::Create:
        create_replica(spaces, *own, *request.table, update, context.now_ms, until_ms);
        shown.replicas.push_back({update.region, "CREATING", 0, update.overrides});
        break;
      case ReplicaUpdate::Kind::Update:
        update_overrides(spaces, *own, *request.table, update);
        for (const engine::ReplicaDefinition& replica : request.table->definition().replicas)
          if (replica.region == update.region)
            for (engine::ReplicaDefinition& listed : shown.replicas)
              if (listed.region == update.region) listed.overrides = replica.overrides;
        break;
      case ReplicaUpdate::Kind::Disassociate:  // the others stop sending here; the table stays, on its own
        for (const engine::ReplicaDefinition& peer : current.replicas)
          if (auto table = peer_table(spaces, own->access_key, peer, current.name)) remove_replica(*table, own->region);
        request.table->update_definition([](engine::TableDefinition& def) {
          def.replicas.clear();
          def.disassociation_protection = true;
        });
        shown = request.table->definition();
        break;
      case ReplicaUpdate::Kind::Delete:  // the last one leaves the table on its own, its witness gone
        delete_replica(spaces, *own, *request.table, update.region);
        if (request.table->definition().replicas.empty()) shown.witness_region.clear();
        for (engine::ReplicaDefinition& replica : shown.replicas)
          if (replica.region == update.region) replica.status = "DELETING";
        break;
    }
  }
  if (request.strong_consistency) {  // every member, the new ones included, is of strong consistency now
    const engine::TableDefinition made = request.table->definition();
    auto strengthen = [&](engine::Table& member) {
      member.update_definition([&](engine::TableDefinition& def) {
        def.strong_consistency = true;
        def.witness_region = request.witness_region;
      });
    };
    strengthen(*request.table);
    for (const engine::ReplicaDefinition& replica : made.replicas)
      if (auto table = peer_table(spaces, own->access_key, replica, made.name)) strengthen(*table);
    shown.strong_consistency = true;
    shown.witness_region = request.witness_region;
  }
  return shown;
}

std::shared_ptr<engine::Table> create_from_source(const Context& context, const engine::TableDefinition& own,
                                                  const ReplicaSource& source) {
  const engine::NamespaceName here = regional_namespace(context);
  engine::Namespaces& spaces = *context.namespaces;
  std::shared_ptr<engine::Table> found;
  engine::NamespaceName found_in;
  bool exists = false;
  auto consider = [&](const std::string& key) {
    std::shared_ptr<engine::Table> table = table_in(spaces, key, source.region, source.name);
    exists = exists || table;
    if (!table || table->definition().settings_replication_mode != "ENABLED") return false;
    found = std::move(table);
    found_in = {key, source.region};
    return true;
  };
  if (!consider(here.access_key))
    for (const auto& [id, database] : spaces.list()) {
      const std::optional<engine::NamespaceName> name = engine::parse_namespace_id(id);
      if (name && name->region == source.region && name->access_key != here.access_key && consider(name->access_key))
        break;
    }
  if (!found) {
    if (!exists) throw model::table_not_found(source.name);
    throw model::source_not_enabled(source.name, source.region);
  }
  if (own.name != source.name) throw model::source_name_differs(own.name, source.name);
  const engine::TableDefinition definition = found->definition();
  check_new_replica(definition, source.region, here.region);
  if (definition.strong_consistency) throw model::Error(model::kStrongConsistencyShape);
  if (context.database.find(own.name)) return nullptr;
  const ReplicaUpdate update{ReplicaUpdate::Kind::Create, here.region, own.id, own.stream_label, {}, here.access_key};
  std::shared_ptr<engine::Table> replica =
      create_replica(spaces, found_in, *found, update, context.now_ms, replica_active_ms(context));
  replica->update_definition([&](engine::TableDefinition& def) {
    def.creation_ms = own.creation_ms;
    def.tags = own.tags;
    def.deletion_protection = own.deletion_protection;
    def.resource_policy = own.resource_policy;
    if (own.sse) def.sse = own.sse;
    def.settings_replication_mode = "ENABLED";
  });
  return replica;
}

void for_each_peer(const Context& context, const engine::TableDefinition& def,
                   engine::FunctionRef<void(engine::Table& peer)> visit) {
  if (def.replicas.empty() || def.global_table_2017_ms) return;
  const std::string own_key = regional_namespace(context).access_key;
  for (const engine::ReplicaDefinition& peer : def.replicas)
    if (auto table = peer_table(*context.namespaces, own_key, peer, def.name)) visit(*table);
}

engine::TableDefinition set_disassociation_protection(const Context& context, engine::Table& table, bool enabled) {
  if (table.definition().replicas.empty() || table.definition().strong_consistency)
    throw model::Error(model::kDisassociateNeedsEventualReplica);
  table.update_definition([&](engine::TableDefinition& def) { def.disassociation_protection = enabled; });
  return table.definition();
}

void forget_deleted_replica(const Context& context, const engine::TableDefinition& deleted) {
  const std::optional<engine::NamespaceName> own = engine::parse_namespace_id(context.namespace_id);
  if (!context.namespaces || !own || deleted.replicas.empty()) return;
  for (const engine::ReplicaDefinition& peer : deleted.replicas)
    if (auto table = peer_table(*context.namespaces, own->access_key, peer, deleted.name))
      remove_replica(*table, own->region);
}

}  // namespace minnow::requests
