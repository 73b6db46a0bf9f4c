#include "requests/global_tables.h"

#include <algorithm>

#include "model/control_errors.h"
#include "requests/replicas.h"

namespace minnow::requests {

namespace {

bool in_group(const std::vector<std::string>& regions, const std::string& region) {
  return std::find(regions.begin(), regions.end(), region) != regions.end();
}

// A group as the member in `region` defines it: that region and its replicas.
std::vector<std::string> regions_of(const std::string& region, const engine::TableDefinition& member) {
  std::vector<std::string> regions{region};
  for (const engine::ReplicaDefinition& replica : member.replicas) regions.push_back(replica.region);
  std::sort(regions.begin(), regions.end());
  return regions;
}

// The group named `name` as the request's region's member sees it.
struct Group {
  engine::TableDefinition member;  // the request's region's
  std::vector<std::string> regions;
};

Group find_group(const Context& context, const std::string& name) {
  const std::string region = regional_namespace(context).region;
  const std::shared_ptr<engine::Table> table = table_in_region(context, region, name);
  Group group;
  if (table) group.member = table->definition();
  if (!table || !group.member.global_table_2017_ms) throw model::global_table_not_found(name);
  group.regions = regions_of(region, group.member);
  return group;
}

// The table in `region` that is to join a group, as AWS's UpdateGlobalTable requires it: there,
// in no group, empty, with a NEW_AND_OLD_IMAGES stream, keyed as `like` (when given).
std::shared_ptr<engine::Table> joining_table(const Context& context, const std::string& region, const std::string& name,
                                             const engine::TableDefinition* like) {
  std::shared_ptr<engine::Table> table = table_in_region(context, region, name);
  if (!table) throw model::global_table_member_not_found(name, region);
  const engine::TableDefinition def = table->definition();
  if (def.global_table_2017_ms || !def.replicas.empty()) throw model::global_table_exists(name);
  if (table->item_count() != 0) throw model::global_table_member_not_empty(name, region);
  if (!def.stream.enabled || def.stream.view_type != "NEW_AND_OLD_IMAGES") throw model::Error(model::kReplicaNeedsStream);
  if (like && def.key_schema != like->key_schema) throw model::global_table_key_schema_differs(name, region);
  return table;
}

// Makes the table in `region` a member of the group of `regions` made at `created_ms` (none,
// with 0: a table of its own again).
void set_group(engine::Table& table, const std::string& region, const std::vector<std::string>& regions,
               int64_t created_ms) {
  table.update_definition([&](engine::TableDefinition& def) {
    def.replicas.clear();
    for (const std::string& other : regions)
      if (other != region) def.replicas.push_back({other});
    def.global_table_2017_ms = created_ms;
  });
}

GlobalTableSettings settings_of(const Context& context, const std::string& name, const Group& group) {
  GlobalTableSettings settings{name, {}};
  for (const std::string& region : group.regions)
    if (auto table = table_in_region(context, region, name)) settings.replicas.emplace_back(region, table->definition());
  return settings;
}

engine::IndexDefinition* group_index(engine::TableDefinition& def, const std::string& name) {
  for (engine::IndexDefinition& index : def.global_indexes)
    if (index.name == name) return &index;
  return nullptr;
}

}  // namespace

GlobalTable execute(const Context& context, const CreateGlobalTableRequest& request) {
  regional_namespace(context);
  std::vector<std::shared_ptr<engine::Table>> members;
  engine::TableDefinition first;
  for (const std::string& region : request.regions) {
    members.push_back(joining_table(context, region, request.name, members.empty() ? nullptr : &first));
    if (members.size() == 1) first = members.front()->definition();
  }
  std::vector<std::string> regions = request.regions;
  std::sort(regions.begin(), regions.end());
  for (std::size_t i = 0; i < members.size(); ++i) set_group(*members[i], request.regions[i], regions, context.now_ms);
  return {request.name, context.now_ms, regions};
}

GlobalTable execute(const Context& context, const DescribeGlobalTableRequest& request) {
  const Group group = find_group(context, request.name);
  return {request.name, group.member.global_table_2017_ms, group.regions};
}

GlobalTable execute(const Context& context, const UpdateGlobalTableRequest& request) {
  const Group group = find_group(context, request.name);
  std::vector<std::string> regions = group.regions, left;
  for (const UpdateGlobalTableRequest::Update& update : request.updates) {
    const bool member = in_group(regions, update.region);
    if (update.create) {
      if (member) throw model::replica_already_in_group(request.name, update.region);
      joining_table(context, update.region, request.name, &group.member);
      regions.push_back(update.region);
    } else {
      if (!member) throw model::replica_not_in_group(request.name, update.region);
      std::erase(regions, update.region);
      left.push_back(update.region);
    }
  }
  std::sort(regions.begin(), regions.end());
  for (const std::string& region : regions)
    if (auto table = table_in_region(context, region, request.name))
      set_group(*table, region, regions, group.member.global_table_2017_ms);
  for (const std::string& region : left)
    if (auto table = table_in_region(context, region, request.name)) set_group(*table, region, {}, 0);
  return {request.name, group.member.global_table_2017_ms, regions};
}

ListGlobalTablesResult execute(const Context& context, const ListGlobalTablesRequest& request) {
  const engine::NamespaceName own = regional_namespace(context);
  ListGlobalTablesResult result;
  const engine::Database* database =
      context.namespaces->find(context.namespaces->id_for(own.access_key, request.region));
  if (!database) return result;
  for (const std::shared_ptr<engine::Table>& table : database->tables()) {  // in name order
    if (request.exclusive_start && table->name() <= *request.exclusive_start) continue;
    const engine::TableDefinition def = table->definition();
    if (!def.global_table_2017_ms) continue;
    if (result.page.size() == request.limit) {
      result.more = true;
      break;
    }
    result.page.push_back({def.name, def.global_table_2017_ms, regions_of(request.region, def)});
  }
  return result;
}

GlobalTableSettings execute(const Context& context, const DescribeGlobalTableSettingsRequest& request) {
  return settings_of(context, request.name, find_group(context, request.name));
}

GlobalTableSettings execute(const Context& context, const UpdateGlobalTableSettingsRequest& request) {
  const Group group = find_group(context, request.name);
  engine::TableDefinition checked = group.member;
  for (const auto& [index, units] : request.index_write_units)
    if (!group_index(checked, index)) throw model::table_index_not_found(request.name, index);
  for (const UpdateGlobalTableSettingsRequest::Replica& replica : request.replicas) {
    if (!in_group(group.regions, replica.region)) throw model::replica_not_in_group(request.name, replica.region);
    for (const auto& [index, units] : replica.index_read_units)
      if (!group_index(checked, index)) throw model::table_index_not_found(request.name, index);
  }
  for (const std::string& region : group.regions) {
    std::shared_ptr<engine::Table> table = table_in_region(context, region, request.name);
    if (!table) continue;
    table->update_definition([&](engine::TableDefinition& def) {
      if (request.billing_mode) {
        if (*request.billing_mode == engine::BillingMode::PayPerRequest && def.billing_mode != *request.billing_mode)
          def.last_pay_per_request_ms = context.now_ms;
        def.billing_mode = *request.billing_mode;
      }
      if (request.write_units) def.throughput.write_capacity_units = *request.write_units;
      for (const auto& [index, units] : request.index_write_units)
        if (engine::IndexDefinition* gsi = group_index(def, index); gsi && gsi->throughput)
          gsi->throughput->write_capacity_units = units;
      for (const UpdateGlobalTableSettingsRequest::Replica& replica : request.replicas) {
        if (replica.region != region) continue;
        if (replica.read_units) def.throughput.read_capacity_units = *replica.read_units;
        for (const auto& [index, units] : replica.index_read_units)
          if (engine::IndexDefinition* gsi = group_index(def, index); gsi && gsi->throughput)
            gsi->throughput->read_capacity_units = units;
      }
    });
  }
  return settings_of(context, request.name, group);
}

}  // namespace minnow::requests
