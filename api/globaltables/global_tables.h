// Global tables version 2017.11.29's operations (requests/global_tables.h): what their answers
// share.
#pragma once

#include "api/action.h"
#include "requests/global_tables.h"

namespace minnow::api::globaltables {

// GlobalTableDescription: ReplicationGroup, GlobalTableArn, CreationDateTime, GlobalTableStatus,
// GlobalTableName.
void write_global_table_description(const ActionContext& context, JsonWriter& w, const requests::GlobalTable& table,
                                    const char* status);
// {"GlobalTableName", "ReplicaSettings"}: DescribeGlobalTableSettings' and
// UpdateGlobalTableSettings' answer.
void write_global_table_settings(JsonWriter& w, const requests::GlobalTableSettings& settings);

// AWS's model of a global table's name, for the Shapes.
#define MINNOW_SHAPE_GLOBAL_TABLE_NAME                                                                  \
  R"("GlobalTableName": {"type": "String", "required": true, "regex": "[a-zA-Z0-9_.-]+",)"              \
  R"("lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255})"

}  // namespace minnow::api::globaltables
