// Global tables version 2017.11.29 as typed requests: CreateGlobalTable, UpdateGlobalTable,
// DescribeGlobalTable, ListGlobalTables, DescribeGlobalTableSettings, UpdateGlobalTableSettings.
//
// Such a global table is a group of tables of one name, one in each region of its replication
// group, each made by CreateTable first (empty, with a NEW_AND_OLD_IMAGES stream). Minnow keeps
// the group in the members' definitions: each lists the others as its replicas (as a 2019.11.21
// replica does, so replication/ keeps them in step alike) and holds the group's creation time
// (TableDefinition::global_table_2017_ms). The regions are the namespaces of the request's access
// key (requests/replicas.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/table_definition.h"
#include "requests/context.h"

namespace minnow::requests {

// A group as its descriptions show it.
struct GlobalTable {
  std::string name;
  int64_t created_ms = 0;
  std::vector<std::string> regions;  // the replication group, sorted
};

struct CreateGlobalTableRequest {
  std::string name;
  std::vector<std::string> regions;  // ReplicationGroup's, distinct
};
GlobalTable execute(const Context& context, const CreateGlobalTableRequest& request);

struct DescribeGlobalTableRequest {
  std::string name;
};
GlobalTable execute(const Context& context, const DescribeGlobalTableRequest& request);

struct UpdateGlobalTableRequest {
  std::string name;
  struct Update {
    bool create = true;  // else Delete
    std::string region;
  };
  std::vector<Update> updates;
};
GlobalTable execute(const Context& context, const UpdateGlobalTableRequest& request);

struct ListGlobalTablesRequest {
  std::string region;  // the groups with a replica there
  std::optional<std::string> exclusive_start;
  std::size_t limit = 100;
};
struct ListGlobalTablesResult {
  std::vector<GlobalTable> page;  // by name
  bool more = false;
};
ListGlobalTablesResult execute(const Context& context, const ListGlobalTablesRequest& request);

// Each member's settings, for DescribeGlobalTableSettings and UpdateGlobalTableSettings' answers.
struct GlobalTableSettings {
  std::string name;
  std::vector<std::pair<std::string, engine::TableDefinition>> replicas;  // by region
};

struct DescribeGlobalTableSettingsRequest {
  std::string name;
};
GlobalTableSettings execute(const Context& context, const DescribeGlobalTableSettingsRequest& request);

struct UpdateGlobalTableSettingsRequest {
  std::string name;
  std::optional<engine::BillingMode> billing_mode;
  std::optional<int64_t> write_units;  // every replica's
  std::vector<std::pair<std::string, int64_t>> index_write_units;  // (GSI, units) on every replica
  struct Replica {
    std::string region;
    std::optional<int64_t> read_units;
    std::vector<std::pair<std::string, int64_t>> index_read_units;
  };
  std::vector<Replica> replicas;
};
GlobalTableSettings execute(const Context& context, const UpdateGlobalTableSettingsRequest& request);

}  // namespace minnow::requests
