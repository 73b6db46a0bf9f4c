#include "engine/table.h"

#include <algorithm>
#include <iterator>
#include <mutex>
#include <stdexcept>

#include "engine/billed_size.h"
#include "engine/transient_statuses.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "model/vector_errors.h"

namespace minnow::engine {

namespace {

// The items as a std::map, for what still takes one (a snapshot, a backup, a restore).
StoredItems copy_items(const ItemMap& items) {
  StoredItems copy;
  for (const StoredItem& stored : items) copy.emplace_hint(copy.end(), stored.key(), stored.encoded());
  return copy;
}

// Reads the entries of `map` in `range` in key order (or in reverse), as Table::query and
// Table::scan describe. `item_of(it)` is an entry's encoded base item, `size_of(it)` the size
// the page counts, `page_key(encoded)` the LastEvaluatedKey of an item.
template <class Map, class ItemOf, class SizeOf, class PageKey>
PageResult read_range(const Map& map, const KeyRange& range, bool forward, const PageLimits& limits,
                      Table::ItemVisitor visit, ItemOf item_of, SizeOf size_of, PageKey page_key) {
  PageResult page;
  if (range.empty()) return page;
  auto first = range.low_inclusive ? map.lower_bound(range.low) : map.upper_bound(range.low);
  auto last = range.unbounded_high   ? map.end()
              : range.high_inclusive ? map.upper_bound(range.high)
                                     : map.lower_bound(range.high);
  // [first, last) in key order; read from its front (forward) or from its back.
  while (first != last) {
    auto it = forward ? first++ : --last;
    const std::string_view encoded = item_of(it);
    visit(encoded);
    ++page.scanned_count;
    page.bytes_read += size_of(it);
    bool full = limits.max_items && page.scanned_count >= limits.max_items;
    if (full || (page.bytes_read >= limits.max_bytes && first != last)) {
      page.last_evaluated_key = page_key(encoded);
      break;
    }
  }
  return page;
}

}  // namespace

Table::Table(TableDefinition definition, StreamRegistry* streams, CommitLog* log, uint64_t incarnation,
             const Clock* clock, ReplicaFeed* feed)
    : name_(definition.name),
      key_schema_(definition.key_schema),
      definition_(std::move(definition)),
      incarnation_(incarnation),
      streams_(streams),
      log_(log),
      clock_(clock),
      feed_(feed),
      strong_consistency_(definition_.strong_consistency) {
  sync_indexes();
  sync_stream();
  sync_recovery();
}

TableDefinition Table::definition() const {
  std::shared_lock lock(mu_);
  return definition_;
}

void Table::update_definition(FunctionRef<void(TableDefinition&)> change) {
  std::unique_lock lock(mu_);
  change(definition_);
  strong_consistency_.store(definition_.strong_consistency, std::memory_order_relaxed);
  if (definition_.replicas.empty()) replica_orders_.clear();
  sync_indexes();
  const Stream* before = stream_.get();
  sync_stream();
  sync_recovery();
  if (log_) log_->table_defined(incarnation_, definition_, stream_.get() != before ? stream_.get() : nullptr);
}

void Table::restore_definition(TableDefinition definition) {
  std::unique_lock lock(mu_);
  definition_ = std::move(definition);
  strong_consistency_.store(definition_.strong_consistency, std::memory_order_relaxed);
  sync_indexes();
  sync_recovery();
}

TableImage Table::image_locked() const {
  TableImage image{definition_, items_, size_bytes_, vector_billing_, {}, {}, std::nullopt, recovery_};
  for (const auto& index : indexes_) image.indexes.push_back(*index);
  for (const auto& index : vector_indexes_) image.vector_indexes.push_back(*index);
  if (partition_order_) image.partition_order = *partition_order_;
  return image;
}

void Table::restore_image(const TableImage& image) {
  std::unique_lock lock(mu_);
  definition_ = image.definition;
  strong_consistency_.store(definition_.strong_consistency, std::memory_order_relaxed);
  items_ = image.items;
  size_bytes_ = image.size_bytes;
  vector_billing_ = image.vector_billing;
  indexes_.clear();
  for (const SecondaryIndex& index : image.indexes) indexes_.push_back(std::make_unique<SecondaryIndex>(index));
  // Their handles are the image's StoredItems, which the items now share.
  vector_indexes_.clear();
  for (const VectorIndex& index : image.vector_indexes) vector_indexes_.push_back(std::make_unique<VectorIndex>(index));
  partition_order_ = image.partition_order ? std::make_unique<PartitionOrder>(*image.partition_order) : nullptr;
  recovery_ = image.recovery;
  versions_.clear();
}

void Table::restore_recovery_state(const RecoveryState& state) {
  std::unique_lock lock(mu_);
  recovery_.restore_state(state);
}

void Table::restore_recovery_change(RecoveryLog::Change change, bool from_snapshot) {
  std::unique_lock lock(mu_);
  recovery_.restore_change(std::move(change), from_snapshot);
}

void Table::restore_item(std::string_view key, std::optional<std::string_view> encoded) {
  std::unique_lock lock(mu_);
  // Through the commit point, which keeps the indexes and the partition order.
  if (!indexes_.empty() || !vector_indexes_.empty() || partition_order_) {
    const std::string k(key);
    const StoredItem* current = items_.find(k);
    std::optional<model::Item> old;
    if (current) old = model::decode_item(current->encoded());
    commit_at(current, k, old ? &*old : nullptr,
              encoded ? WriteDecision::put(model::decode_item(*encoded)) : WriteDecision::remove());
    return;
  }
  // Saved items come in storage order: each is appended to the last leaf, which is left full.
  ItemRef replaced = encoded ? items_.put(StoredItem::make(key, *encoded)) : items_.erase(key);
  if (replaced) size_bytes_ -= model::encoded_item_size(replaced->encoded());
  if (encoded) size_bytes_ += model::encoded_item_size(*encoded);
}

void Table::attach(StreamRegistry* streams, CommitLog* log, const Clock* clock, bool restart_recovery) {
  std::unique_lock lock(mu_);
  streams_ = streams;
  log_ = log;
  clock_ = clock;
  if (restart_recovery && clock_ && definition_.point_in_time_recovery.enabled)
    recovery_.enable(clock_->now_ms(), definition_.point_in_time_recovery.recovery_period_days);
  stream_ = streams_ && definition_.stream.enabled ? streams_->find_open(name_, definition_.stream_label) : nullptr;
}

std::optional<std::string> Table::visit_stored_locked(
    const std::string* after, FunctionRef<bool(std::string_view, std::string_view)> visit) const {
  for (auto it = after ? items_.upper_bound(*after) : items_.begin(); it != items_.end(); ++it) {
    if (!visit(it->key(), it->encoded()) && std::next(it) != items_.end()) return std::string(it->key());
  }
  return std::nullopt;
}

void Table::sync_recovery() {
  const PointInTimeRecovery& wanted = definition_.point_in_time_recovery;
  if (!wanted.enabled) {
    recovery_.disable();
  } else if (!recovery_.enabled() || recovery_.since_ms() != wanted.enabled_ms) {
    recovery_.enable(wanted.enabled_ms, wanted.recovery_period_days);
  } else {
    recovery_.set_period_days(wanted.recovery_period_days);
  }
}

TableSnapshot Table::snapshot() const {
  std::shared_lock lock(mu_);
  return {definition_, copy_items(items_), billed_size_bytes()};
}

std::optional<RecoveryWindow> Table::recovery_window(int64_t now_ms) const {
  std::shared_lock lock(mu_);
  if (!recovery_.enabled()) return std::nullopt;
  return RecoveryWindow{recovery_.earliest_ms(now_ms), now_ms};
}

std::optional<TableSnapshot> Table::snapshot_at(int64_t at_ms, int64_t now_ms) const {
  std::shared_lock lock(mu_);
  if (!recovery_.enabled() || at_ms < recovery_.earliest_ms(now_ms) || at_ms > now_ms) return std::nullopt;
  TableSnapshot snapshot{definition_, copy_items(items_), 0};
  recovery_.roll_back(snapshot.items, at_ms);
  for (const auto& [key, encoded] : snapshot.items) snapshot.size_bytes += model::encoded_item_size(encoded);
  return snapshot;
}

std::map<std::string, int64_t> Table::changed_keys(int64_t from_ms, int64_t to_ms) const {
  std::shared_lock lock(mu_);
  return recovery_.changed_keys(from_ms, to_ms);
}

void Table::load(const StoredItems& items) {
  std::unique_lock lock(mu_);
  ItemRecord record(log_);  // one log record: the table is restored whole or not at all
  for (const auto& [key, encoded] : items) {
    model::Item item = model::decode_item(encoded);
    const StoredItem* current = items_.find(key);
    std::optional<model::Item> old;
    if (current) old = model::decode_item(current->encoded());
    commit_at(current, key, old ? &*old : nullptr, WriteDecision::put(std::move(item)));
  }
}

void Table::sync_stream() {
  const bool wanted = streams_ && definition_.stream.enabled;
  if (stream_ && (!wanted || stream_->label() != definition_.stream_label)) {
    stream_->close();
    stream_.reset();
  }
  if (wanted && !stream_) stream_ = streams_->open(definition_);
}

std::shared_ptr<Stream> Table::stream() const {
  std::shared_lock lock(mu_);
  return stream_;
}

void Table::close_stream() {
  std::unique_lock lock(mu_);
  if (stream_) stream_->close();
  stream_.reset();
  // The table is gone: a request that found it before may still change its definition, which
  // must not open a stream nobody would ever close.
  streams_ = nullptr;
}

std::optional<model::Item> Table::get(const model::AttributeMap& key, ReadPoint at) const {
  std::string k = model::storage_key(key, key_schema_);
  std::shared_lock lock(mu_);
  return get_locked(k, at);
}

ItemRef Table::get_stored(const model::AttributeMap& key, ReadPoint at) const {
  const std::string k = model::storage_key(key, key_schema_);
  std::shared_lock lock(mu_);
  return ItemRef::share(items_at(at).find(k));
}

std::optional<model::Item> Table::get_locked(const std::string& storage_key, ReadPoint at) const {
  const StoredItem* current = items_at(at).find(storage_key);
  if (!current) return std::nullopt;
  return model::decode_item(current->encoded());
}

std::optional<std::string> Table::get_encoded_locked(const std::string& storage_key, ReadPoint at) const {
  const StoredItem* current = items_at(at).find(storage_key);
  if (!current) return std::nullopt;
  return std::string(current->encoded());
}

std::optional<model::IndexKeyViolation> Table::write(const model::AttributeMap& key,
                                                     FunctionRef<WriteDecision(const model::Item* old)> decide,
                                                     bool decide_reads_old, std::string_view likely_put) {
  const std::string k = model::storage_key(key, key_schema_);
  ItemRef prepared = likely_put.empty() ? nullptr : StoredItem::make(k, likely_put);
  std::unique_lock lock(mu_);
  return write_locked(k, decide, decide_reads_old, likely_put, std::move(prepared));
}

std::optional<model::IndexKeyViolation> Table::write_locked(const std::string& k,
                                                            FunctionRef<WriteDecision(const model::Item* old)> decide,
                                                            bool decide_reads_old, std::string_view likely_put,
                                                            ItemRef prepared) {
  // One lookup for the read and the commit (`decide` does not touch the table: `current` stays).
  const StoredItem* current = items_.find(k);
  std::optional<model::Item> old;
  // Without `decide` reading it, only what the indexes read of it.
  if (current) old = decide_reads_old ? model::decode_item(current->encoded()) : indexed_form(current->encoded());
  WriteDecision decision = decide(old && decide_reads_old ? &*old : nullptr);
  if (auto violation = check_write_locked(decision)) return violation;
  const bool puts_likely = decision.action == WriteDecision::Action::Put && !likely_put.empty() &&
                           decision.stored.data() == likely_put.data();
  ItemRecord record(log_);
  commit_at(current, k, old ? &*old : nullptr, std::move(decision), puts_likely ? std::move(prepared) : ItemRef());
  return std::nullopt;
}

bool Table::written_in_another_region(const model::AttributeMap& key) const {
  // Without the lock first: most tables are not strongly consistent global tables, and every
  // write asks.
  if (!feed_ || !strong_consistency_.load(std::memory_order_relaxed)) return false;
  std::shared_lock lock(mu_);
  return definition_.strong_consistency && feed_->changing_elsewhere(definition_, model::storage_key(key, key_schema_));
}

bool Table::apply_replicated(const std::string& k, std::optional<std::string_view> new_item, uint64_t order,
                             std::string_view from_region) {
  std::unique_lock lock(mu_);
  if (std::none_of(definition_.replicas.begin(), definition_.replicas.end(),
                   [&](const ReplicaDefinition& r) { return r.region == from_region; }))
    return false;
  uint64_t& latest = replica_orders_[k];
  if (latest >= order) return false;
  latest = order;
  // A replica has the same indexes: what one replica took, the others take.
  return !write_locked(
      k,
      [&](const model::Item*) {
        WriteDecision decision =
            new_item ? WriteDecision::put(model::decode_item(*new_item)) : WriteDecision::remove();
        decision.replicated = true;
        return decision;
      },
      /*decide_reads_old=*/false);
}

std::optional<model::IndexKeyViolation> Table::check_put(std::string_view stored) const {
  std::shared_lock lock(mu_);
  if (indexes_.empty()) return std::nullopt;
  const model::AttributeMap item = index_attributes(stored);
  for (const auto& index : indexes_)
    if (auto violation = index->check_item(item)) return violation;
  return std::nullopt;
}

void Table::decode_for_indexes(WriteDecision& decision) const {
  if (decision.action != WriteDecision::Action::Put || decision.stored.empty() || decision.borrowed ||
      !decision.item.empty())
    return;
  if (std::optional<model::AttributeMap> item = indexed_form(decision.stored)) decision.item = std::move(*item);
}

std::optional<model::AttributeMap> Table::indexed_form(std::string_view stored) const {
  if (!vector_indexes_.empty() || !definition_.vector_indexes.empty()) return model::decode_item(stored);
  if (!indexes_.empty()) return index_attributes(stored);
  return std::nullopt;
}

model::AttributeMap Table::index_attributes(std::string_view stored) const {
  std::vector<std::string_view> names;
  for (const auto& index : indexes_)
    for (const std::string& name : index->read_attributes())
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return model::decode_attributes(stored, names);
}

std::optional<model::IndexKeyViolation> Table::check_write_locked(WriteDecision& decision) const {
  if (decision.action != WriteDecision::Action::Put) return std::nullopt;
  decode_for_indexes(decision);
  for (const auto& index : indexes_)
    if (auto violation = index->check_item(decision.new_item())) return violation;
  for (const auto& index : vector_indexes_)
    if (auto violation = index->check_item(decision.new_item())) return violation;
  return std::nullopt;
}

void Table::commit_write_locked(const std::string& storage_key, const model::Item* old, WriteDecision decision) {
  commit(storage_key, old, std::move(decision));
}

void Table::commit(const std::string& k, const model::Item* old, WriteDecision decision) {
  commit_at(items_.find(k), k, old, std::move(decision));
}

void Table::commit_at(const StoredItem* current, const std::string& k, const model::Item* old, WriteDecision decision,
                      ItemRef prepared) {
  switch (decision.action) {
    case WriteDecision::Action::Keep:
      return;
    case WriteDecision::Action::Put: {
      decode_for_indexes(decision);
      const std::string_view encoded = prepared            ? prepared->encoded()
                                       : !decision.stored.empty() ? decision.stored
                                                         : model::encode_item_scratch(decision.new_item());
      if (current && current->encoded() == encoded) return;  // nothing changes: no record
      ItemRef fresh = prepared ? std::move(prepared) : StoredItem::make(k, encoded);
      const StoredItem& stored = *fresh;
      if (!definition_.vector_indexes.empty())
        vector_billing_ += vector_billing_adjustment(definition_.vector_indexes, decision.new_item()) -
                           stored_vector_billing(current, old);
      const std::optional<std::string_view> before = current ? std::optional(current->encoded()) : std::nullopt;
      keep_version();
      tell(k, before, stored.encoded(), false, decision.replicated);
      size_bytes_ += model::encoded_item_size(stored.encoded());
      if (current) size_bytes_ -= model::encoded_item_size(current->encoded());
      else if (partition_order_) partition_order_->add(k);
      const ItemRef replaced = items_.put(std::move(fresh));  // keeps `current` alive to the end
      for (const auto& index : indexes_) index->update(k, old, &decision.new_item(), &stored);
      for (const auto& index : vector_indexes_) index->put(stored, decision.new_item(), old, current);
      return;
    }
    case WriteDecision::Action::Delete: {
      if (!current) return;
      keep_version();
      tell(k, current->encoded(), std::nullopt, decision.by_ttl, decision.replicated);
      if (!definition_.vector_indexes.empty()) vector_billing_ -= stored_vector_billing(current, old);
      for (const auto& index : indexes_) index->update(k, old, nullptr, nullptr);
      for (const auto& index : vector_indexes_) index->erase(*current);
      size_bytes_ -= model::encoded_item_size(current->encoded());
      // A copy: `k` may be the erased item's own key.
      const std::string partition = partition_order_ ? std::string(model::partition_prefix_of(k)) : std::string();
      const ItemRef removed = items_.erase(k);
      if (partition_order_) {
        auto next = items_.lower_bound(partition);
        if (next == items_.end() || !next->key().starts_with(partition)) partition_order_->remove(partition);
      }
      return;
    }
  }
}

void Table::keep_version() {
  const int64_t lag = consistency_lag();
  if (lag > 0 && clock_) versions_.before_change(clock_->now_ms(), lag, items_, indexes_);
}

void Table::set_consistency_lag(int64_t ms) {
  std::unique_lock lock(mu_);
  if (ms == consistency_lag()) return;
  consistency_lag_ms_.store(ms, std::memory_order_relaxed);
  versions_.restart();
}

const Table::Items& Table::items_at(ReadPoint at) const {
  const TableVersion* version = versions_.at(at.as_of_ms);
  return version ? version->items : items_;
}

const SecondaryIndex::Entries& Table::entries_at(const SecondaryIndex& index, ReadPoint at) const {
  const TableVersion* version = versions_.at(at.as_of_ms);
  const SecondaryIndex::Entries* entries = version ? version->entries_of(index) : nullptr;
  return entries ? *entries : index.entries();
}

int64_t Table::stored_vector_billing(const StoredItem* current, const model::Item* old) const {
  if (!current) return 0;
  if (old) return vector_billing_adjustment(definition_.vector_indexes, *old);
  return vector_billing_adjustment(definition_.vector_indexes, model::decode_item(current->encoded()));
}

void Table::tell(const std::string& k, std::optional<std::string_view> old_item,
                 std::optional<std::string_view> new_item, bool by_ttl, bool replicated) {
  if (!replicated && !definition_.replicas.empty()) {
    const uint64_t order = next_replication_order();
    replica_orders_[k] = order;
    if (feed_) feed_->committed(definition_, k, new_item, order);
  }
  StreamAppend record;
  if (stream_) record = stream_->append(old_item, new_item, by_ttl);
  const bool recovered = clock_ && recovery_.enabled();
  if (recovered) recovery_.record(clock_->now_ms(), k, old_item);
  if (log_) {
    const bool streamed = record.sequence != 0;
    const RecoveryStamp stamp = recovery_.last_stamp();
    log_->item_changed(ItemChange{incarnation_, k, old_item, new_item, by_ttl, streamed ? stream_.get() : nullptr,
                                  streamed ? &record : nullptr, recovered ? &stamp : nullptr});
  }
}

void Table::sync_indexes() {
  std::vector<std::unique_ptr<SecondaryIndex>> synced;
  bool indexes_changed = false;
  for (auto* list : {&definition_.local_indexes, &definition_.global_indexes}) {
    const bool local = list == &definition_.local_indexes;
    for (IndexDefinition& d : *list) {
      auto same = std::find_if(indexes_.begin(), indexes_.end(),
                               [&](const auto& i) { return i && i->name() == d.name && i->local() == local; });
      if (same != indexes_.end()) {
        synced.push_back(std::move(*same));
        continue;
      }
      // Built from the table's items, but for those it cannot key (a value of the wrong type, or
      // over the key size limits): they stay in the table only, as DynamoDB's backfill leaves them.
      auto index = std::make_unique<SecondaryIndex>(d, definition_.attribute_definitions, key_schema_, local);
      uint64_t write_units = 0;
      for (const StoredItem& stored : items_) {
        model::Item item = model::decode_item(stored.encoded());
        if (index->check_item(item)) continue;
        const uint64_t before = index->size_bytes();
        index->update(std::string(stored.key()), nullptr, &item, &stored);
        if (index->size_bytes() > before) write_units += entry_write_units(index->size_bytes() - before);
      }
      time_backfill(d, definition_.billing_mode, write_units);
      synced.push_back(std::move(index));
      indexes_changed = true;
    }
  }
  // A version's entries belong to the indexes as they were: one dropped, or one new, ends them.
  if (indexes_changed || synced.size() != indexes_.size()) versions_.clear();
  indexes_ = std::move(synced);

  std::vector<std::unique_ptr<VectorIndex>> synced_vectors;
  bool vectors_changed = vector_indexes_.size() != definition_.vector_indexes.size();
  for (const VectorIndexDefinition& d : definition_.vector_indexes) {
    auto same = std::find_if(vector_indexes_.begin(), vector_indexes_.end(),
                             [&](const auto& i) { return i && i->name() == d.name; });
    if (same != vector_indexes_.end()) {
      synced_vectors.push_back(std::move(*same));
      continue;
    }
    vectors_changed = true;
    auto index = std::make_unique<VectorIndex>(d, definition_.attribute_definitions);
    for (const StoredItem& stored : items_) {
      model::Item item = model::decode_item(stored.encoded());
      if (!index->check_item(item)) index->put(stored, item, nullptr, nullptr);
    }
    synced_vectors.push_back(std::move(index));
  }
  vector_indexes_ = std::move(synced_vectors);
  if (vectors_changed) {
    vector_billing_ = 0;
    if (!definition_.vector_indexes.empty())
      for (const StoredItem& stored : items_)
        vector_billing_ += vector_billing_adjustment(definition_.vector_indexes, model::decode_item(stored.encoded()));
  }
}

const VectorIndex* Table::find_vector_index(const std::string& name) const {
  for (const auto& index : vector_indexes_)
    if (index->name() == name) return index.get();
  return nullptr;
}

VectorSearchStats Table::search_vectors(const std::string& name, const VectorSearchSpec& spec, int64_t now_ms,
                                        SearchVisitor visit) const {
  std::shared_lock lock(mu_);
  const VectorIndex* index = find_vector_index(name);
  if (!index) throw model::vector_index_not_found(name);
  for (const VectorIndexDefinition& d : definition_.vector_indexes)
    if (d.name == name && !d.active_at(now_ms)) throw model::vector_index_not_active(name);
  VectorSearchStats stats;
  for (const VectorIndex::Hit& hit : index->search(spec, stats)) visit(hit.entry->encoded(), hit.score);
  return stats;
}

std::optional<IndexStats> Table::vector_index_stats(const std::string& name) const {
  std::shared_lock lock(mu_);
  const VectorIndex* index = find_vector_index(name);
  if (!index) return std::nullopt;
  return IndexStats{index->item_count(), index->size_bytes()};
}

const SecondaryIndex* Table::find_index(const std::string& name) const {
  for (const auto& index : indexes_)
    if (index->name() == name) return index.get();
  return nullptr;
}

std::vector<IndexKeyAttribute> Table::index_key_attributes() const {
  std::shared_lock lock(mu_);
  std::vector<IndexKeyAttribute> out;
  for (const bool local : {false, true}) {
    for (const auto& index : indexes_) {
      if (index->local() != local) continue;
      const IndexKeySchema& key = index->key_schema();
      if (!local)
        for (const model::KeyAttribute& a : key.hash) out.push_back({a, index->name()});
      for (const model::KeyAttribute& a : key.range) out.push_back({a, index->name()});
    }
  }
  return out;
}

std::optional<IndexStats> Table::index_stats(const std::string& name) const {
  std::shared_lock lock(mu_);
  const SecondaryIndex* index = find_index(name);
  if (!index) return std::nullopt;
  return IndexStats{index->item_count(), index->size_bytes()};
}

uint64_t Table::item_count() const {
  std::shared_lock lock(mu_);
  return items_.size();
}

uint64_t Table::size_bytes() const {
  std::shared_lock lock(mu_);
  return billed_size_bytes();
}

uint64_t Table::billed_size_bytes() const {
  return static_cast<uint64_t>(std::max<int64_t>(static_cast<int64_t>(size_bytes_) + vector_billing_, 0));
}

PageResult Table::query(const QuerySpec& spec, const PageLimits& limits, ItemVisitor visit, ReadPoint at) const {
  KeyRange range = query_range(spec, key_schema_);
  std::shared_lock lock(mu_);
  return read_items(items_at(at), range, spec.forward, limits, visit);
}

PageResult Table::scan(const ScanSpec& spec, const PageLimits& limits, ItemVisitor visit, ReadPoint at) const {
  KeyRange range = scan_range(spec, key_schema_);
  std::shared_lock lock(mu_);
  return read_items(items_at(at), range, true, limits, visit);
}

void Table::order_partitions() {
  {
    std::shared_lock lock(mu_);  // every later call: no exclusive lock
    if (partition_order_) return;
  }
  std::unique_lock lock(mu_);
  if (partition_order_) return;
  partition_order_ = std::make_unique<PartitionOrder>();
  for (const StoredItem& stored : items_) partition_order_->add(stored.key());
}

PageResult Table::scan_key_prefix(std::string_view key_prefix,
                                  const std::optional<model::AttributeMap>& exclusive_start_key,
                                  const PageLimits& limits, ItemVisitor visit) const {
  const std::string start = exclusive_start_key ? model::storage_key(*exclusive_start_key, key_schema_) : std::string();
  std::shared_lock lock(mu_);
  if (!partition_order_) throw std::logic_error("scan_key_prefix on a table without order_partitions()");
  PageResult page;
  auto partition = partition_order_->lower_bound(start.empty() ? key_prefix : model::partition_key_bytes(start));
  const StoredItem* last_read = nullptr;
  for (; partition != partition_order_->end(); ++partition) {
    if (!model::partition_key_bytes(*partition).starts_with(key_prefix)) break;
    // The start key's own partition continues after it; every later one from its first item.
    auto it =
        !start.empty() && start.starts_with(*partition) ? items_.upper_bound(start) : items_.lower_bound(*partition);
    for (; it != items_.end() && it->key().starts_with(*partition); ++it) {
      const bool full =
          (limits.max_items && page.scanned_count >= limits.max_items) || page.bytes_read >= limits.max_bytes;
      if (full) {
        page.last_evaluated_key = model::key_of(model::decode_item(last_read->encoded()), key_schema_);
        return page;
      }
      visit(it->encoded());
      ++page.scanned_count;
      page.bytes_read += model::encoded_item_size(it->encoded());
      last_read = &*it;
    }
  }
  return page;
}

PageResult Table::read_items(const Items& items, const KeyRange& range, bool forward, const PageLimits& limits,
                              ItemVisitor visit) const {
  return read_range(
      items, range, forward, limits, visit, [](Items::const_iterator it) { return it->encoded(); },
      [](Items::const_iterator it) { return model::encoded_item_size(it->encoded()); },
      [this](std::string_view encoded) { return model::key_of(model::decode_item(encoded), key_schema_); });
}

PageResult Table::read_index(const SecondaryIndex& index, const SecondaryIndex::Entries& entries, const KeyRange& range,
                             bool forward, const PageLimits& limits, ItemVisitor visit) const {
  using Entries = SecondaryIndex::Entries;
  return read_range(
      entries, range, forward, limits, visit,
      [](Entries::const_iterator it) { return it->item()->encoded(); },
      [](Entries::const_iterator it) { return std::size_t{it->size()}; },
      [&index](std::string_view encoded) { return index.page_key(model::decode_item(encoded)); });
}

PageResult Table::query_index(const std::string& name, const IndexQuerySpec& spec, const PageLimits& limits,
                              ItemVisitor visit, ReadPoint at) const {
  std::shared_lock lock(mu_);
  const SecondaryIndex* index = find_index(name);
  if (!index) throw model::index_not_found(name);
  return read_index(*index, entries_at(*index, at), index->query_range(spec), spec.forward, limits, visit);
}

PageResult Table::scan_index(const std::string& name, const ScanSpec& spec, const PageLimits& limits,
                             ItemVisitor visit, ReadPoint at) const {
  std::shared_lock lock(mu_);
  const SecondaryIndex* index = find_index(name);
  if (!index) throw model::index_not_found(name);
  return read_index(*index, entries_at(*index, at), index->scan_range(spec), true, limits, visit);
}

}  // namespace minnow::engine
