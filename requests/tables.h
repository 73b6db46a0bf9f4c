// The tables family's typed requests: CreateTable, DescribeTable, DeleteTable, ListTables
// (UpdateTable: requests/update_table.h). The front end checks the request (a CreateTable's whole
// definition; a DeleteTable's deletion protection) and finds the table; execute() changes the
// catalog or reads the definition, and says what happened as a value.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/table.h"
#include "engine/table_definition.h"
#include "requests/backups.h"
#include "requests/context.h"
#include "requests/replicas.h"

namespace minnow::requests {

struct CreateTableRequest {
  // The new table as checked (keys, indexes, vector indexes, stream, settings), with its TableId
  // and creation time. With a source: its name, id, creation time, stream label and what stays
  // its own (tags, deletion protection, resource policy, encryption) only.
  engine::TableDefinition definition;
  // GlobalTableSourceArn: the new table is a replica of that table (requests/replicas.h).
  std::optional<ReplicaSource> source = {};
};

struct CreateTableResult {
  std::shared_ptr<engine::Table> table;  // null: a table of that name exists already
};

CreateTableResult execute(const Context& context, const CreateTableRequest& request);

struct DescribeTableRequest {
  std::shared_ptr<engine::Table> table;
};

struct DescribeTableResult {
  engine::TableDefinition definition;  // its transient statuses settled to the request's time
};

DescribeTableResult execute(const Context& context, const DescribeTableRequest& request);

struct DeleteTableRequest {
  std::shared_ptr<engine::Table> table;  // its deletion protection found off
  BackupIdentity deleted_table_backup;   // kept when the table has point-in-time recovery
};

struct DeleteTableResult {
  bool deleted = false;                // false: another request deleted it meanwhile
  engine::TableDefinition definition;  // as it was when deleted
};

// Takes the table out of the catalog at once; requests already holding it finish against it.
// A table with point-in-time recovery leaves its SYSTEM backup (requests/backups.h).
DeleteTableResult execute(const Context& context, const DeleteTableRequest& request);

struct ListTablesRequest {
  std::size_t limit = 100;                           // Limit, 1..100
  std::optional<std::string> exclusive_start_table;  // ExclusiveStartTableName
};

struct ListTablesResult {
  std::vector<std::string> table_names;  // in name order
  bool more = false;                     // LastEvaluatedTableName: the last name, when true
};

ListTablesResult execute(const Context& context, const ListTablesRequest& request);

}  // namespace minnow::requests
