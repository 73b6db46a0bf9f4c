#include "api/recovery/continuous_backups.h"

#include "api/descriptions.h"

namespace minnow::api::recovery {

void write_continuous_backups(JsonWriter& out, const requests::ContinuousBackupsResult& described) {
  const engine::PointInTimeRecovery& settings = described.settings;
  const std::optional<engine::RecoveryWindow>& window = described.window;
  out.Key("ContinuousBackupsDescription");
  out.StartObject();
  // On-demand backups are always available, so continuous backups are always ENABLED.
  write_string(out, "ContinuousBackupsStatus", "ENABLED");
  out.Key("PointInTimeRecoveryDescription");
  out.StartObject();
  write_string(out, "PointInTimeRecoveryStatus", settings.enabled && window ? "ENABLED" : "DISABLED");
  if (settings.enabled && window) {
    out.Key("RecoveryPeriodInDays");
    out.Int64(settings.recovery_period_days);
    write_time(out, "EarliestRestorableDateTime", window->earliest_ms);
    write_time(out, "LatestRestorableDateTime", window->latest_ms);
  }
  out.EndObject();
  out.EndObject();
}

}  // namespace minnow::api::recovery
