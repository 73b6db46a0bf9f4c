// A Database's state at one instant, in memory: what fork, checkpoint and rewind hand around
// (issue 38, docs/plans/fork-and-rewind.md).
//
// An image shares what it can with the database it came from and with every database it is
// installed into: a table's items and its secondary indexes' entries are persistent maps
// (engine/shared_tree.h), copied in O(1), and later writes on either side copy only the nodes
// they change; a stream's records are shared 256 at a time (engine/stream_records.h). So
// capturing or installing an image costs O(tables + indexes + backups + stream records / 256 +
// recovery records + partitions + vectors), never O(items).
//
// An image holds what persist/ saves of a namespace (persist::capture): tables, items, indexes,
// streams and their records, point-in-time recovery logs, backups and the sequence floor. Not
// the transfer records, the idempotency tokens or the item holds.
//
// An image is immutable once captured and may be shared between threads; installing it does not
// change it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/backups.h"
#include "engine/index.h"
#include "engine/item_map.h"
#include "engine/partition_order.h"
#include "engine/recovery_log.h"
#include "engine/stream.h"
#include "engine/table_definition.h"
#include "engine/vector_index.h"

namespace minnow::engine {

class Database;

struct TableImage {
  TableDefinition definition;
  ItemMap items;
  uint64_t size_bytes = 0;                       // the items' stored size (not billed)
  int64_t vector_billing = 0;                    // Table::vector_billing_
  std::vector<SecondaryIndex> indexes;           // LSIs then GSIs, as the table keeps them
  std::vector<VectorIndex> vector_indexes;       // copied: O(vectors)
  std::optional<PartitionOrder> partition_order;  // when the table keeps one
  RecoveryLog recovery;
};

struct StreamImage {
  StreamState state;
  StreamRecords records;  // shared with the stream, chunk by chunk
};

struct DatabaseImage {
  std::vector<TableImage> tables;    // in name order
  std::vector<StreamImage> streams;  // oldest first, also those of deleted tables
  std::vector<Backup> backups;
  uint64_t sequence = 0;             // the last stream sequence number given out

  uint64_t item_count() const;
};

// The database's state, as one instant (Database::freeze).
DatabaseImage capture_image(Database& database);
// Replaces everything the database holds with `image` (as engine/restore.h does, under the
// catalog's exclusive lock): its tables and streams get new incarnations, its stream sequence
// numbers never go back. Then its CommitLog, if any, is told (CommitLog::installed). The
// idempotency tokens and item holds are left to the caller.
void install_image(Database& database, const DatabaseImage& image);

}  // namespace minnow::engine
