// A table's control-plane settings beyond its schema: what the tags, point-in-time recovery,
// resource policy, contributor insights, Kinesis destination, auto scaling, warm throughput and
// restore calls set. Plain data, part of TableDefinition (so it lives and dies with its table,
// and persist/ saves it with the definition); api/ validates it and renders it.
//
// Transient states (ENABLING, UPDATING, a restore in progress, ...) are stored as the state
// they lead to plus `transient_until_ms`: the state is transient while the clock is before that
// time (epoch ms; 0: not transient). Without -delayTransientStatuses (engine/database.h) the
// time is the request's, so only the answer to the request itself shows the transient state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace minnow::engine {

// UpdateContinuousBackups' PointInTimeRecoverySpecification. While enabled, the table keeps a
// change log (engine/recovery_log.h) that reconstructs any instant since `enabled_ms`, within
// the recovery period.
struct PointInTimeRecovery {
  bool enabled = false;
  int64_t recovery_period_days = 35;
  int64_t enabled_ms = 0;  // when it was last enabled
};

// A resource-based policy (PutResourcePolicy, CreateTable's ResourcePolicy): the document as
// given, and its revision id.
struct ResourcePolicy {
  std::string document;
  std::string revision_id;
};

// Contributor insights on the table (index_name empty) or on one of its GSIs.
struct ContributorInsights {
  std::string index_name;
  bool enabled = false;  // ENABLED, or DISABLED; ENABLING / DISABLING while transient
  std::string mode;      // ACCESSED_AND_THROTTLED_KEYS or THROTTLED_KEYS
  int64_t last_update_ms = 0;
  int64_t transient_until_ms = 0;
};

// A Kinesis data stream the table streams to (no data flows: the state is described only).
struct KinesisDestination {
  std::string stream_arn;
  std::string status;            // ACTIVE or DISABLED, the state it leads to
  std::string transient_status;  // ENABLING, UPDATING or DISABLING, shown while transient
  std::string precision;         // MILLISECOND or MICROSECOND
  int64_t transient_until_ms = 0;
};

// Application Auto Scaling settings as UpdateTableReplicaAutoScaling states them (stored and
// described; nothing scales).
struct ScalingPolicy {
  std::string name;
  double target_value = 0;
  std::optional<bool> disable_scale_in;
  std::optional<int64_t> scale_in_cooldown;
  std::optional<int64_t> scale_out_cooldown;
};
struct AutoScalingSettings {
  std::optional<int64_t> minimum_units;
  std::optional<int64_t> maximum_units;
  std::optional<bool> disabled;
  std::string role_arn;
  std::vector<ScalingPolicy> policies;
};
struct IndexAutoScaling {
  std::string index_name;  // a GSI's; empty: the table's
  std::optional<AutoScalingSettings> read, write;
};

// WarmThroughput as requested (per second; 0: not given).
struct WarmThroughput {
  int64_t read_units_per_second = 0;
  int64_t write_units_per_second = 0;
};

// Where a restored table came from (DescribeTable's RestoreSummary). In progress while transient.
struct RestoreSummary {
  std::string source_backup_arn;  // empty for a point-in-time restore
  std::string source_table_arn;
  int64_t restore_ms = 0;  // the instant restored
  int64_t transient_until_ms = 0;
};

}  // namespace minnow::engine
