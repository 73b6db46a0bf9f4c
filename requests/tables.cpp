#include "requests/tables.h"

namespace minnow::requests {

ListTablesResult execute(const Context& context, const ListTablesRequest& request) {
  ListTablesResult result;
  // One name more than the page tells whether the page is the last one.
  result.table_names = context.database.list(request.exclusive_start_table, request.limit + 1);
  result.more = result.table_names.size() > request.limit;
  if (result.more) result.table_names.pop_back();
  return result;
}

}  // namespace minnow::requests
