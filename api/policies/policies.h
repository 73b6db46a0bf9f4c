// Resource-based policies: PutResourcePolicy, GetResourcePolicy, DeleteResourcePolicy, and
// CreateTable's ResourcePolicy.
//
// A policy is attached to a table or to one of its streams (by the stream's ARN); it is stored
// as given, with a revision id (the time it was put, in ms, as a string, the form of DynamoDB's
// ids), and lives in the table's definition (engine/table_settings.h), so it goes with the table.
// Putting the same document again is idempotent (same revision id). ExpectedRevisionId makes a
// put or delete conditional: it must be the current policy's id, or "NO_POLICY" for a put on a
// resource without one; otherwise PolicyNotFoundException. The document must be a JSON object
// of at most 20 KB (whitespace counts), with a Statement.
//
// Policies are stored and described, not enforced: Minnow authorizes every request (as without
// signature checks), so ConfirmRemoveSelfResourceAccess is accepted and has nothing to confirm.
//
// No reference emulator has resource policies: shapes and behaviour follow AWS's API reference
// (../shared/reference/aws-api/); the messages are model/control_errors.h's.
#pragma once

#include <memory>
#include <string>

#include "api/action.h"
#include "engine/table.h"
#include "requests/policies.h"

namespace minnow::api::policies {

// The resource a ResourceArn names: a table, or one of its streams. ResourceNotFoundException
// when there is no such table or stream in this account and region.
requests::PolicyResource find_policy_resource(const ActionContext& context, const std::string& arn);


}  // namespace minnow::api::policies
