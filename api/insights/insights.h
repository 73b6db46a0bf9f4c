// CloudWatch Contributor Insights: DescribeContributorInsights, UpdateContributorInsights,
// ListContributorInsights.
//
// The setting of a table or of one of its GSIs, in the table's definition
// (engine/table_settings.h): ENABLE answers ENABLING, DISABLE answers DISABLING; the state then
// becomes ENABLED or DISABLED, at once, or after kTransientPhaseMs with -delayTransientStatuses.
// A table or index never set is DISABLED. Enabled, it has DynamoDB's rules (partition and, for a
// table or index with a sort key, sort key; all access and throttling, or throttling only) named
// as DynamoDB names them. No top keys are computed: the rules are described, nothing is emitted.
//
// No reference emulator has contributor insights: shapes and behaviour follow AWS's API
// reference (../shared/reference/aws-api/); the messages are model/control_errors.h's.
#pragma once

#include <memory>
#include <string>

#include "api/action.h"
#include "engine/table.h"
#include "requests/insights.h"

namespace minnow::api::insights {

// The request's table (ResourceNotFoundException "Requested resource not found: Table: X not
// found") and, when IndexName is given, that it is one of its GSIs (ResourceNotFoundException).
std::shared_ptr<engine::Table> find_insights_table(const ActionContext& context, const JsonValue& request);

// ENABLING, ENABLED, DISABLING or DISABLED at `now_ms` (none: never set).
const char* insights_status(const std::optional<engine::ContributorInsights>& insights, int64_t now_ms);

}  // namespace minnow::api::insights
