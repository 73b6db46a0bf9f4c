// Table definitions and stream states in bytes (docs/persistence.md): every field, in a fixed
// order; the file's format version says which.
#pragma once

#include <string>

#include "engine/backups.h"
#include "engine/stream.h"
#include "engine/table_definition.h"
#include "persist/bytes.h"

namespace minnow::persist {

void write_definition(ByteWriter& w, const engine::TableDefinition& definition);
engine::TableDefinition read_definition(ByteReader& r);
// A global table's membership (format 4: its replicas' regions, a 2017.11.29 group's time), which
// a Table and a TableDefined record carry after the rest only when the table has one: the records
// of every other table are as format 3 wrote them. A backup's definition never carries it (a
// restored table is a table of its own).
bool has_global_table(const engine::TableDefinition& definition);
void write_global_table(ByteWriter& w, const engine::TableDefinition& definition);
void read_global_table(ByteReader& r, engine::TableDefinition& definition);

// Everything of a stream but its records (those are written one by one, engine::StreamRecord).
void write_stream_state(ByteWriter& w, const engine::StreamState& state);
engine::StreamState read_stream_state(ByteReader& r);

// A backup's description and its table's definition, without its items (format 2).
void write_backup(ByteWriter& w, const engine::Backup& backup);
engine::Backup read_backup(ByteReader& r);

}  // namespace minnow::persist
