// The tables family's typed requests: ListTables. (CreateTable, UpdateTable, DescribeTable and
// DeleteTable still decode and run in api/tables: their checks, the transient statuses and the
// backups a deleted table keeps are not typed yet.)
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "requests/context.h"

namespace minnow::requests {

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
