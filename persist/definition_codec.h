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

// Everything of a stream but its records (those are written one by one, engine::StreamRecord).
void write_stream_state(ByteWriter& w, const engine::StreamState& state);
engine::StreamState read_stream_state(ByteReader& r);

// A backup's description and its table's definition, without its items (format 2).
void write_backup(ByteWriter& w, const engine::Backup& backup);
engine::Backup read_backup(ByteReader& r);

}  // namespace minnow::persist
