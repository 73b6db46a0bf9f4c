#include "persist/namespace_log.h"

#include "persist/bytes.h"
#include "engine/backups.h"
#include "persist/definition_codec.h"
#include "persist/frames.h"
#include "persist/image.h"
#include "persist/records.h"

namespace minnow::persist {

namespace {

// A thread's record buffer above this is freed after its record, not kept for the next one.
constexpr std::size_t kKeptItemsBufferBytes = 1u << 20;

// The item record being built on this thread (begin_items .. end_items).
struct ItemsBuffer {
  std::string bytes;
  std::size_t frame = 0;
  std::size_t changes = 0;
};
thread_local ItemsBuffer tl_items;

// One record of `kind` for namespace `name`, built by `fill`.
template <class Fill>
std::string build_record(RecordKind kind, const std::string& name, Fill fill) {
  std::string out;
  std::size_t frame = begin_frame(out);
  ByteWriter w(out);
  w.u8(static_cast<uint8_t>(kind));
  w.bytes(name);
  fill(w);
  end_frame(out, frame);
  return out;
}

// The same, appended to `writer`.
template <class Fill>
void append_record(LogWriter& writer, RecordKind kind, const std::string& name, Fill fill) {
  writer.append(build_record(kind, name, fill));
}

}  // namespace

void NamespaceLog::begin_items() {
  ItemsBuffer& b = tl_items;
  b.bytes.clear();
  b.changes = 0;
  b.frame = begin_frame(b.bytes);
  ByteWriter w(b.bytes);
  w.u8(static_cast<uint8_t>(RecordKind::Items));
  w.bytes(name_);
}

void NamespaceLog::item_changed(const engine::ItemChange& change) {
  ItemsBuffer& b = tl_items;
  ByteWriter w(b.bytes);
  // The old item is logged when a stream record or the recovery log's undo needs it.
  const bool old_item = change.old_item && ((change.record && change.stream->with_old_images()) ||
                                            change.recovery);
  w.varint(change.table);
  w.u8((change.new_item ? kChangeHasNewItem : 0) | (change.by_ttl ? kChangeByTtl : 0) |
       (change.record ? kChangeStreamed : 0) | (old_item ? kChangeHasOldItem : 0) |
       (change.recovery ? kChangeRecovered : 0));
  w.bytes(change.storage_key);
  if (change.new_item) w.bytes(*change.new_item);
  if (change.record) {
    w.varint(change.stream->incarnation());
    w.varint(change.record->sequence);
    w.svarint(change.record->created_ms);
    w.u8(static_cast<uint8_t>(change.record->event));
    w.bytes(change.record->keys);
  }
  if (old_item) w.bytes(*change.old_item);
  if (change.recovery) {
    w.varint(change.recovery->sequence);
    w.svarint(change.recovery->time_ms);
  }
  ++b.changes;
}

void NamespaceLog::end_items() {
  ItemsBuffer& b = tl_items;
  if (b.changes > 0) {
    end_frame(b.bytes, b.frame);
    if (b.bytes.size() > kKeptItemsBufferBytes) {
      writer_.append(std::move(b.bytes));  // a restored table, say: written from here, not copied
      b.bytes = std::string();
    } else {
      writer_.append(std::string_view(b.bytes));
    }
  }
  if (b.bytes.capacity() > kKeptItemsBufferBytes) {
    b.bytes.clear();
    b.bytes.shrink_to_fit();
  }
}

void NamespaceLog::table_defined(uint64_t table, const engine::TableDefinition& definition,
                                 const engine::Stream* opened) {
  append_record(writer_, RecordKind::TableDefined, name_, [&](ByteWriter& w) {
    w.varint(table);
    write_definition(w, definition);
    w.boolean(opened != nullptr);
    if (opened) {
      w.varint(opened->incarnation());
      w.varint(opened->starting_sequence());
      w.svarint(opened->created_ms());
    }
    if (has_global_table(definition)) write_global_table(w, definition);
  });
}

void NamespaceLog::table_deleted(uint64_t table) {
  append_record(writer_, RecordKind::TableDeleted, name_, [&](ByteWriter& w) { w.varint(table); });
}

void NamespaceLog::cleared() {
  append_record(writer_, RecordKind::Cleared, name_, [](ByteWriter&) {});
}

void NamespaceLog::restored(uint64_t first_incarnation, std::string_view image) {
  append_record(writer_, RecordKind::Restored, name_, [&](ByteWriter& w) {
    w.varint(first_incarnation);
    w.bytes(image);
  });
}

// Logged as /_minnow/restore logs an image: the state just installed, numbered afresh (which
// restores it once more, O(data), only with -dbPath). restore() tells restored() above.
void NamespaceLog::installed(engine::Database& database) { restore(database, capture(database)); }

}  // namespace minnow::persist

namespace minnow::persist {

std::string NamespaceLog::backup_record(const engine::Backup& backup) {
  return build_record(RecordKind::BackupAdded, name_, [&](ByteWriter& w) {
    write_backup(w, backup);
    if (backup.items)
      for (const auto& [key, item] : *backup.items) {
        w.bytes(key);
        w.bytes(item);
      }
  });
}

void NamespaceLog::backup_added(std::string record) { writer_.append(std::move(record)); }

void NamespaceLog::backup_removed(const std::string& arn) {
  append_record(writer_, RecordKind::BackupRemoved, name_, [&](ByteWriter& w) { w.bytes(arn); });
}

}  // namespace minnow::persist
