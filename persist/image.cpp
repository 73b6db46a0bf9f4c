#include "persist/image.h"

#include <mutex>
#include <shared_mutex>
#include <utility>

#include "engine/stream.h"
#include "engine/table.h"
#include "persist/bytes.h"
#include "persist/definition_codec.h"
#include "persist/frames.h"
#include "persist/records.h"

namespace minnow::persist {

namespace {

constexpr std::size_t kChunkBytes = 256u << 10;  // of one TableItems record: a few hundred items
constexpr std::size_t kChunkRecords = 64;        // stream records per StreamRecords record
constexpr std::size_t kFlushBytes = 1u << 20;

enum StreamImages : uint8_t { kHasOldImage = 1, kHasNewImage = 2 };

RecordKind kind_of(std::string_view payload) {
  if (payload.empty()) throw FormatError("empty record");
  return static_cast<RecordKind>(static_cast<uint8_t>(payload[0]));
}

template <class Fill>
void frame(std::string& out, RecordKind kind, Fill fill) {
  std::size_t start = begin_frame(out);
  ByteWriter w(out);
  w.u8(static_cast<uint8_t>(kind));
  fill(w);
  end_frame(out, start);
}

// A table's point-in-time recovery log: its counters, then its records a chunk at a time, as
// write_table reads items. An enablement ended meanwhile ends it: the log says what followed.
void write_recovery(const engine::Table& table, bool lock_chunks, std::string& out, ImageTotals& totals,
                    engine::FunctionRef<void(std::string&)> flush) {
  uint64_t after = 0;
  std::optional<uint64_t> enablement;
  for (;;) {
    std::shared_lock<std::shared_mutex> lock;
    if (lock_chunks) lock = std::shared_lock(table.mutex());
    const engine::RecoveryLog& log = table.recovery_locked();
    if (!log.enabled() || (enablement && log.enablement() != *enablement)) return;
    if (!enablement) {
      enablement = log.enablement();
      const engine::RecoveryState state = log.state();
      frame(out, RecordKind::TableRecovery, [&](ByteWriter& w) {
        w.varint(table.incarnation());
        w.svarint(state.floor_ms);
        w.svarint(state.last_ms);
        w.varint(state.sequence);
      });
    }
    const std::size_t start = begin_frame(out);
    const std::size_t chunk_end = out.size() + kChunkBytes;
    ByteWriter w(out);
    w.u8(static_cast<uint8_t>(RecordKind::RecoveryChanges));
    w.varint(table.incarnation());
    const std::size_t visited = log.visit_after(after, [&](const engine::RecoveryLog::Change& c) {
      w.varint(c.sequence);
      w.svarint(c.time_ms);
      w.bytes(c.storage_key);
      w.boolean(c.old_item.has_value());
      if (c.old_item) w.bytes(*c.old_item);
      after = c.sequence;
      return out.size() < chunk_end;
    });
    if (visited == 0) {
      out.resize(start);
      return;
    }
    end_frame(out, start);
    totals.recovery_records += visited;
    if (lock) lock.unlock();
    if (out.size() >= kFlushBytes) flush(out);
  }
}

// The backups, read with no lock (their items are immutable): each Backup record, then its items
// a chunk at a time.
void write_backups(const std::vector<engine::Backup>& backups, std::string& out, ImageTotals& totals,
                   engine::FunctionRef<void(std::string&)> flush) {
  for (const engine::Backup& backup : backups) {
    frame(out, RecordKind::Backup, [&](ByteWriter& w) { write_backup(w, backup); });
    ++totals.backups;
    if (!backup.items) continue;
    auto it = backup.items->begin();
    while (it != backup.items->end()) {
      const std::size_t start = begin_frame(out);
      const std::size_t chunk_end = out.size() + kChunkBytes;
      ByteWriter w(out);
      w.u8(static_cast<uint8_t>(RecordKind::BackupItems));
      for (; it != backup.items->end() && out.size() < chunk_end; ++it) {
        w.bytes(it->first);
        w.bytes(it->second);
        ++totals.backup_items;
      }
      end_frame(out, start);
      if (out.size() >= kFlushBytes) flush(out);
    }
  }
}

// One table: its Table record, then its items a chunk at a time, then its recovery log; with
// `lock_chunks`, each chunk under the table's shared lock (else the caller holds it).
void write_table(const engine::Table& table, bool lock_chunks, std::string& out, ImageTotals& totals,
                 engine::FunctionRef<void(std::string&)> flush) {
  std::optional<std::string> after;
  bool first = true;
  do {
    std::shared_lock<std::shared_mutex> lock;
    if (lock_chunks) lock = std::shared_lock(table.mutex());
    if (first) {
      frame(out, RecordKind::Table, [&](ByteWriter& w) {
        w.varint(table.incarnation());
        write_definition(w, table.definition_locked());
        if (has_global_table(table.definition_locked())) write_global_table(w, table.definition_locked());
      });
      ++totals.tables;
      first = false;
    }
    const std::size_t start = begin_frame(out);
    const std::size_t chunk_end = out.size() + kChunkBytes;
    ByteWriter w(out);
    w.u8(static_cast<uint8_t>(RecordKind::TableItems));
    w.varint(table.incarnation());
    const std::size_t empty = out.size();
    after = table.visit_stored_locked(after ? &*after : nullptr, [&](std::string_view key, std::string_view item) {
      w.bytes(key);
      w.bytes(item);
      ++totals.items;
      return out.size() < chunk_end;
    });
    if (out.size() == empty) {
      out.resize(start);  // an empty table: no TableItems record
    } else {
      end_frame(out, start);
    }
    if (lock) lock.unlock();
    if (out.size() >= kFlushBytes) flush(out);
  } while (after);
  write_recovery(table, lock_chunks, out, totals, flush);
}

void write_stream(const engine::Stream& stream, std::string& out, ImageTotals& totals,
                  engine::FunctionRef<void(std::string&)> flush) {
  frame(out, RecordKind::Stream, [&](ByteWriter& w) { write_stream_state(w, stream.state()); });
  ++totals.streams;
  for (uint64_t after = 0;;) {
    const std::size_t start = begin_frame(out);
    ByteWriter w(out);
    w.u8(static_cast<uint8_t>(RecordKind::StreamRecords));
    w.varint(stream.incarnation());
    const std::size_t visited = stream.visit_records(after, kChunkRecords, [&](const engine::StreamRecord& r) {
      w.varint(r.sequence);
      w.svarint(r.created_ms);
      w.u8(static_cast<uint8_t>(r.event));
      w.boolean(r.by_ttl);
      w.bytes(r.keys);
      w.u8((r.old_image ? kHasOldImage : 0) | (r.new_image ? kHasNewImage : 0));
      if (r.old_image) w.bytes(*r.old_image);
      if (r.new_image) w.bytes(*r.new_image);
      after = r.sequence;
    });
    if (visited == 0) {
      out.resize(start);
      return;
    }
    end_frame(out, start);
    totals.records += visited;
    if (out.size() >= kFlushBytes) flush(out);
  }
}

void write_namespace_record(std::string& out, const std::string& name, const engine::Database& database,
                            uint64_t sequence) {
  frame(out, RecordKind::Namespace, [&](ByteWriter& w) {
    w.bytes(name);
    w.varint(database.incarnation());
    w.varint(sequence);
  });
}

void write_end(std::string& out, const ImageTotals& totals) {
  frame(out, RecordKind::End, [&](ByteWriter& w) {
    w.varint(totals.tables);
    w.varint(totals.items);
    w.varint(totals.streams);
    w.varint(totals.records);
    w.varint(totals.recovery_records);
    w.varint(totals.backups);
    w.varint(totals.backup_items);
  });
}

engine::RecoveryLog::Change read_recovery_change(ByteReader& r) {
  engine::RecoveryLog::Change change;
  change.sequence = r.varint();
  change.time_ms = r.svarint();
  change.storage_key = r.string();
  if (r.boolean()) change.old_item = r.string();
  return change;
}

engine::StreamEvent read_event(ByteReader& r) {
  uint8_t e = r.u8();
  if (e > static_cast<uint8_t>(engine::StreamEvent::Remove)) throw FormatError("bad stream event");
  return static_cast<engine::StreamEvent>(e);
}

}  // namespace

// Reads one namespace's snapshot records (Namespace .. End) into a Restorer. With `first`, its
// tables and streams are numbered afresh from there, in the order they appear.
class ImageReader {
 public:
  ImageReader(engine::Restorer& restorer, std::optional<uint64_t> first, const KeyReader& keys)
      : restorer_(restorer), next_(first), keys_(keys) {}

  // One record; true after the End record.
  bool record(std::string_view payload) {
    ByteReader r(payload);
    const auto kind = static_cast<RecordKind>(r.u8());
    if (kind != RecordKind::Namespace && !started_) throw FormatError("a namespace's records without its start");
    switch (kind) {
      case RecordKind::Namespace: {
        if (started_) throw FormatError("a namespace started twice");
        started_ = true;
        r.bytes();  // the name: the caller's business
        const uint64_t incarnation = r.varint();
        if (!next_) restorer_.raise_incarnation(incarnation);
        restorer_.raise_sequence(r.varint());
        break;
      }
      case RecordKind::Table: {
        end_backup();
        const uint64_t incarnation = number(r.varint());
        engine::TableDefinition definition = read_definition(r);
        if (!r.done()) read_global_table(r, definition);  // format 4, a global table's
        table_ = restorer_.define(incarnation, std::move(definition));
        table_incarnation_ = incarnation;
        ++totals_.tables;
        break;
      }
      case RecordKind::TableItems: {
        if (number(r.varint()) != table_incarnation_) throw FormatError("items without their table");
        while (!r.done()) {
          const std::string_view key = r.bytes();
          const std::string_view item = r.bytes();
          if (table_) restorer_.put(*table_, keys_.key(key, *table_), item);
          ++totals_.items;
        }
        break;
      }
      case RecordKind::TableRecovery: {
        if (number(r.varint()) != table_incarnation_) throw FormatError("a recovery log without its table");
        engine::RecoveryState state;
        state.floor_ms = r.svarint();
        state.last_ms = r.svarint();
        state.sequence = r.varint();
        if (table_) restorer_.put_recovery_state(*table_, state);
        break;
      }
      case RecordKind::RecoveryChanges: {
        if (number(r.varint()) != table_incarnation_) throw FormatError("recovery records without their table");
        while (!r.done()) {
          engine::RecoveryLog::Change change = read_recovery_change(r);
          if (table_) {
            change.storage_key = keys_.key(change.storage_key, *table_);
            restorer_.put_recovery_change(*table_, std::move(change), true);
          }
          ++totals_.recovery_records;
        }
        break;
      }
      case RecordKind::Backup: {
        end_backup();
        backup_ = read_backup(r);
        backup_items_ = std::make_shared<engine::StoredItems>();
        ++totals_.backups;
        break;
      }
      case RecordKind::BackupItems: {
        if (!backup_) throw FormatError("backup items without their backup");
        while (!r.done()) {
          const std::string key = keys_.key(r.bytes(), backup_->table);
          backup_items_->emplace_hint(backup_items_->end(), key, r.bytes());
          ++totals_.backup_items;
        }
        break;
      }
      case RecordKind::Stream: {
        end_backup();
        engine::StreamState state = read_stream_state(r);
        state.incarnation = number(state.incarnation);
        stream_ = restorer_.restore_stream(state);
        stream_incarnation_ = state.incarnation;
        ++totals_.streams;
        break;
      }
      case RecordKind::StreamRecords: {
        if (number(r.varint()) != stream_incarnation_ || !stream_) throw FormatError("records without their stream");
        while (!r.done()) {
          engine::StreamRecord record;
          record.sequence = r.varint();
          record.created_ms = r.svarint();
          record.event = read_event(r);
          record.by_ttl = r.boolean();
          record.keys = r.string();
          const uint8_t images = r.u8();
          if (images & kHasOldImage) record.old_image = r.string();
          if (images & kHasNewImage) record.new_image = r.string();
          stream_->restore_record(std::move(record));
          ++totals_.records;
        }
        break;
      }
      case RecordKind::End: {
        end_backup();
        ImageTotals expected;
        expected.tables = r.varint();
        expected.items = r.varint();
        expected.streams = r.varint();
        expected.records = r.varint();
        if (!r.done()) {  // format 2
          expected.recovery_records = r.varint();
          expected.backups = r.varint();
          expected.backup_items = r.varint();
        }
        if (expected.tables != totals_.tables || expected.items != totals_.items ||
            expected.streams != totals_.streams || expected.records != totals_.records ||
            expected.recovery_records != totals_.recovery_records || expected.backups != totals_.backups ||
            expected.backup_items != totals_.backup_items)
          throw FormatError("the namespace's totals do not match its records");
        if (!r.done()) throw FormatError("trailing bytes in a record");
        return true;
      }
      default:
        throw FormatError("unexpected record kind " + std::to_string(static_cast<int>(kind)) + " in a snapshot");
    }
    if (!r.done()) throw FormatError("trailing bytes in a record");
    return false;
  }

  const ImageTotals& totals() const { return totals_; }

 private:
  uint64_t number(uint64_t saved) {
    if (!next_) return saved;
    auto [it, added] = renumbered_.emplace(saved, *next_);
    if (added) ++*next_;
    return it->second;
  }

  // The backup being read is complete: into the catalog.
  void end_backup() {
    if (!backup_) return;
    if (backup_items_->size() != backup_->item_count) throw FormatError("a backup's items do not match its count");
    backup_->items = std::move(backup_items_);
    restorer_.put_backup(std::move(*backup_));
    backup_.reset();
  }

  engine::Restorer& restorer_;
  std::optional<engine::Backup> backup_;  // being read: its items follow
  std::shared_ptr<engine::StoredItems> backup_items_;
  std::optional<uint64_t> next_;
  const KeyReader& keys_;
  std::unordered_map<uint64_t, uint64_t> renumbered_;
  bool started_ = false;
  engine::Table* table_ = nullptr;  // null: ignored (engine/restore.h)
  uint64_t table_incarnation_ = 0;
  engine::Stream* stream_ = nullptr;
  uint64_t stream_incarnation_ = 0;
  ImageTotals totals_;
};

namespace {

// Checks every frame of an image and counts the incarnations it numbers.
uint64_t check_image(std::string_view image) {
  FrameReader frames(image, 0);
  uint64_t incarnations = 0;
  bool ended = false;
  while (auto payload = frames.next()) {
    if (ended) throw FormatError("records after the end of an image");
    RecordKind kind = kind_of(*payload);
    if (kind == RecordKind::Table || kind == RecordKind::Stream) ++incarnations;
    ended = kind == RecordKind::End;
  }
  if (frames.torn() || !ended) throw FormatError("an incomplete image");
  return incarnations;
}

void load_image(std::string_view image, engine::Restorer& restorer, uint64_t first, const KeyReader& keys) {
  ImageReader reader(restorer, first, keys);
  FrameReader frames(image, 0);
  while (auto payload = frames.next()) reader.record(*payload);
}

}  // namespace

ImageTotals write_namespace(const std::string& name, engine::Database& database, std::string& out,
                            engine::FunctionRef<void(std::string&)> flush) {
  ImageTotals totals;
  write_namespace_record(out, name, database, database.streams().sequence());
  for (const auto& table : database.tables()) write_table(*table, true, out, totals, flush);
  for (const auto& stream : database.streams().list(std::nullopt)) write_stream(*stream, out, totals, flush);
  write_backups(database.backups().all(), out, totals, flush);
  write_end(out, totals);
  return totals;
}

std::string capture(engine::Database& database) {
  std::string out;
  ImageTotals totals;
  auto keep = [](std::string&) {};
  database.freeze([&](const std::vector<std::shared_ptr<engine::Table>>& tables) {
    write_namespace_record(out, "", database, database.streams().sequence());
    for (const auto& table : tables) write_table(*table, false, out, totals, keep);
    for (const auto& stream : database.streams().list(std::nullopt)) write_stream(*stream, out, totals, keep);
    write_backups(database.backups().all(), out, totals, keep);
  });
  write_end(out, totals);
  return out;
}

void restore(engine::Database& database, std::string_view image) {
  const uint64_t incarnations = check_image(image);
  engine::Restorer restorer(database);
  restorer.clear();
  const uint64_t first = restorer.reserve_incarnations(incarnations);
  load_image(image, restorer, first, KeyReader{});  // an image of this process: today's keys
  if (engine::CommitLog* log = database.commit_log()) log->restored(first, image);
}

Loader::Loader(std::function<engine::Database&(const std::string&)> database_for)
    : database_for_(std::move(database_for)) {}

Loader::~Loader() = default;

engine::Restorer& Loader::restorer(const std::string& name) {
  auto it = restorers_.find(name);
  if (it == restorers_.end())
    it = restorers_.emplace(name, std::make_unique<engine::Restorer>(database_for_(name))).first;
  return *it->second;
}

void Loader::snapshot_record(std::string_view payload) {
  const RecordKind kind = kind_of(payload);
  if (snapshot_ended_) throw FormatError("records after the end of the snapshot");
  if (kind == RecordKind::SnapshotEnd) {
    ByteReader r(payload.substr(1));
    if (image_ || r.varint() != namespaces_ || !r.done()) throw FormatError("the snapshot's end does not match it");
    snapshot_ended_ = true;
    return;
  }
  if (kind == RecordKind::Namespace && !image_) {
    ByteReader r(payload.substr(1));
    image_ = std::make_unique<ImageReader>(restorer(r.string()), std::nullopt, keys_);
  }
  if (!image_) throw FormatError("a record outside any namespace");
  if (image_->record(payload)) {
    const ImageTotals& t = image_->totals();
    snapshot_totals_.tables += t.tables;
    snapshot_totals_.items += t.items;
    snapshot_totals_.streams += t.streams;
    snapshot_totals_.records += t.records;
    image_.reset();
    ++namespaces_;
  }
}

void Loader::snapshot_done() {
  if (!snapshot_ended_) throw FormatError("the snapshot ends early");
}

void Loader::log_record(std::string_view payload) {
  ByteReader r(payload);
  const auto kind = static_cast<RecordKind>(r.u8());
  engine::Restorer& restorer = this->restorer(r.string());
  switch (kind) {
    case RecordKind::Items:
      while (!r.done()) {
        const uint64_t table = r.varint();
        const uint8_t flags = r.u8();
        const std::string_view key = r.bytes();
        std::optional<std::string_view> item;
        if (flags & kChangeHasNewItem) item = r.bytes();
        engine::Table* t = restorer.find(table);
        const std::string stored_key = t ? keys_.key(key, *t) : std::string(key);
        if (t) restorer.put(*t, stored_key, item);
        std::optional<uint64_t> stream;
        engine::StreamRecord record;
        if (flags & kChangeStreamed) {
          stream = r.varint();
          record.sequence = r.varint();
          record.created_ms = r.svarint();
          record.event = read_event(r);
          record.keys = r.string();
        }
        std::optional<std::string_view> old_item;
        if (flags & kChangeHasOldItem) old_item = r.bytes();
        if (stream) {
          if (item) record.new_image.emplace(*item);
          record.by_ttl = flags & kChangeByTtl;
          restorer.raise_sequence(record.sequence);
          if (engine::Stream* s = restorer.find_stream(*stream)) {
            if (old_item && s->with_old_images()) record.old_image.emplace(*old_item);
            s->restore_record(std::move(record));
          }
        }
        if (flags & kChangeRecovered) {
          engine::RecoveryLog::Change change;
          change.sequence = r.varint();
          change.time_ms = r.svarint();
          change.storage_key = stored_key;
          if (old_item) change.old_item.emplace(*old_item);
          if (t) restorer.put_recovery_change(*t, std::move(change), false);
        }
      }
      break;
    case RecordKind::TableDefined: {
      const uint64_t table = r.varint();
      engine::TableDefinition definition = read_definition(r);
      if (r.boolean()) {
        engine::StreamState state;
        state.incarnation = r.varint();
        state.table_name = definition.name;
        state.label = definition.stream_label;
        state.view_type = definition.stream.view_type;
        state.key_schema_elements = definition.key_schema_elements;
        state.key_schema = definition.key_schema;
        state.starting_sequence = r.varint();
        state.created_ms = r.svarint();
        restorer.restore_stream(state);
      }
      if (!r.done()) read_global_table(r, definition);  // format 4, a global table's
      restorer.define(table, std::move(definition));
      break;
    }
    case RecordKind::TableDeleted:
      restorer.remove(r.varint());
      break;
    case RecordKind::Cleared:
      restorer.clear();
      break;
    case RecordKind::BackupAdded: {
      engine::Backup backup = read_backup(r);
      auto items = std::make_shared<engine::StoredItems>();
      while (!r.done()) {
        const std::string key = keys_.key(r.bytes(), backup.table);
        items->emplace_hint(items->end(), key, r.bytes());
      }
      if (items->size() != backup.item_count) throw FormatError("a backup's items do not match its count");
      backup.items = std::move(items);
      restorer.put_backup(std::move(backup));
      break;
    }
    case RecordKind::BackupRemoved:
      restorer.remove_backup(r.string());
      break;
    case RecordKind::Restored: {
      const uint64_t first = r.varint();
      std::string_view image = r.bytes();
      const uint64_t incarnations = check_image(image);
      restorer.clear();
      load_image(image, restorer, first, keys_);
      restorer.raise_incarnation(first + incarnations - 1);
      break;
    }
    default:
      throw FormatError("unexpected record kind " + std::to_string(static_cast<int>(kind)) + " in a log");
  }
  if (!r.done()) throw FormatError("trailing bytes in a record");
  ++log_records_;
}

std::vector<std::string> Loader::namespaces() const {
  std::vector<std::string> names;
  for (const auto& [name, restorer] : restorers_) names.push_back(name);
  return names;
}

void Loader::file_version(uint32_t version) {
  if (version < 2) old_format_ = true;
  keys_.rehash = version < 3;
}

void Loader::finish() {
  if (old_format_)
    for (auto& [name, restorer] : restorers_) restorer->recovery_logs_lost();
  restorers_.clear();
}

}  // namespace minnow::persist
