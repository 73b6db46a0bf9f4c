#include "requests/tables.h"

#include "engine/transient_statuses.h"
#include "requests/replicas.h"

namespace minnow::requests {

CreateTableResult execute(const Context& context, const CreateTableRequest& request) {
  if (request.source) return {create_from_source(context, request.definition, *request.source)};
  return {context.database.create(request.definition)};
}

DescribeTableResult execute(const Context& context, const DescribeTableRequest& request) {
  DescribeTableResult result{request.table->definition()};
  engine::settle_transient_statuses(result.definition, context.now_ms);
  return result;
}

DeleteTableResult execute(const Context& context, const DeleteTableRequest& request) {
  DeleteTableResult result;
  result.definition = request.table->definition();
  result.deleted = context.database.remove(request.table->name()) != nullptr;
  if (result.deleted) forget_deleted_replica(context, result.definition);
  if (result.deleted && result.definition.point_in_time_recovery.enabled)
    keep_deleted_table(context, *request.table, request.deleted_table_backup);
  return result;
}

ListTablesResult execute(const Context& context, const ListTablesRequest& request) {
  ListTablesResult result;
  // One name more than the page tells whether the page is the last one.
  result.table_names = context.database.list(request.exclusive_start_table, request.limit + 1);
  result.more = result.table_names.size() > request.limit;
  if (result.more) result.table_names.pop_back();
  return result;
}

}  // namespace minnow::requests
