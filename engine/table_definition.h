// What a table is: its schema and settings, as CreateTable and UpdateTable state them.
// Plain data; api/ validates it before it gets here and renders it in TableDescription.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/table_settings.h"
#include "model/key.h"
#include "vector/distance.h"

namespace minnow::engine {

enum class BillingMode { Provisioned, PayPerRequest };

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  int64_t last_increase_ms = 0;  // 0: never
  int64_t last_decrease_ms = 0;
  int64_t decreases_today = 0;
};

// Limits of an on-demand table; -1 is "no limit".
struct OnDemandThroughput {
  int64_t max_read_request_units = -1;
  int64_t max_write_request_units = -1;
};

struct AttributeDefinition {
  std::string name;
  model::ValueType type;  // S, N or B
};

struct KeySchemaElement {
  std::string attribute_name;
  bool is_hash;  // HASH or RANGE
};

struct Projection {
  std::string type;  // ALL, KEYS_ONLY, INCLUDE
  std::vector<std::string> non_key_attributes;
};

// What a table or GSI can take at once (DescribeTable's WarmThroughput, and the capacity model's
// floor for an on-demand one), by AWS's "Warm throughput" page: a new on-demand one 12,000 read
// and 4,000 write units a second; a provisioned one its provisioned throughput; either raised by
// the WarmThroughput CreateTable or UpdateTable gave. `provisioned` is null when on demand.
inline constexpr int64_t kOnDemandWarmReadUnits = 12000;
inline constexpr int64_t kOnDemandWarmWriteUnits = 4000;
WarmThroughput warm_throughput(const std::optional<WarmThroughput>& given, const ProvisionedThroughput* provisioned);

struct IndexDefinition {
  std::string name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> throughput;         // GSIs of provisioned tables
  std::optional<OnDemandThroughput> on_demand_throughput;  // GSIs of on-demand tables, as given
  std::optional<WarmThroughput> warm_throughput;           // GSIs, as given
  std::string status = "ACTIVE";
  bool backfilling = false;
  // -delayTransientStatuses (DatabaseOptions): a GSI created by UpdateTable is CREATING until
  // transient_until_ms, Backfilling from backfill_from_ms; a deleted one (in
  // TableDefinition::deleting_indexes) is DELETING until transient_until_ms. Epoch ms; 0: not
  // in a transient state. DescribeTable computes the status from the time (api/descriptions.h).
  int64_t backfill_from_ms = 0;
  int64_t transient_until_ms = 0;
};

// One element of a vector index's SearchSchema: a HASH attribute (the index's partition, fixed
// in every search) or an INLINE_FILTER attribute (optional equality filters).
struct SearchSchemaElement {
  std::string attribute_name;
  bool is_hash;  // HASH or INLINE_FILTER
};

// A vector index (CreateTable's VectorIndexes, UpdateTable's VectorIndexUpdates). Its statuses
// work as IndexDefinition's: under -delayTransientStatuses a created one is CREATING until
// transient_until_ms, Backfilling from backfill_from_ms; a deleted one (in
// TableDefinition::deleting_vector_indexes) DELETING until transient_until_ms.
struct VectorIndexDefinition {
  std::string name;
  std::string vector_attribute;
  uint32_t dimensions = 0;
  vector::Distance distance = vector::Distance::Cosine;
  std::vector<SearchSchemaElement> search_schema;  // as given: at most one HASH
  Projection projection;
  std::string status = "ACTIVE";
  bool backfilling = false;
  int64_t backfill_from_ms = 0;
  int64_t transient_until_ms = 0;

  // Searchable at `now_ms`: ACTIVE, or past its transient time.
  bool active_at(int64_t now_ms) const { return transient_until_ms == 0 || now_ms >= transient_until_ms; }
};

struct StreamSpecification {
  bool enabled = false;
  std::string view_type;  // KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES
};

// Encryption at rest as requested; Minnow stores it only to describe it.
struct SseSpecification {
  std::string sse_type;           // KMS (AES256 is accepted as stated)
  std::string kms_master_key_id;  // empty: the AWS managed key
};

// What one replica of a global table has of its own where the table's settings are otherwise the
// same in every region (ReplicaUpdates' Create and Update: their *Override members). Each value
// replaces the table's in that replica's region only; one not given follows the table's.
struct ReplicaOverrides {
  struct Index {
    std::string name;
    std::optional<int64_t> read_capacity_units;     // ProvisionedThroughputOverride
    std::optional<int64_t> max_read_request_units;  // OnDemandThroughputOverride
    bool operator==(const Index&) const = default;
  };
  std::optional<int64_t> read_capacity_units;
  std::optional<int64_t> max_read_request_units;
  std::vector<Index> indexes;  // GlobalSecondaryIndexes, each named once
  std::optional<std::string> table_class;  // TableClassOverride
  bool empty() const { return *this == ReplicaOverrides{}; }
  bool operator==(const ReplicaOverrides&) const = default;
};

// The values `update` gives replace those of `overrides`; the rest stay (an Update's way).
void merge_overrides(ReplicaOverrides& overrides, const ReplicaOverrides& update);

// A replica of a global table (UpdateTable's ReplicaUpdates, global tables version 2019.11.21):
// the table of the same name in the namespace of the same access key and another region, which
// replication/ keeps in step.
struct ReplicaDefinition {
  std::string region;
  // CREATING under -delayTransientStatuses until transient_until_ms (epoch ms; 0: none), as a
  // GSI is; DELETING only in the UpdateTable answer that says so; else ACTIVE.
  std::string status = "ACTIVE";
  int64_t transient_until_ms = 0;
  ReplicaOverrides overrides = {};  // that region's, as its own table has them
  // A multi-account global table's replica in another account (CreateTable's
  // GlobalTableSourceArn): the access key of its namespace (Minnow's accounts are access keys).
  // Empty: this table's own.
  std::string access_key = {};
};

// The access key of `replica`'s namespace, for a table of access key `own`.
inline const std::string& replica_access_key(const ReplicaDefinition& replica, const std::string& own) {
  return replica.access_key.empty() ? own : replica.access_key;
}

struct TableDefinition {
  std::string name;
  std::string id;  // a UUID
  int64_t creation_ms = 0;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<KeySchemaElement> key_schema_elements;  // as given, for descriptions
  model::KeySchema key_schema;                        // the same, resolved to types
  BillingMode billing_mode = BillingMode::Provisioned;
  int64_t last_pay_per_request_ms = 0;  // when the table last switched to PAY_PER_REQUEST
  ProvisionedThroughput throughput;
  std::vector<IndexDefinition> local_indexes;
  std::vector<IndexDefinition> global_indexes;
  // GSIs deleted under -delayTransientStatuses, described DELETING until their
  // transient_until_ms; they have no index in the engine any more.
  std::vector<IndexDefinition> deleting_indexes;
  std::vector<VectorIndexDefinition> vector_indexes;
  std::vector<VectorIndexDefinition> deleting_vector_indexes;  // as deleting_indexes
  StreamSpecification stream;
  std::string stream_label;   // the latest stream's label; kept when the stream is disabled
  std::string ttl_attribute;  // Time to Live's attribute; empty while TTL is disabled
  bool deletion_protection = false;
  std::string table_class = "STANDARD";
  int64_t table_class_updated_ms = 0;                      // 0: never changed by UpdateTable
  std::optional<OnDemandThroughput> on_demand_throughput;  // as given, PAY_PER_REQUEST tables only
  std::optional<SseSpecification> sse;                     // set when SSESpecification.Enabled is true
  std::optional<WarmThroughput> warm_throughput;           // as given
  // Sorted by key, unique keys (api/tags/).
  std::vector<std::pair<std::string, std::string>> tags;
  // The control plane's settings (engine/table_settings.h).
  PointInTimeRecovery point_in_time_recovery;
  std::optional<ResourcePolicy> resource_policy;
  std::vector<std::pair<std::string, ResourcePolicy>> stream_policies;  // by stream label
  std::vector<ContributorInsights> contributor_insights;                // the table's and GSIs', once set
  std::vector<KinesisDestination> kinesis_destinations;
  std::vector<IndexAutoScaling> auto_scaling;  // the table's (empty index name) and GSIs', once set
  std::optional<RestoreSummary> restore;       // a table made by a restore
  // The other regions' replicas; empty: not a global table.
  std::vector<ReplicaDefinition> replicas;
  // A member of a global table of version 2017.11.29 (CreateGlobalTable): when the group was
  // made; its other members are `replicas`. 0: none.
  int64_t global_table_2017_ms = 0;
  // MultiRegionConsistency STRONG: each change reaches every replica before its write is
  // answered (replication/). With two replicas, the third region is a witness's.
  bool strong_consistency = false;
  // A replica of eventual consistency cannot be disassociated (UpdateTable's Disassociate) while
  // this is on, as it is by default (DisassociationProtectionEnabled).
  bool disassociation_protection = true;
  std::string witness_region;
  // This table's own settings as a replica of its global table (the peers list theirs in
  // `replicas`), applied to the settings above, and the global table's values they replace
  // there (put back before a change to the shared settings, or when a new replica copies them).
  ReplicaOverrides replica_overrides;
  ReplicaOverrides overridden_values;
  // GlobalTableSettingsReplicationMode as set: ENABLED or DISABLED by UpdateTable or CreateTable
  // on a table of its own (ENABLED: it may be the source of a multi-account global table), ENABLED
  // on a multi-account replica. Empty: not set (a same-account global table's is
  // ENABLED_WITH_OVERRIDES).
  std::string settings_replication_mode;
};

// Drops what belongs to one table alone when another is made from its definition (a restore, a
// new replica): deletion protection, tags, point-in-time recovery, policies, contributor
// insights, Kinesis destinations, auto scaling, a restore's summary, global table membership,
// and the indexes still being deleted.
void drop_own_settings(TableDefinition& definition);

// Applies the table's replica_overrides to its settings, keeping the values they replace in
// overridden_values; remove_replica_overrides puts those back. Applying again first removes.
void apply_replica_overrides(TableDefinition& definition);
void remove_replica_overrides(TableDefinition& definition);

// How many partitions the table has, by AWS's "Partitions and data distribution": one per 3,000
// read and 1,000 write units of provisioned throughput (their sum, rounded up), or one per 10 GB
// of data, whichever is more. An on-demand table has as many as serving its warm throughput at
// once takes (a partition serves 3,000 read or 1,000 write units a second: a new one has 4, as
// AWS's 12,000 and 4,000 units say; Minnow's reading). A table never has fewer than it had in
// DynamoDB (partitions split, never merge); this is what its throughput and size call for now.
int64_t partitions(const TableDefinition& table, uint64_t size_bytes);

}  // namespace minnow::engine
