// One table: its definition, its items in DynamoDB's order, its secondary and vector indexes.
//
// Every committed change is also told to the Database's CommitLog, if any, in the same critical
// section (engine/commit_log.h); engine/restore.h puts a saved table back without telling it.
//
// Thread-safe. mu_ protects the definition's mutable parts, the items and the indexes: reads
// take it shared, writes exclusive. Every change to the items goes through commit(), which
// updates the indexes (secondary and vector) in the same critical section, so an index never
// drifts from its table.
// Nothing handed out refers into the table: results are copies. The key schema is constant
// after construction. engine/transaction holds the locks of several tables at once (in one
// global order) and uses the *_locked members.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/clock.h"
#include "engine/commit_log.h"
#include "engine/database_image.h"
#include "engine/function_ref.h"
#include "engine/index.h"
#include "engine/item_map.h"
#include "engine/partition_order.h"
#include "engine/query.h"
#include "engine/recovery_log.h"
#include "engine/replica_feed.h"
#include "engine/stream.h"
#include "engine/table_definition.h"
#include "engine/table_versions.h"
#include "engine/throughput_buckets.h"
#include "engine/vector_index.h"
#include "model/attribute_value.h"

namespace minnow::engine {

// What a conditional write decides, given the current item (or none).
struct WriteDecision {
  enum class Action { Keep, Put, Delete };
  Action action = Action::Keep;
  model::Item item;                       // the new item, for Put ...
  const model::Item* borrowed = nullptr;  // ... or the caller's, which outlives the write call
  // The new item in its stored form (the caller's, outliving the write call), for a Put that has
  // it: then `borrowed` is the same item decoded when the caller has it; otherwise `item` is what
  // the table's indexes read of it (Table decodes it then: the whole item for a vector index,
  // else only the attributes the secondary indexes read), or empty.
  std::string_view stored;
  // Set by the TTL sweeper: the stream record says the DynamoDB service deleted the item.
  bool by_ttl = false;
  // A change another replica of a global table made (apply_replicated): not sent back.
  bool replicated = false;

  const model::Item& new_item() const { return borrowed ? *borrowed : item; }

  static WriteDecision keep() { return {}; }
  static WriteDecision put(model::Item item) {
    WriteDecision d = of(Action::Put);
    d.item = std::move(item);
    return d;
  }
  static WriteDecision put_borrowed(const model::Item& item) {
    WriteDecision d = of(Action::Put);
    d.borrowed = &item;
    return d;
  }
  static WriteDecision put_stored(std::string_view stored, const model::Item* decoded = nullptr) {
    WriteDecision d = of(Action::Put);
    d.borrowed = decoded;
    d.stored = stored;
    return d;
  }
  static WriteDecision remove() { return of(Action::Delete); }
  static WriteDecision expire() {
    WriteDecision d = of(Action::Delete);
    d.by_ttl = true;
    return d;
  }

 private:
  static WriteDecision of(Action action) {
    WriteDecision d;
    d.action = action;
    return d;
  }
};

struct IndexStats {
  uint64_t item_count = 0;
  uint64_t size_bytes = 0;
};

// A table at one instant: its definition and a copy of its items (CreateBackup, a point-in-time
// restore).
struct TableSnapshot {
  TableDefinition definition;
  StoredItems items;
  uint64_t size_bytes = 0;
};

// The instants a table with point-in-time recovery can be restored to, epoch ms, inclusive.
struct RecoveryWindow {
  int64_t earliest_ms = 0;
  int64_t latest_ms = 0;
};

class Restorer;

class Table {
 public:
  // With `streams` (the Database's), the table writes a stream while its definition enables one;
  // with `log`, it tells every change to it as `incarnation` (engine/commit_log.h); `clock` (the
  // Database's) times the point-in-time recovery log (without one the table keeps none).
  // `feed` (the Database's) hears of every change while the table has replicas.
  explicit Table(TableDefinition definition, StreamRegistry* streams = nullptr, CommitLog* log = nullptr,
                 uint64_t incarnation = 0, const Clock* clock = nullptr, ReplicaFeed* feed = nullptr);

  const std::string& name() const { return name_; }
  const model::KeySchema& key_schema() const { return key_schema_; }
  uint64_t incarnation() const { return incarnation_; }

  TableDefinition definition() const;
  // Runs `change` on the definition under the exclusive lock. A stream enabled with a new label
  // opens a new stream; a stream disabled closes the current one. Point-in-time recovery enabled
  // starts the recovery log at its enabled_ms; disabled, it forgets it.
  void update_definition(FunctionRef<void(TableDefinition&)> change);
  // The stream being written, or null. close_stream() closes it for good (DeleteTable): the
  // table opens no stream after it.
  std::shared_ptr<Stream> stream() const;
  void close_stream();

  // A copy of the item with this (validated) key, if any, in the state `at` says (the latest,
  // or under a consistency lag one up to the lag ago: engine/table_versions.h).
  std::optional<model::Item> get(const model::AttributeMap& key, ReadPoint at = {}) const;
  // The same item as stored (its stored form, model/item_codec.h, for replies that need no
  // decoding), held by a reference rather than copied: a 400 KB item's copy cost more than its
  // answer's CRC. Null when there is none.
  ItemRef get_stored(const model::AttributeMap& key, ReadPoint at = {}) const;

  // Looks up the item with this (validated) key and applies what `decide` returns, all under
  // the exclusive lock. `decide` says Keep when it declines (a failed condition); if it throws,
  // nothing changes either. A new item an index cannot take (an index key of the wrong type or
  // an empty one, a malformed vector) is not written: the violation is returned, and nothing
  // changes. `decide` must not touch this table. `decide_reads_old` false: `decide` does not
  // look at the current item (an unconditional PutItem), which then is not decoded unless an
  // index needs it; `decide` gets null. `likely_put`: the stored item `decide` will most likely
  // put (put_stored, those same bytes), whose StoredItem is then made before the lock is taken,
  // so that the lock is held for less; made for nothing when `decide` says otherwise.
  std::optional<model::IndexKeyViolation> write(const model::AttributeMap& key,
                                                FunctionRef<WriteDecision(const model::Item* old)> decide,
                                                bool decide_reads_old = true, std::string_view likely_put = {});
  // Whether another region's write to the item at `key` is not yet in every replica, in a table of
  // strong consistency: DynamoDB refuses a write to it (ReplicatedWriteConflictException).
  bool written_in_another_region(const model::AttributeMap& key) const;
  // A change the replica in `from_region` made (engine/replica_feed.h), or an item of the
  // snapshot a new replica starts from: applied through the commit path (indexes, this table's
  // own stream) unless this table is no replica of that region's, or a later change of the item
  // (by `order`) is here already. Returns whether it was applied.
  bool apply_replicated(const std::string& storage_key, std::optional<std::string_view> new_item, uint64_t order,
                        std::string_view from_region);
  // What write() would refuse in putting `stored` (an item in its stored form: a secondary index
  // key of the wrong type, or an empty one), changing nothing: BatchWriteItem checks every item
  // before writing any. Decoded only when the table has an index.
  std::optional<model::IndexKeyViolation> check_put(std::string_view stored) const;

  uint64_t item_count() const;
  // TableSizeBytes: the items' billed size (engine/billed_size.h).
  uint64_t size_bytes() const;

  // The definition and every item, as one instant (under the shared lock).
  TableSnapshot snapshot() const;
  // The definition now and the items as they were at `at_ms` (engine/recovery_log.h); nullopt
  // when point-in-time recovery is off or `at_ms` is outside recovery_window(now_ms).
  std::optional<TableSnapshot> snapshot_at(int64_t at_ms, int64_t now_ms) const;
  // Nullopt while point-in-time recovery is off.
  std::optional<RecoveryWindow> recovery_window(int64_t now_ms) const;
  // The items changed in [from_ms, to_ms), each with the time of its last change there
  // (RecoveryLog::changed_keys); empty while point-in-time recovery is off.
  std::map<std::string, int64_t> changed_keys(int64_t from_ms, int64_t to_ms) const;
  // Writes `items` (a snapshot's, of a table with this key schema) into the table, through the
  // commit path like any write: indexes, streams and logs see every item. A restore fills its new
  // table with it.
  void load(const StoredItems& items);

  // Query and Scan (engine/query.h). `visit` sees every item read, in order, in its stored form
  // (model/item_codec.h; the view is valid during the call only), under the shared lock: it
  // filters and copies (or writes out) what the reply needs, and must not touch this table. A
  // page touches only the items it reads; none is decoded unless `visit` decodes it.
  using ItemVisitor = FunctionRef<void(std::string_view encoded)>;
  // `at`: which state is read, as get's.
  PageResult query(const QuerySpec& spec, const PageLimits& limits, ItemVisitor visit, ReadPoint at = {}) const;
  PageResult scan(const ScanSpec& spec, const PageLimits& limits, ItemVisitor visit, ReadPoint at = {}) const;

  // From the first call on, the table keeps its partitions in the byte order of their partition
  // key values too (engine/partition_order.h; built now from the items), which
  // scan_key_prefix needs. Later calls do nothing. Not part of the definition: whoever needs the
  // order asks for it after finding the table.
  void order_partitions();
  // The items whose partition key value's bytes (model::key_value_bytes) start with
  // `key_prefix`: partitions in the byte order of their keys, items in sort-key order, starting
  // after `exclusive_start_key` (a primary key; its partition need not exist any more). Reads
  // only those items. Unlike query and scan, last_evaluated_key is set exactly when another item
  // in range follows the page. Requires order_partitions() (std::logic_error otherwise).
  PageResult scan_key_prefix(std::string_view key_prefix, const std::optional<model::AttributeMap>& exclusive_start_key,
                             const PageLimits& limits, ItemVisitor visit) const;

  // The same on a secondary index (named in the definition; model::index_not_found otherwise).
  // `visit` sees the whole base item: projecting it is the caller's job. The 1 MB page and the
  // bytes read count projected sizes; LastEvaluatedKey has the index and the table keys.
  PageResult query_index(const std::string& index, const IndexQuerySpec& spec, const PageLimits& limits,
                         ItemVisitor visit, ReadPoint at = {}) const;
  PageResult scan_index(const std::string& index, const ScanSpec& spec, const PageLimits& limits, ItemVisitor visit,
                        ReadPoint at = {}) const;
  // ItemCount and IndexSizeBytes of an index; nullopt when there is no such index.
  std::optional<IndexStats> index_stats(const std::string& index) const;
  // The attributes the secondary indexes key on, as DynamoDB visits them in its checks: each
  // GSI's key attributes, then each LSI's sort key (empty without indexes: no allocation).
  std::vector<IndexKeyAttribute> index_key_attributes() const;

  // SearchVectors on the vector index `index` (engine/vector_index.h), at `now_ms` (the
  // definition's clock-driven status): model::vector_index_not_found when there is no such
  // index, model::vector_index_not_active while it is CREATING. `visit` sees each result, best
  // first, in its stored form with its score, under the shared lock (as query's visitor).
  using SearchVisitor = FunctionRef<void(std::string_view encoded, double score)>;
  VectorSearchStats search_vectors(const std::string& index, const VectorSearchSpec& spec, int64_t now_ms,
                                   SearchVisitor visit) const;
  // ItemCount and IndexSizeBytes (its vectors and their filter values) of a vector index.
  std::optional<IndexStats> vector_index_stats(const std::string& index) const;

  // For engine/transaction, with mu_ held by the caller (shared for get, exclusive for
  // check_write and commit_write).
  std::shared_mutex& mutex() const { return mu_; }
  // (`at`: as get's; transactions read the latest.)
  std::optional<model::Item> get_locked(const std::string& storage_key, ReadPoint at = {}) const;
  std::optional<std::string> get_encoded_locked(const std::string& storage_key, ReadPoint at = {}) const;
  // What write() would refuse in this decision (index keys), changing nothing but the decision:
  // a stored-form put is decoded when an index reads it (decode_for_indexes).
  std::optional<model::IndexKeyViolation> check_write_locked(WriteDecision& decision) const;
  void commit_write_locked(const std::string& storage_key, const model::Item* old, WriteDecision decision);
  CommitLog* commit_log() const { return log_; }  // constant while the table is in use

  // For persist/, with mu_ held (shared) by the caller: the definition, and the items in storage
  // order after `after` (from the first when null), as (storage key, encoded item), until
  // `visit` returns false. Returns the storage key of the last item visited when it stopped
  // early, nullopt when it visited the last one.
  const TableDefinition& definition_locked() const { return definition_; }
  std::optional<std::string> visit_stored_locked(const std::string* after,
                                                 FunctionRef<bool(std::string_view, std::string_view)> visit) const;
  // The point-in-time recovery log (engine/recovery_log.h), with mu_ held (shared).
  const RecoveryLog& recovery_locked() const { return recovery_; }
  // For engine/database_image, with mu_ held (shared): the table's state, sharing its items and
  // index entries (O(indexes + partitions + recovery records), not O(items)).
  TableImage image_locked() const;

  // Its provisioned throughput's buckets, used under --capacity-model (requests/throttling.h).
  ThroughputBuckets& throughput() const { return throughput_; }

  // How long ago the state an eventually consistent read sees may be (--consistency-lag; 0: off).
  // While it is on, the table keeps its states of the last `ms` (engine/table_versions.h); turning
  // it on or off forgets them.
  void set_consistency_lag(int64_t ms);
  int64_t consistency_lag() const { return consistency_lag_ms_.load(std::memory_order_relaxed); }

 private:
  friend class Restorer;  // engine/restore.h

  // Restorer's: a definition or an item put back as saved (indexes and the recovery log's
  // enablement follow; no stream record, no log, no recovery record), the recovery log's counters
  // and records put back, then the table joined to its Database's streams, log and clock once
  // everything is back (`restart_recovery`: the saved files had no recovery log, so its window
  // starts now).
  void restore_definition(TableDefinition definition);
  void restore_item(std::string_view storage_key, std::optional<std::string_view> encoded);
  void restore_recovery_state(const RecoveryState& state);
  void restore_recovery_change(RecoveryLog::Change change, bool from_snapshot);
  // An image's state, in place of this table's (just defined with the image's definition):
  // items, sizes, indexes and recovery log shared or copied.
  void restore_image(const TableImage& image);
  void attach(StreamRegistry* streams, CommitLog* log, const Clock* clock, bool restart_recovery);

  using Items = ItemMap;

  // The one place items_ changes: applies `decision` to the item at `storage_key` (old: its
  // decoded current value) and keeps the indexes, sizes and stream exact: one stream record per
  // changed item, none when nothing changes. Requires mu_ exclusive.
  void commit(const std::string& storage_key, const model::Item* old, WriteDecision decision);
  // The same with `current` = items_.find(storage_key), already looked up.
  // `prepared`: the new item's StoredItem, when made before (see write's `likely_put`).
  void commit_at(const StoredItem* current, const std::string& storage_key, const model::Item* old,
                 WriteDecision decision, ItemRef prepared = nullptr);
  // A put given in its stored form only: its item decoded into `decision.item` as the indexes
  // read it (indexed_form). Requires mu_.
  void decode_for_indexes(WriteDecision& decision) const;
  // What the indexes read of a stored item: all of it when a vector index reads it (and its
  // billing), else the attributes the secondary indexes read (index_attributes); nothing
  // without indexes. Requires mu_.
  std::optional<model::AttributeMap> indexed_form(std::string_view stored) const;
  // The attributes of a stored item that the secondary indexes read (their read_attributes).
  model::AttributeMap index_attributes(std::string_view stored) const;
  // The vector billing adjustment of `current` (null: none); `old` is it decoded, or null.
  int64_t stored_vector_billing(const StoredItem* current, const model::Item* old) const;
  uint64_t billed_size_bytes() const;  // mu_ held
  // write() with mu_ held exclusive, at `storage_key`; `prepared` is `likely_put` stored.
  std::optional<model::IndexKeyViolation> write_locked(const std::string& storage_key,
                                                       FunctionRef<WriteDecision(const model::Item* old)> decide,
                                                       bool decide_reads_old, std::string_view likely_put = {},
                                                       ItemRef prepared = nullptr);
  // Tells a change of the item at `storage_key` to the stream and the log (nullopt: absent), and
  // to the replicas unless it came from one.
  void tell(const std::string& storage_key, std::optional<std::string_view> old_item,
            std::optional<std::string_view> new_item, bool by_ttl, bool replicated);
  // The index of that name, or null. Requires mu_.
  const SecondaryIndex* find_index(const std::string& name) const;
  const VectorIndex* find_vector_index(const std::string& name) const;
  // Makes indexes_ and vector_indexes_ match definition_: keeps the indexes still defined,
  // builds new ones from items_ (backfill; an item a new vector index cannot take is left out of
  // it, as DynamoDB leaves such items out of a new GSI). Requires mu_ exclusive.
  void sync_indexes();
  void sync_stream();    // opens or closes stream_ as definition_ says. Requires mu_ exclusive.
  // Starts, retimes or stops recovery_ as definition_ says (a new enabled_ms starts it afresh).
  // Requires mu_ exclusive.
  void sync_recovery();
  // Keeps the state a change is about to replace, while the lag is on. Requires mu_ exclusive.
  void keep_version();
  // The items, or an index's entries, in the state `at` says. Require mu_.
  const Items& items_at(ReadPoint at) const;
  const SecondaryIndex::Entries& entries_at(const SecondaryIndex& index, ReadPoint at) const;
  // A page of `items` or of `entries`, an index's (engine/query.h). Require mu_.
  PageResult read_items(const Items& items, const KeyRange& range, bool forward, const PageLimits& limits,
                        ItemVisitor visit) const;
  PageResult read_index(const SecondaryIndex& index, const SecondaryIndex::Entries& entries, const KeyRange& range,
                        bool forward, const PageLimits& limits, ItemVisitor visit) const;

  const std::string name_;
  const model::KeySchema key_schema_;
  mutable std::shared_mutex mu_;
  TableDefinition definition_;                                // Protected by mu_.
  Items items_;  // storage_key -> encoded item (engine/item_map.h). Protected by mu_.
  uint64_t size_bytes_ = 0;                                   // Sum of item sizes. Protected by mu_.
  // The billed size of the items' vector attributes less their stored size
  // (engine/billed_size.h): TableSizeBytes is their sum. Protected by mu_.
  int64_t vector_billing_ = 0;
  std::vector<std::unique_ptr<SecondaryIndex>> indexes_;      // LSIs then GSIs. Protected by mu_.
  std::vector<std::unique_ptr<VectorIndex>> vector_indexes_;  // Protected by mu_.
  const uint64_t incarnation_;
  std::unique_ptr<PartitionOrder> partition_order_;  // Null until order_partitions(). Protected by mu_.
  StreamRegistry* streams_;  // Null: no streams. Set before the table is shared; nulled by close_stream.
  CommitLog* log_;                                   // Null: none. Set before the table is shared.
  std::shared_ptr<Stream> stream_;                   // The enabled stream, or null. Protected by mu_.
  const Clock* clock_;                               // Null: no recovery log. Set before the table is shared.
  ReplicaFeed* const feed_;                          // Null: changes go nowhere.
  // While the table has replicas: the order of the last change of each item written since
  // (engine/replica_feed.h). Protected by mu_.
  std::unordered_map<std::string, uint64_t> replica_orders_;
  RecoveryLog recovery_;                             // Protected by mu_.
  mutable ThroughputBuckets throughput_;             // Its own lock.
  std::atomic<int64_t> consistency_lag_ms_{0};       // Changed under mu_ exclusive.
  std::atomic<bool> strong_consistency_;             // definition_.strong_consistency. Changed under mu_ exclusive.
  TableVersions versions_;                           // Protected by mu_.
};

}  // namespace minnow::engine
