// Point-in-time recovery's settings as typed requests: UpdateContinuousBackups and
// DescribeContinuousBackups. The front end (api/recovery) checks the specification and finds the
// table; execute() changes or reads its settings and returns them with the window they give.
// (RestoreTableToPointInTime is requests/restore.h's, with RestoreTableFromBackup.)
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "engine/table.h"
#include "requests/context.h"

namespace minnow::requests {

inline constexpr int64_t kDefaultRecoveryPeriodDays = 35;

struct UpdateContinuousBackupsRequest {
  std::shared_ptr<engine::Table> table;
  bool enabled = false;                                  // PointInTimeRecoveryEnabled
  int64_t recovery_period_days = kDefaultRecoveryPeriodDays;  // 1..35; only when enabling
};

struct DescribeContinuousBackupsRequest {
  std::shared_ptr<engine::Table> table;
};

// What ContinuousBackupsDescription shows: the settings, and the window (none while off).
struct ContinuousBackupsResult {
  engine::PointInTimeRecovery settings;
  std::optional<engine::RecoveryWindow> window;
};

// Enabling it again keeps the window it has; a new period applies to the window at once.
ContinuousBackupsResult execute(const Context& context, const UpdateContinuousBackupsRequest& request);
ContinuousBackupsResult execute(const Context& context, const DescribeContinuousBackupsRequest& request);

}  // namespace minnow::requests
