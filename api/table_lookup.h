// Finding a request's table by its TableName (a name or the table's ARN), and the ARNs Minnow
// answers with, and a new table's id. Shared by every family that names a table.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "api/action.h"
#include "engine/table.h"

namespace minnow::api {

// The table named by a TableName parameter, which may also be the table's ARN. Throws
// ResourceNotFoundException: "Requested resource not found" for item operations, with
// ": Table: X not found" appended for table operations (`table_operation`), as DynamoDB does.
std::shared_ptr<engine::Table> find_table(const ActionContext& context, const JsonValue& request, bool table_operation);
// The same given the TableName member itself.
std::shared_ptr<engine::Table> find_table_named(const ActionContext& context, const JsonValue& table_name,
                                                bool table_operation);

// The name part of a TableName parameter that may be an ARN.
std::string table_name_of(std::string_view name_or_arn);

// "arn:aws:SERVICE:REGION:ACCOUNT:RESOURCE" with the request's region and the server's account.
std::string arn(const ActionContext& context, std::string_view service, std::string_view resource);
std::string table_arn(const ActionContext& context, const std::string& table_name);

// "arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/backup/" + 14-digit creation time in ms + "-" +
// 8 hex digits, the form of DynamoDB's backup ARNs.
std::string new_backup_arn(const ActionContext& context, const std::string& table_name, int64_t creation_ms);
// The creation time in a backup ARN of that form; -1 when it has none.
int64_t backup_arn_time(const std::string& arn);

// A new table's TableId: a random (version 4) UUID.
std::string new_table_id();

}  // namespace minnow::api
