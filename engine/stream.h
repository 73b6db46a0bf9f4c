// DynamoDB Streams: a table's change log.
//
// A Stream is one enabling of a table's stream (enable, disable, enable again: two streams). It
// has one shard and keeps the records of the item changes made while it was enabled, for 24
// hours (by the Clock). Table::commit appends one record per changed item under the table's
// exclusive lock, so the order of the records is the commit order; sequence numbers come from
// one counter per Database, so they increase across all streams too. Disabling closes the shard
// (it gets an ending sequence number); a closed stream stays readable and describable, also
// after its table is deleted: the StreamRegistry (owned by the Database) keeps every stream.
//
// Records hold encoded items (model/item_codec.h), as the view type carries them. No JSON here.
//
// Thread-safe. A Stream's mutable state (records, closed) is protected by its own mu_. Lock
// order: a table's mutex, then its stream's, never the other way round. The registry's mu_ is
// never held while taking a stream's or a table's.
#pragma once

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/clock.h"
#include "engine/function_ref.h"
#include "engine/stream_record.h"
#include "engine/stream_records.h"
#include "engine/table_definition.h"

namespace minnow::engine {

inline constexpr int64_t kStreamRetentionMs = 24LL * 3600 * 1000;

// What Stream::append made of a change, for the commit log (sequence 0: no record, the stream
// being closed).
struct StreamAppend {
  uint64_t sequence = 0;
  int64_t created_ms = 0;
  StreamEvent event = StreamEvent::Insert;
  std::string keys;  // the record's key attributes, encoded
};

// Everything about a stream but its records: what persist/ saves and restores.
struct StreamState {
  uint64_t incarnation = 0;  // engine/commit_log.h
  std::string table_name;
  std::string label;
  std::string view_type;
  std::vector<KeySchemaElement> key_schema_elements;
  model::KeySchema key_schema;
  int64_t created_ms = 0;
  uint64_t starting_sequence = 0;
  std::optional<uint64_t> ending_sequence;
  uint64_t trimmed_through = 0;
};

// Sequence numbers as DynamoDB Streams spells them: decimal, 21 digits, zero-padded.
std::string format_sequence_number(uint64_t sequence);
// Null unless `text` is 21 to 40 decimal digits whose value fits 64 bits.
std::optional<uint64_t> parse_sequence_number(std::string_view text);

class Stream {
 public:
  Stream(const Clock& clock, std::atomic<uint64_t>& sequence, const TableDefinition& table, int64_t created_ms,
         uint64_t incarnation);
  // A stream as it was saved (persist/); it takes no sequence number.
  Stream(const Clock& clock, std::atomic<uint64_t>& sequence, const StreamState& state);

  // Constant after construction.
  uint64_t incarnation() const { return incarnation_; }
  const std::string& table_name() const { return table_name_; }
  const std::string& label() const { return label_; }
  const std::string& view_type() const { return view_type_; }
  // Whether its records carry the item as it was (OLD_IMAGE, NEW_AND_OLD_IMAGES) and as it is.
  bool with_old_images() const { return view_type_ == "OLD_IMAGE" || view_type_ == "NEW_AND_OLD_IMAGES"; }
  bool with_new_images() const { return view_type_ == "NEW_IMAGE" || view_type_ == "NEW_AND_OLD_IMAGES"; }
  const std::vector<KeySchemaElement>& key_schema() const { return key_schema_elements_; }
  int64_t created_ms() const { return created_ms_; }
  const std::string& shard_id() const { return shard_id_; }
  uint64_t starting_sequence() const { return starting_sequence_; }

  bool enabled() const;
  // Set once the stream is closed.
  std::optional<uint64_t> ending_sequence() const;

  // One record for a change of an item: old and new are its encoded forms (nullopt: absent). The
  // caller holds its table's exclusive lock and has checked that something changed.
  StreamAppend append(std::optional<std::string_view> old_encoded, std::optional<std::string_view> new_encoded,
                      bool by_ttl);
  // Disables the stream: the shard ends at the last record (or at its start when empty).
  void close();

  // Positions: a shard iterator reads the records whose sequence number is >= its position.
  // `visible_until_ms`: under a consistency lag (requests/consistency.h) a record becomes
  // readable only once this late; the newer ones are not in the shard yet.
  uint64_t trim_horizon_position();  // the oldest record kept
  // Just after the newest record readable.
  uint64_t latest_position(int64_t visible_until_ms = kAllVisible);

  struct ReadResult {
    enum class Status { Ok, Trimmed } status = Status::Ok;
    std::vector<StreamRecord> records;
    uint64_t next_position = 0;
    bool shard_ended = false;  // closed and every record read: no next iterator
  };
  // Up to `limit` records from `position` on, as far as they are readable; Trimmed when records
  // from there were dropped.
  ReadResult read(uint64_t position, std::size_t limit, int64_t visible_until_ms = kAllVisible);
  static constexpr int64_t kAllVisible = std::numeric_limits<int64_t>::max();

  // For persist/: the stream's state, and up to `limit` records with sequence numbers above
  // `after`, in order (returns how many were visited).
  StreamState state() const;
  std::size_t visit_records(uint64_t after, std::size_t limit, FunctionRef<void(const StreamRecord&)> visit) const;
  // Puts back a record as it was saved or logged (its event id and size are derived again);
  // ignored when the stream has it already (a sequence number not above its last) or ended
  // before it.
  void restore_record(StreamRecord record);
  // For engine/database_image: every record kept, sharing their chunks (O(records / 256)); and
  // such records put into a stream just restored (StreamRegistry::restore), which has none.
  StreamRecords records() const;
  void restore_records(const StreamRecords& records);

 private:
  StreamRecord make_record(StreamEvent event, std::string keys, std::optional<std::string_view> old_image,
                           std::optional<std::string_view> new_image, bool by_ttl) const;
  void number_record(StreamRecord& record) const;  // its event id, from its sequence number

  void trim_locked(int64_t now_ms);  // drops records older than the retention. Requires mu_.

  const Clock& clock_;
  std::atomic<uint64_t>& sequence_;
  const std::string table_name_;
  const std::string label_;
  const std::string view_type_;
  const std::vector<KeySchemaElement> key_schema_elements_;
  const model::KeySchema key_schema_;
  const int64_t created_ms_;
  const std::string shard_id_;
  const uint64_t starting_sequence_;
  const uint64_t incarnation_;

  mutable std::mutex mu_;
  StreamRecords records_;            // Protected by mu_.
  uint64_t trimmed_through_ = 0;      // highest sequence dropped by retention. Protected by mu_.
  std::optional<uint64_t> ending_;    // Protected by mu_.
};

// Every stream of a Database, in creation order.
class StreamRegistry {
 public:
  // `incarnations` numbers the streams it opens (engine/commit_log.h): the Database's counter.
  StreamRegistry(const Clock& clock, std::atomic<uint64_t>& incarnations)
      : clock_(clock), incarnations_(incarnations) {}

  // A new, enabled stream for the table as defined (label and view type from def.stream*).
  std::shared_ptr<Stream> open(const TableDefinition& def);
  std::shared_ptr<Stream> find(const std::string& table_name, const std::string& label) const;
  // For persist/ (engine/restore.h): a saved stream put back, or the one of that incarnation
  // if there is one already; the stream of an incarnation; the open stream of a table.
  std::shared_ptr<Stream> restore(const StreamState& state);
  std::shared_ptr<Stream> find_incarnation(uint64_t incarnation) const;
  std::shared_ptr<Stream> find_open(const std::string& table_name, const std::string& label) const;
  // The last sequence number given out, and a floor for the next ones.
  uint64_t sequence() const { return sequence_.load(); }
  void raise_sequence(uint64_t at_least);
  // All streams (or a table's), oldest first.
  std::vector<std::shared_ptr<Stream>> list(const std::optional<std::string>& table_name) const;
  void clear();

 private:
  const Clock& clock_;
  std::atomic<uint64_t>& incarnations_;
  std::atomic<uint64_t> sequence_{100};  // so that small numbers belong to no shard
  mutable std::mutex mu_;
  std::vector<std::shared_ptr<Stream>> streams_;  // Protected by mu_.
};

}  // namespace minnow::engine
