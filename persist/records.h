// The records of persist/'s files (docs/persistence.md has their layout): what the log says of
// each committed change, and what a snapshot says of a namespace's state. Every payload starts
// with its kind.
#pragma once

#include <cstdint>

namespace minnow::persist {

enum class RecordKind : uint8_t {
  // Log records: each starts with its namespace.
  Items = 1,         // one write, batch element or transaction: item changes (and their stream records)
  TableDefined = 2,  // a table created or redefined, and the stream it opened
  TableDeleted = 3,
  Cleared = 4,   // every table and stream dropped
  Restored = 5,  // the namespace replaced by an image (snapshot records of one namespace)
  BackupAdded = 6,    // format 2: a backup with its items
  BackupRemoved = 7,  // format 2
  // Snapshot records: a Namespace record, then what belongs to it.
  Namespace = 16,
  Table = 17,
  TableItems = 18,
  Stream = 19,
  StreamRecords = 20,
  End = 21,          // the totals of a namespace's records, which must match
  SnapshotEnd = 22,  // the last record of a snapshot file: how many namespaces it holds
  // Format 2.
  Backup = 23,           // a backup's description, its items in the BackupItems records after it
  BackupItems = 24,
  TableRecovery = 25,    // a table's point-in-time recovery log: its counters ...
  RecoveryChanges = 26,  // ... and its records, a chunk at a time
};

// Flags of one item change in an Items record.
enum ItemChangeFlags : uint8_t {
  kChangeHasNewItem = 1,   // a put: the new item follows (else a delete)
  kChangeByTtl = 2,        // deleted by the TTL sweeper
  kChangeStreamed = 4,     // the change made a stream record: its stamp follows
  // The old item follows: the stream record's old image (when its view type has old images),
  // and the recovery log's undo. Format 1 set it only for a stream record's old image.
  kChangeHasOldItem = 8,
  kChangeRecovered = 16,  // format 2: the change made a point-in-time recovery record: its stamp follows
};

}  // namespace minnow::persist
