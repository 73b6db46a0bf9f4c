// Loading items from outside into a table, as typed requests: ImportTable (into the table it
// creates) and StartBulkPutItems (into an existing one).
//
// The items come from an ItemSource the front end opens (api/movement/item_source.h: the objects
// under a prefix of the S3 stand-in, in their format and compression); the records of the items
// that fail go to the front end's ErrorRecords (an import's log entries, a bulk put's errors
// object). execute() reads every item, puts those that pass the checks DynamoDB makes of an item
// it loads, counts, and adds the operation's record to the Database's catalog of transfers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/function_ref.h"
#include "engine/table.h"
#include "engine/transfers.h"
#include "model/key.h"
#include "requests/context.h"
#include "requests/movement.h"
#include "requests/tables.h"

namespace minnow::requests {

// Where an item came from: the object and the line it starts on.
struct SourceLocation {
  const std::string* key = nullptr;
  std::size_t line = 0;
};

class ItemSource {
 public:
  using Visitor = engine::FunctionRef<void(model::Item* item, const std::string& error, const SourceLocation& where)>;
  virtual ~ItemSource() = default;
  // Hands `visit` every item (null with `error` set: one that cannot be read, an error record)
  // and adds the size of what it reads, as stored, to `total_bytes`. Returns the failure when the
  // source cannot be read at all. `schema` types CSV's key columns.
  virtual std::optional<TransferFailure> read(const model::KeySchema& schema, uint64_t& total_bytes,
                                              Visitor visit) const = 0;
};

class ErrorRecords {
 public:
  virtual ~ErrorRecords() = default;
  virtual void add(const SourceLocation& where, const std::string& message) = 0;
  // After the last item: delivers the records; the failure when they cannot be delivered.
  virtual std::optional<TransferFailure> finish() = 0;
};

struct ImportTableRequest {
  CreateTableRequest table;     // TableCreationParameters, checked as CreateTable checks them
  engine::ImportRecord record;  // what the import's description says, but its counts
  std::shared_ptr<const ItemSource> source;
  std::shared_ptr<ErrorRecords> errors;
};

struct ImportTableResult {
  bool created = false;         // false: a table of that name exists already (nothing done)
  engine::ImportRecord record;  // as added to the catalog, its counts and failure set
};

// Creates the table (its indexes filled as the items arrive), loads it, and deletes it again
// when the source cannot be read (the import FAILED).
ImportTableResult execute(const Context& context, ImportTableRequest request);

struct StartBulkPutItemsRequest {
  std::shared_ptr<engine::Table> table;
  engine::BulkOperationRecord record;  // what the operation's description says, but its counts
  std::shared_ptr<const ItemSource> source;
  std::shared_ptr<ErrorRecords> errors;
};

// The record as added to the catalog: its counts and final status (COMPLETED,
// COMPLETED_WITH_ERRORS, or FAILED with the failure).
engine::BulkOperationRecord execute(const Context& context, StartBulkPutItemsRequest request);

}  // namespace minnow::requests
